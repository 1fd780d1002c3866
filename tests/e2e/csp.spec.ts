import { expect, loginAs, test } from './fixtures'

// The Content-Security-Policy with per-response nonces lets every page hydrate: no violation is
// reported, the root's inline script (allowed by hash) marks html.js, and client navigation works.
test.describe('content security policy', () => {
  test('pages load without a CSP violation, for a visitor, a shopper and the admin', async ({ page, javaScriptEnabled }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text())) violations.push(message.text())
    })
    const scriptsRan = javaScriptEnabled ? /\bjs\b/ : /^(?!.*\bjs\b)/
    await page.goto('/shop/home')
    await expect(page.locator('html')).toHaveClass(scriptsRan)
    await page.getByRole('link', { name: 'Sign Up' }).click()
    await expect(page).toHaveURL(/\/auth\/register$/)
    await loginAs(page, 'shopper')
    await page.goto('/shop/listing')
    await page.goto('/shop/checkout')
    await expect(page.locator('html')).toHaveClass(scriptsRan)
    await page.context().clearCookies()
    await loginAs(page, 'admin')
    await page.goto('/admin/dashboard')
    await expect(page.locator('html')).toHaveClass(scriptsRan)
    expect(violations).toEqual([])
  })
})
