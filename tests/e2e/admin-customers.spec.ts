// Issue 32, a shopper's written request answered by the owner at 390 px, JS on and off (the two
// projects): she finds the shopper by email, downloads her data as a JSON file, and deletes her account
// with the typed confirmation (a wrong one comes back next to its field); the shopper's sessions end at
// once, in her browser and for her /api token. axe (WCAG 2.1 AA) on the customers page.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { axeFindings } from './axe'
import { expect, flash, loginAs, newShopper, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

/** The owner signed in, in a tab of her own at 390 px (openPage's tabs take the project's device width). */
async function ownerPage(openPage: () => Promise<Page>): Promise<Page> {
  const admin = await openPage()
  await admin.setViewportSize(PHONE_390)
  await loginAs(admin, 'admin')
  return admin
}

test('the owner finds a shopper, downloads her data and deletes her account; her sessions end', async ({ page, openPage, shop, request }) => {
  test.slow()
  const name = `Ira Request ${Date.now().toString(36)}`
  const shopper = await newShopper(page, name)
  const { token } = await shop.login(shopper.email, shopper.password)
  const checkAuth = () => request.get('/api/auth/check-auth', { headers: { Authorization: `Bearer ${token}` } })
  expect((await checkAuth()).status()).toBe(200)

  const admin = await ownerPage(openPage)
  await admin.goto('/admin/customers')
  await expect(admin.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()
  await admin.getByLabel('Name or email').fill(shopper.email)
  await admin.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(admin).toHaveURL(/\/admin\/customers\?q=/)
  await expect(admin.getByText('1 shopper', { exact: true })).toBeVisible()
  const item = admin.getByRole('listitem').filter({ hasText: shopper.email })
  await expect(item).toContainText(name)
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axeFindings(admin), 'axe on /admin/customers').toEqual([])

  // Her data, as the file she would download herself.
  const [download] = await Promise.all([admin.waitForEvent('download'), item.getByRole('link', { name: 'Download data' }).click()])
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'))
  expect(file.profile).toMatchObject({ name, email: shopper.email })

  // A confirmation that is not DELETE deletes nothing and says so next to its field.
  const confirm = item.getByLabel('Type DELETE to delete')
  await confirm.fill('delete')
  await item.getByRole('button', { name: `Delete account of ${name}` }).click()
  await expect(item.getByText('Type DELETE to confirm', { exact: true })).toBeVisible()
  await expect(item.getByLabel('Type DELETE to delete')).toHaveAttribute('aria-invalid', 'true')
  expect((await checkAuth()).status()).toBe(200)

  await item.getByLabel('Type DELETE to delete').fill('DELETE')
  await item.getByLabel('Her reviews').selectOption({ label: 'Delete' })
  await item.getByRole('button', { name: `Delete account of ${name}` }).click()
  await expect(flash(admin, "The shopper's account is deleted")).toBeVisible()
  // The search for her email finds nobody: her email is gone with her name.
  await expect(admin).toHaveURL(/\/admin\/customers\?q=/)
  await expect(admin.getByText('0 shoppers', { exact: true })).toBeVisible()
  await expect(admin.getByRole('listitem').filter({ hasText: shopper.email })).toHaveCount(0)

  // Her sessions ended at once: her browser is signed out, her /api token refused.
  expect((await checkAuth()).status()).toBe(401)
  await page.goto('/shop/account')
  await expect(page).toHaveURL(/\/auth\/login/)
  await expect(page.getByRole('heading', { name: 'Sign In to Your Account' })).toBeVisible()
})
