import { expect, type Locator, type Page, test as base } from '@playwright/test'

export const DEMO = {
  admin: { email: 'admin@resincraft.studio', password: 'admin12345', name: 'Studio Admin' },
  shopper: { email: 'shopper@resincraft.studio', password: 'shopper12345', name: 'Priya Sharma' },
} as const

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs in through the login form, as a shopper would. */
export async function loginAs(page: Page, role: keyof typeof DEMO) {
  await page.goto('/auth/login')
  await fillLogin(page, DEMO[role].email, DEMO[role].password)
  await expect(page).toHaveURL(role === 'admin' ? /\/admin\/products$/ : /\/shop\/home$/)
}

export async function register(page: Page, user: { userName: string; email: string; password: string }) {
  await page.goto('/auth/register')
  await page.getByLabel('User Name').fill(user.userName)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
}

/** A flashed message as the shopper sees it: the status region without JS, the toast with it. */
export function flash(page: Page, text: string) {
  return page.getByText(text, { exact: true }).locator('visible=true').first()
}

export const test = base
export { expect }

/** True in the 'js' project, false in 'no-js'. */
export function jsEnabled(): boolean {
  return test.info().project.name === 'js'
}

/** A product card (an article in a grid) by its exact title. */
export function productCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

/** The header's cart link, whose name says how many distinct lines the cart holds. */
export function cartLink(page: Page) {
  return page.getByRole('link', { name: /^Cart, \d+ items?$/ })
}

/** The product page URL of a product, found by searching for its title. */
export async function productPath(page: Page, title: string): Promise<string> {
  await page.goto(`/shop/search?keyword=${encodeURIComponent(title)}`)
  const href = await productCard(page, title).getByRole('link', { name: title, exact: true }).getAttribute('href')
  expect(href).toMatch(/^\/shop\/product\/[^/]+$/)
  return href as string
}

/**
 * Opens the cart as the shopper would: the 'Your Cart' sheet with JS, the /shop/cart page without.
 * Returns the region holding the cart's lines, total and checkout.
 */
export async function openCart(page: Page) {
  await cartLink(page).click()
  if (jsEnabled()) {
    const sheet = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('heading', { name: 'Your Cart' })).toBeVisible()
    await expect(sheet.locator('[aria-busy="true"]')).toHaveCount(0)
    return sheet
  }
  await expect(page).toHaveURL(/\/shop\/cart$/)
  await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible()
  return page.getByRole('main')
}

/** Effective (paid) prices of the product cards shown, in rupees, in page order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => {
        const spans = card.querySelectorAll('p span')
        // The last price shown is the one paid: the sale price when the original is struck through.
        return spans[spans.length - 1]?.textContent ?? ''
      }),
    )
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')))
}

/** Picks a choice (variety or colour) by clicking its label, as a shopper taps the chip. */
export async function choose(group: Locator, name: string | RegExp) {
  await group.locator('label').filter({ hasText: name }).click()
  await expect(group.getByRole('radio', { name })).toBeChecked()
}

/** Unfolds the listing's Filters panel (folded behind its 'Filters' toggle on phones). */
export async function openFilters(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Filters' })
  await panel.locator('label[for="show-filters"]').click()
  await expect(panel.getByRole('group', { name: 'Category' })).toBeVisible()
  return panel
}
