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

// A visitor's browse pages come from the page cache (ADR 042) with script hashes instead of a nonce:
// the kept page's scripts all run under its own policy, and the page works after a hit.
test.describe('content security policy of a cached page', () => {
  test('a page served from the cache hydrates without a violation and adds to the cart', async ({ page, javaScriptEnabled }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text())) violations.push(message.text())
    })
    // Once to fill the cache (the anonymous page is shared), then the hit this browser gets.
    await page.request.get('/shop/listing')
    const response = await page.goto('/shop/listing')
    expect(response?.headers()['x-cache']).toBe('HIT')
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).not.toContain("'nonce-")
    expect(policy).toContain("'sha256-")
    await expect(page.locator('html')).toHaveClass(javaScriptEnabled ? /\bjs\b/ : /^(?!.*\bjs\b)/)
    // With JS the hydrated page adds in place (a fetcher): no new document loads. (A tap before
    // hydration posts the plain form, as it must; the cart forms carry `_fetch` once hydrated.)
    if (javaScriptEnabled) await expect(page.locator('input[name="_fetch"]').first()).toBeAttached()
    let documents = 0
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents++
    })
    await page.getByRole('button', { name: 'Add to cart' }).first().click()
    await expect(page.getByText('Product is added to cart')).toBeVisible()
    await expect(page.getByLabel('Cart, 1 items').first()).toBeVisible()
    expect(documents > 0).toBe(!javaScriptEnabled)
    expect(violations).toEqual([])
  })
})

// A filter form sent without JS writes an odd query (`?category=a&sortBy=<default>`); the listing's
// kept page of the canonical URL answers it (ADR 042): it must hydrate at the odd URL without an error.
test.describe('the kept listing at an odd URL', () => {
  test('hydrates without an error and shows what the filter chose', async ({ page, javaScriptEnabled }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.request.get('/shop/listing?category=jewellery')
    const response = await page.goto('/shop/listing?category=jewellery&sortBy=price-lowtohigh&utm_source=csp')
    expect(response?.headers()['x-cache']).toBe('HIT')
    await expect(page.locator('html')).toHaveClass(javaScriptEnabled ? /\bjs\b/ : /^(?!.*\bjs\b)/)
    // Jewellery only, as the filter asked.
    await expect(page.getByRole('paragraph').filter({ hasText: /^Jewellery$/ }).first()).toBeVisible()
    expect(await page.getByRole('paragraph').filter({ hasText: /^(Home Decor|Gifting & Memories|Special Occasion)$/ }).count()).toBe(0)
    // With JS the router took over at the odd URL: a client navigation works.
    if (javaScriptEnabled) {
      await page.getByRole('link', { name: 'About Us' }).first().click()
      await expect(page).toHaveURL(/\/shop\/about-us$/)
    }
    expect(errors).toEqual([])
  })
})
