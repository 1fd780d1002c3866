// The listing's filters on a 390 px phone, JS on and off: the 'Filters' button opens a drawer that
// covers the whole screen (nothing of the grid behind shows or takes a tap), wherever the page was
// scrolled to, and its close button puts the grid back.
import { expect, openFilters, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

test('the filters drawer covers the viewport on a phone', async ({ page }, testInfo) => {
  await page.goto('/shop/listing')
  // Scrolled down the grid first: the drawer is fixed to the screen, not to the page.
  await page.mouse.wheel(0, 600)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  const panel = await openFilters(page)
  const drawer = panel.locator('[data-filters-drawer]')
  await expect(drawer).toBeVisible()
  const box = await drawer.boundingBox()
  expect(box).toEqual({ x: 0, y: 0, width: PHONE_390.width, height: PHONE_390.height })
  // The element on top at the screen's corners and centre is the drawer's own.
  const points = [
    [1, 1],
    [PHONE_390.width - 2, 1],
    [PHONE_390.width / 2, PHONE_390.height / 2],
    [1, PHONE_390.height - 2],
    [PHONE_390.width - 2, PHONE_390.height - 2],
  ]
  for (const [x, y] of points) {
    const inside = await page.evaluate(
      ([px, py]) => Boolean(document.elementFromPoint(px as number, py as number)?.closest('[data-filters-drawer]')),
      [x, y],
    )
    expect(inside, `the drawer is on top at ${x},${y}`).toBe(true)
  }
  await testInfo.attach('filters-open.png', { body: await page.screenshot(), contentType: 'image/png' })
  await panel.getByLabel('Close filters').click()
  await expect(drawer).toBeHidden()
})
