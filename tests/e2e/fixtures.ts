import { expect, type Page, test as base } from '@playwright/test'

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
