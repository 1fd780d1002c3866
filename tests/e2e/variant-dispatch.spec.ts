import { indiaDay } from '../../app/lib/dates'
import { addWorkingDays, DISPATCH_MESSAGES, formatDispatchDay } from '../../app/lib/dispatch'
import { choose, expect, jsEnabled, loginAs, openProductSheet, PHONE_390, saveAndReopenSheet, test } from './fixtures'

// A variant's own making time on the product page at 390 px, JS on and off (issue 27): the dispatch
// note follows the chosen size and colour; before the choices settle it, the soonest and latest day.
// The shop has no holidays unless a test sets some (made-to-order.spec.ts saves one years ahead).

test.use({ viewport: PHONE_390 })

const shipsBy = (days: number) => formatDispatchDay(addWorkingDays(indiaDay(new Date()), days, new Set()))

test("the product page says the chosen variant's dispatch day", async ({ page, shop }) => {
  // Small in Teal is made in 5 working days, Small in Amber in 9; Large (Teal only) is ready to ship.
  const piece = await shop.product({
    extra: {
      colors: ['Teal', 'Amber'],
      variety: {
        type: 'size',
        sizes: [
          { size: 'Small', price: 3999, salePrice: 0, stockByColor: { Teal: 3, Amber: 3 } },
          { size: 'Large', price: 3999, salePrice: 0, stockByColor: { Teal: 3 } },
        ],
      },
      variantMadeToOrderDays: [
        { option: 'Small', color: 'Teal', madeToOrderDays: 5 },
        { option: 'Small', color: 'Amber', madeToOrderDays: 9 },
      ],
    },
  })
  await page.goto(piece.path)
  const note = page.locator('[data-dispatch-note]')
  await expect(note).toHaveText(`Ready to ship or made to order · ships between ${shipsBy(1)} and ${shipsBy(9)}`)
  const sizes = page.getByRole('group', { name: 'Size Options' })
  const colours = page.getByRole('group', { name: 'Color Options' })
  await choose(sizes, /^Small/)
  if (!jsEnabled()) {
    // Without JS the page says it for the choices it comes back with: Add to Cart before a colour is chosen.
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByRole('radio', { name: /^Small/ })).toBeChecked()
    await expect(note).toHaveText(`Made to order · ships between ${shipsBy(5)} and ${shipsBy(9)}`)
    return
  }
  await expect(note).toHaveText(`Made to order · ships between ${shipsBy(5)} and ${shipsBy(9)}`)
  await choose(colours, /^Amber/)
  await expect(note).toHaveText(`Made to order · ships by ${shipsBy(9)}`)
  await choose(colours, /^Teal/)
  await expect(note).toHaveText(`Made to order · ships by ${shipsBy(5)}`)
  await choose(sizes, /^Large/)
  await expect(note).toHaveText(`Ready to ship · dispatched by ${shipsBy(1)}`)
})

const GRID = 'Stock per option / colour'

test("the owner gives a variant its own making time in the sheet's stock grid, and a bad one is refused next to its cell", async ({ page, shop }) => {
  // Three visits to the sheet on a 2-core machine.
  test.slow()
  const piece = await shop.product({
    extra: {
      colors: ['Teal', 'Amber'],
      variety: { type: 'size', sizes: [{ size: 'Small', price: 3999, salePrice: 0, stockByColor: { Teal: 3, Amber: 3 } }] },
    },
  })
  await loginAs(page, 'admin')
  let sheet = await openProductSheet(page, piece.title, GRID)
  const amber = sheet.getByLabel('Making days of Small, Amber', { exact: true })
  await expect(amber).toHaveValue('')
  await amber.fill('61')
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(sheet.getByLabel('Making days of Small, Amber', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(sheet.getByText(DISPATCH_MESSAGES.madeToOrderDays)).toBeVisible()

  await sheet.getByLabel('Making days of Small, Amber', { exact: true }).fill('9')
  sheet = await saveAndReopenSheet(page, sheet, piece.title, GRID)
  await expect(sheet.getByLabel('Making days of Small, Amber', { exact: true })).toHaveValue('9')
  await expect(sheet.getByLabel('Making days of Small, Teal', { exact: true })).toHaveValue('')
  // The cell fits a phone: the days box is inside the sheet's width.
  const box = await sheet.getByLabel('Making days of Small, Amber', { exact: true }).boundingBox()
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_390.width)
})

