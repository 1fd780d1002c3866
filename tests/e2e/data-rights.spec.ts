// Issue 32 at phone width, JS on and off (the two projects; ADR 089): a visitor finds the complaint
// form from the footer, a bad email comes back next to its field, and the ticket shows at once; a
// shopper downloads her data as a file, records her consent, and deletes her account (a wrong
// confirmation comes back next to its field), after which she cannot sign in.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, fillLogin, flash, newShopper, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

// Each test complains from an address of its own (the form's limit is per address and hour).
test.beforeEach(async ({ page }, testInfo) => {
  const project = testInfo.project.name === 'js' ? 1 : 2
  const test = [...testInfo.title].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 250, 7) + 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${project + 40}.${testInfo.retry}.${test}` })
})

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

test('a visitor files a complaint from the footer and gets a ticket at once', async ({ page }) => {
  await page.goto('/shop/home')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Make a complaint' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Make a Complaint' })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill('Leela Menon')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Your complaint').fill('The earrings arrived with a chip.')
  await page.getByRole('button', { name: 'Send Complaint' }).click()
  await expect(page.getByText('Enter a valid email address')).toBeVisible()
  await page.getByLabel('Email').fill('leela@example.com')
  await page.getByRole('button', { name: 'Send Complaint' }).click()
  await expect(page.getByTestId('complaint-ticket')).toHaveText(/^RC-\d{4}-\d{6}$/)
  await expectNoSidewaysScroll(page)
})

test('a shopper downloads her data, records her consent and deletes her account', async ({ page }) => {
  const shopper = await newShopper(page, 'Nila Data')
  await page.goto('/shop/account')
  await page.getByRole('link', { name: 'Your data' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your Data' })).toBeVisible()
  await expectNoSidewaysScroll(page)

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8'))
  expect(file.profile).toMatchObject({ name: 'Nila Data', email: shopper.email })

  await page.getByLabel(/Send me mails about new pieces/).check()
  await page.getByRole('button', { name: 'Save my choice' }).click()
  await expect(flash(page, 'Your choice is saved')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your consent record' })).toContainText('Given on')

  await page.getByLabel('Delete them').check()
  await page.getByLabel(/To confirm, type DELETE or your password/).fill('please')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText('Type DELETE or your password to confirm')).toBeVisible()
  await page.getByLabel(/To confirm, type DELETE or your password/).fill('DELETE')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/shop\/home$/)
  await expect(flash(page, 'Your account is deleted. Thank you for shopping with us.')).toBeVisible()

  await page.goto('/auth/login')
  await fillLogin(page, shopper.email, shopper.password)
  await expect(page.getByText('Incorrect email or password! Please try again').first()).toBeVisible()
})
