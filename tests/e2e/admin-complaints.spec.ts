// Issue 32, the owner's side at 390 px, JS on and off (the two projects): a complaint filed from the
// shop's form shows in /admin/complaints with its ticket; the owner moves it to In progress and resolves
// it with a reply, which the complainant is mailed; a second tab still showing it open gets the 409
// message next to the complaint, not an error page. The dashboard's panel of complaints nearing the
// rules' month. axe (WCAG 2.1 AA) on the complaints page and the dashboard.
import type { Page } from '@playwright/test'
import { axeFindings } from './axe'
import { expect, flash, loginAs, PHONE_390, test, uniqueEmail } from './fixtures'

test.use({ viewport: PHONE_390 })

// Each test complains from an address of its own (the form's limit is per address and hour).
test.beforeEach(async ({ page }, testInfo) => {
  const project = testInfo.project.name === 'js' ? 1 : 2
  const test = [...testInfo.title].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 250, 7) + 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${project + 50}.${testInfo.retry}.${test}` })
})

/** The owner signed in, in a tab of her own at 390 px (openPage's tabs take the project's device width). */
async function ownerPage(openPage: () => Promise<Page>): Promise<Page> {
  const admin = await openPage()
  await admin.setViewportSize(PHONE_390)
  await loginAs(admin, 'admin')
  return admin
}

/** Another tab of the owner's browser (her cookies), at 390 px, on the complaints page. */
async function secondTab(admin: Page): Promise<Page> {
  const tab = await admin.context().newPage()
  await tab.setViewportSize(PHONE_390)
  await tab.goto('/admin/complaints')
  return tab
}

/** Files a complaint through the shop's form as a visitor; resolves to its ticket. */
async function fileComplaint(page: Page, complaint: { name: string; email: string; message: string }): Promise<string> {
  await page.goto('/shop/complaint')
  await page.getByLabel('Name', { exact: true }).fill(complaint.name)
  await page.getByLabel('Email').fill(complaint.email)
  await page.getByLabel('Your complaint').fill(complaint.message)
  await page.getByRole('button', { name: 'Send Complaint' }).click()
  const ticket = page.getByTestId('complaint-ticket')
  await expect(ticket).toHaveText(/^RC-\d{4}-\d{6}$/)
  return (await ticket.textContent()) ?? ''
}

/** A complaint in the admin's list, by its ticket (its heading is '<ticket> · <status>'). */
function complaintItem(admin: Page, ticket: string) {
  return admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: new RegExp(`^${ticket} · `) }) })
}

async function save(admin: Page, ticket: string, change: { status?: string; resolution?: string }) {
  const item = complaintItem(admin, ticket)
  if (change.status) await item.getByLabel('Status').selectOption({ label: change.status })
  if (change.resolution !== undefined) await item.getByLabel(/^Resolution/).fill(change.resolution)
  await item.getByRole('button', { name: `Save ${ticket}` }).click()
}

test('a complaint from the shop is moved to resolved with a reply; a stale tab gets the clear 409 message', async ({ page, openPage }) => {
  test.slow()
  const name = `Kavya ${Date.now().toString(36)}`
  const email = uniqueEmail('complainant')
  const ticket = await fileComplaint(page, { name, email, message: 'The pendant’s chain broke on the first day.' })

  const admin = await ownerPage(openPage)
  await admin.goto('/admin/complaints')
  await expect(admin.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible()
  const item = complaintItem(admin, ticket)
  await expect(item.getByRole('heading')).toHaveText(`${ticket} · Open`)
  await expect(item).toContainText(`from ${name}, ${email}`)
  await expect(item).toContainText('The pendant’s chain broke on the first day.')
  // Only the moves from Open.
  expect(await item.getByLabel('Status').locator('option').allTextContents()).toEqual(['Open', 'In progress', 'Resolved'])
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axeFindings(admin), 'axe on /admin/complaints').toEqual([])

  // A second tab of the same owner, opened now: it shows the complaint open, and two tabs keep it so.
  const stale = await secondTab(admin)
  await expect(complaintItem(stale, ticket).getByRole('heading')).toHaveText(`${ticket} · Open`)
  const staler = await secondTab(admin)

  await save(admin, ticket, { status: 'In progress' })
  await expect(flash(admin, 'Complaint updated')).toBeVisible()
  await expect(item.getByRole('heading')).toHaveText(`${ticket} · In progress`)
  expect(await item.getByLabel('Status').locator('option').allTextContents()).toEqual(['In progress', 'Resolved'])

  // The stale tab keeps 'Open' and writes a note: the complaint moved meanwhile, said next to its status (409).
  const staleItem = complaintItem(stale, ticket)
  await staleItem.getByLabel(/^Resolution/).fill('Called her back.')
  const [moved] = await Promise.all([
    stale.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/complaints')),
    staleItem.getByRole('button', { name: `Save ${ticket}` }).click(),
  ])
  expect(moved.status()).toBe(409)
  await expect(staleItem.getByText('This complaint is now In progress: it changed since this page was opened. Reload the page and choose again.')).toBeVisible()
  await expect(staleItem.getByLabel('Status')).toHaveAttribute('aria-invalid', 'true')

  // Resolving needs the reply the complainant is mailed.
  await save(admin, ticket, { status: 'Resolved', resolution: '' })
  await expect(item.getByText('Say how the complaint was resolved')).toBeVisible()
  await expect(item.getByRole('heading')).toHaveText(`${ticket} · In progress`)
  await save(admin, ticket, { status: 'Resolved', resolution: 'We sent a new chain by courier, AWB 123.' })
  await expect(flash(admin, 'Complaint updated')).toBeVisible()
  await expect(item.getByRole('heading')).toHaveText(`${ticket} · Resolved`)
  await expect(item).toContainText(/Resolved .+: We sent a new chain by courier, AWB 123\./)
  await expect(item.getByRole('button', { name: `Save ${ticket}` })).toHaveCount(0)

  // The other stale tab still offers Open's moves on a resolved complaint: the 409 shows on the page.
  const stalerItem = complaintItem(staler, ticket)
  await stalerItem.getByLabel('Status').selectOption({ label: 'In progress' })
  const [refused] = await Promise.all([
    staler.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/complaints')),
    stalerItem.getByRole('button', { name: `Save ${ticket}` }).click(),
  ])
  expect(refused.status()).toBe(409)
  await expect(staler.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible()
  await expect(
    staler.getByText('This complaint is already resolved: a resolved complaint cannot be moved again. Reload the page to see its resolution.'),
  ).toBeVisible()
  // Nothing changed: read again, it is resolved with the owner's reply.
  await staler.goto('/admin/complaints')
  await expect(stalerItem.getByRole('heading')).toHaveText(`${ticket} · Resolved`)
  await expect(stalerItem).toContainText('We sent a new chain by courier, AWB 123.')

  // The complainant's mails, in the demo mailbox: the acknowledgement at once, then the resolution.
  await admin.goto('/admin/mail')
  const mails = admin.getByRole('list', { name: 'Mails' }).getByRole('link').filter({ hasText: `To ${email}` })
  await expect(mails.filter({ hasText: `We have your complaint ${ticket}` })).toHaveCount(1)
  await expect(mails.filter({ hasText: `Your complaint ${ticket} is resolved` })).toHaveCount(1)
})

test('the dashboard shows the complaints nearing one month, and a new one is not among them', async ({ page, openPage }) => {
  // Two dashboards (the slowest admin page: every panel's figures) and axe over one: 40 s on PostgreSQL under load.
  test.slow()
  const ticket = await fileComplaint(page, { name: 'Dashboard Dhruv', email: uniqueEmail('complainant'), message: 'The coaster set was missing one piece.' })
  const admin = await ownerPage(openPage)
  await admin.goto('/admin/dashboard')
  const panel = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Complaints nearing one month' }) }).last()
  await expect(panel).toBeVisible()
  await expect(panel).toContainText('The rules ask for a complaint to be resolved within 30 days.')
  // Filed today: three weeks short of the panel (the domain's test files them weeks ago).
  await expect(panel).not.toContainText(ticket)
  await panel.getByRole('link', { name: 'All complaints' }).click()
  await expect(admin).toHaveURL(/\/admin\/complaints$/)
  await expect(complaintItem(admin, ticket)).toBeVisible()

  await admin.goto('/admin/dashboard')
  expect(await axeFindings(admin), 'axe on /admin/dashboard').toEqual([])
})
