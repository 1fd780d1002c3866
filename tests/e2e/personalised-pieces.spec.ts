// Personalised pieces at 390 px, JS on and off (ADR 069): the product page asks for the name before
// Add to Cart (a refusal comes back next to the box), two names are two lines, and the names go
// through checkout into the order page and the invoice PDF (read back with pdftotext); the owner
// adds a field in the product sheet.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { addAddressAtCheckout, adminProductCard, cartLink, expect, flash, HOME_ADDRESS, loginAs, newShopper, PHONE_390, settled, test } from './fixtures'

test.use({ viewport: PHONE_390 })

const NAME = 'Name to engrave'

test.describe('personalised pieces', () => {
  test.describe.configure({ timeout: 90_000 })

  test('a shopper personalises two pieces and buys them; the names reach the order and the invoice', async ({ page, shop }) => {
    const product = await shop.product({
      price: 500,
      personalization: [
        { label: NAME, kind: 'text', maxLength: 20, required: true, pricePaise: 5000 },
        { label: 'Date', kind: 'date', required: false },
      ],
    })
    await newShopper(page, 'Priya Sharma')
    await page.goto(product.path)
    const name = page.getByLabel(`${NAME} (+₹50.00)`)
    await expect(name).toHaveAttribute('required', '')
    await expect(name).toHaveAttribute('maxlength', '20')
    await expect(page.getByLabel('Date (optional)')).toHaveAttribute('type', 'date')

    // The server checks too: with the browser's own check taken away, the message comes next to the box.
    await name.evaluate((input) => input.removeAttribute('required'))
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByText(`Please fill in ${NAME}.`)).toBeVisible()
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items')

    await page.getByLabel(`${NAME} (+₹50.00)`).fill('Priya')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await settled(page)
    await page.goto(product.path)
    await page.getByLabel(`${NAME} (+₹50.00)`).fill('प्रिया')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items')
    await settled(page)

    await page.goto('/shop/cart')
    await expect(page.getByText(`${NAME}: Priya`, { exact: true })).toBeVisible()
    await expect(page.getByText(`${NAME}: प्रिया`, { exact: true })).toBeVisible()

    await page.goto('/shop/checkout')
    await addAddressAtCheckout(page, HOME_ADDRESS)
    const lines = page.getByRole('listitem').filter({ hasText: product.title })
    await expect(lines).toHaveCount(2)
    await expect(lines.first()).toContainText(`${NAME}: Priya`)
    await expect(lines.first()).toContainText('₹550.00')
    await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
    await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
    await expect(page.getByRole('heading', { name: /^Pay ₹1,1\d\d\.00$/ })).toBeVisible()
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
    await page.getByRole('link', { name: 'View My Orders' }).click()
    await page.getByRole('link', { name: 'View Details' }).first().click()
    await expect(page.getByText(`${NAME}: Priya`)).toBeVisible()
    await expect(page.getByText(`${NAME}: प्रिया`)).toBeVisible()

    const link = page.getByRole('link', { name: /^Download invoice / })
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: readFileSync(await download.path()) }).toString('utf8')
    expect(text).toContain(`${NAME}: Priya`)
    expect(text).toContain(product.title)
  })
})

test('the owner gives a piece a personalisation field in the product sheet; the product page asks for it', async ({ page, shop, openPage }) => {
  const piece = await shop.product()
  await loginAs(page, 'admin')
  await page.goto(`/admin/products?q=${encodeURIComponent(piece.title)}`)
  await adminProductCard(page, piece.title).getByRole('link', { name: 'Edit' }).click()
  const sheet = page.getByRole('region', { name: 'Edit Product' })
  await sheet.getByRole('button', { name: 'Add personalisation' }).click()
  await sheet.getByLabel('Personalisation 1 label').fill('Initials')
  await sheet.getByLabel('Personalisation 1 max length').fill('3')
  await sheet.getByLabel('Personalisation 1 price add-on (₹)').fill('25')
  await sheet.getByLabel('Required').check()
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(flash(page, 'Product edited successfully')).toBeVisible()

  // A shopper's view (the admin's own pages are the panel's).
  const visitor = await openPage()
  await visitor.goto(piece.path)
  const initials = visitor.getByLabel('Initials (+₹25.00)')
  await expect(initials).toHaveAttribute('required', '')
  await expect(initials).toHaveAttribute('maxlength', '3')
})
