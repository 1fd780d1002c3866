import { expect, loginAs, PHONE_390, test } from './fixtures'

// Revenue by discount code (issue 28) at 390 px, JS on and off: the dashboard's panel and its period
// links, and each code's revenue and average order on the Discounts page. The figures themselves are
// the domain's (app/domain/dashboard/revenue-by-code.server.test.ts): TEST MODE payments stay out of revenue.

test.use({ viewport: PHONE_390 })

test('the dashboard shows revenue by code for the period the owner picks, and each code its takings', async ({ page, shop }) => {
  const code = await shop.discountCode({ value: 10 })
  await loginAs(page, 'admin')
  await page.goto('/admin/dashboard')
  const panel = page.getByRole('region', { name: 'Revenue by code' })
  await expect(panel.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page')
  // The automatic offers' revenue for the same period (ADR 084).
  await expect(panel.getByRole('region', { name: 'Revenue by offer' }).getByRole('heading', { name: 'Automatic offers' })).toBeVisible()
  await panel.getByRole('link', { name: 'Last 7 days' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard\?codes=7$/)
  await expect(page.getByRole('region', { name: 'Revenue by code' }).getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('region', { name: 'Revenue by code' }).getByRole('link', { name: 'Last 30 days' })).not.toHaveAttribute('aria-current', 'page')
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth).toBeLessThanOrEqual(390)

  await page.goto('/admin/discounts')
  await expect(page.locator(`[data-code="${code}"] [data-takings]`)).toHaveText(/Revenue: ₹0\.00 from 0 paid orders · Average order: ₹0\.00/)
})

test('on a laptop the first screen shows revenue by code beside the daily chart', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await loginAs(page, 'admin')
  await page.goto('/admin/dashboard')
  const panel = page.getByRole('region', { name: 'Revenue by code' })
  await expect(panel.getByRole('heading', { name: 'Revenue by code' })).toBeInViewport({ ratio: 1 })
  await expect(panel.getByRole('navigation', { name: 'Revenue by code period' })).toBeInViewport({ ratio: 1 })
  // Beside the chart, not under it.
  const chart = await page.getByRole('region', { name: 'Daily revenue' }).boundingBox()
  const codes = await panel.boundingBox()
  expect(chart && codes && codes.x > chart.x + chart.width - 1 && Math.abs(codes.y - chart.y) < 1).toBe(true)
})
