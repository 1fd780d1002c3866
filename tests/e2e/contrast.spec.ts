import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { DEMO, expect, fillLogin, jsEnabled, test } from './fixtures'

// Text contrast (WCAG 2.1 AA, axe-core's color-contrast rule) of the main pages at 390 px, light and
// dark, for a shopper and for the owner. In the no-js project the shop's scripts are not loaded (the
// page is the server's HTML, as a phone without JS shows it) and axe alone runs in the page.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Finding {
  page: string
  target: string
  text: string
  ratio: string
}

/** The page's findings in the light theme and then the dark one (the theme follows the OS: 'system'). */
async function contrastFindings(page: Page, label: string): Promise<Finding[]> {
  await page.evaluate(AXE)
  // Colours measured as they end, not halfway through a hover or theme transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' })
  const findings: Finding[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    findings.push(...(await findingsNow(page, `${label} (${colorScheme})`)))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return findings
}

async function findingsNow(page: Page, label: string): Promise<Finding[]> {
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script evaluated above, untyped in the page.
    const axe = (window as any).axe
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })
    return result.violations.flatMap((v: { nodes: { target: string[]; html: string; any: { data?: { contrastRatio?: number } }[] }[] }) =>
      v.nodes.map((n) => ({ target: n.target.join(' '), text: n.html.slice(0, 120), ratio: String(n.any[0]?.data?.contrastRatio ?? '?') })),
    )
  })
  return violations.map((v: Omit<Finding, 'page'>) => ({ page: label, ...v }))
}

async function withoutShopScripts(page: Page) {
  if (!jsEnabled()) await page.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort())
}

const SHOP_PAGES = ['/shop/home', '/shop/listing?category=jewellery', '/shop/about-us', '/shop/custom-order', '/shop/cart', '/shop/account']
const ADMIN_PAGES = ['/admin/dashboard', '/admin/orders', '/admin/products', '/admin/inventory', '/admin/dispatch', '/admin/reviews']

test.describe('text contrast, light and dark', () => {
  test.use({ javaScriptEnabled: true })
  // Seven pages, each measured twice by axe: 22 s on an ordinary run, more than 30 s on a busy machine.
  test.slow()

  test('the shopper pages and one product and order', async ({ page }) => {
    await withoutShopScripts(page)
    await page.goto('/auth/login')
    const findings = await contrastFindings(page, 'login')
    await fillLogin(page, DEMO.shopper.email, DEMO.shopper.password)
    await expect(page).toHaveURL(/\/shop\/home$/)
    for (const path of SHOP_PAGES) {
      await page.goto(path)
      findings.push(...(await contrastFindings(page, path)))
    }
    await page.goto('/shop/listing')
    await page.locator('main article a').first().click()
    findings.push(...(await contrastFindings(page, 'a product')))
    await page.goto('/shop/account')
    // The demo shopper's orders (db/seed/demo-orders.ts).
    await page.getByRole('link', { name: /View Details/i }).first().click()
    await expect(page).toHaveURL(/\/shop\/account\/orders\/[^/]+$/)
    findings.push(...(await contrastFindings(page, 'an order')))
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([])
  })

  test("the owner's pages and one order", async ({ page }) => {
    await withoutShopScripts(page)
    await page.goto('/auth/login')
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password)
    await expect(page).toHaveURL(/\/admin\//)
    const findings: Finding[] = []
    for (const path of ADMIN_PAGES) {
      await page.goto(path)
      findings.push(...(await contrastFindings(page, path)))
    }
    await page.goto('/admin/orders')
    await page.getByRole('link', { name: /View Details/i }).first().click()
    await expect(page).toHaveURL(/\/admin\/orders\/[^/]+$/)
    findings.push(...(await contrastFindings(page, 'an admin order')))
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([])
  })
})
