// Custom-order requests at phone width, JS on and off (the two projects): a visitor asks for a
// piece with a photo from the home page, the owner finds it from the dashboard and follows it to
// done; bad input (no contact, a text file renamed .png) comes back next to its field; a signed-in
// shopper's details are prefilled and their request, with its status in words, is in Account.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, flash, jsEnabled, loginAs, newShopper, PHONE_390, test, testPng } from './fixtures'

test.use({ viewport: PHONE_390 })

// Each test asks from an address of its own (the server trusts X-Forwarded-For from loopback): a
// request refused for its photo counts against its address's 5 an hour, and both projects' tests
// and their retries would otherwise share one address.
test.beforeEach(async ({ page }, testInfo) => {
  const project = testInfo.project.name === 'js' ? 1 : 2
  const test = [...testInfo.title].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 250, 7) + 1
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${project}.${testInfo.retry}.${test}` })
})

const SENT = 'Thank you! Your request is with the studio; we will reply with a price within two working days.'
const UPDATED = 'The custom request is updated.'

/** A day about a month ahead, as the date field takes it. */
function monthAhead(): string {
  return new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

async function fillRequest(page: Page, values: { name?: string; phone?: string; email?: string; description: string; budget: string }) {
  if (values.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(values.name)
  if (values.phone !== undefined) await page.getByLabel('Phone').fill(values.phone)
  if (values.email !== undefined) await page.getByLabel('Email').fill(values.email)
  await page.getByLabel('What would you like?').fill(values.description)
  await page.getByLabel('Occasion (optional)').fill('Anniversary')
  await page.getByLabel('Budget in rupees').fill(values.budget)
  await page.getByLabel('Needed by').fill(monthAhead())
}

/** The admin's page of one request, found in the list by the name of who asked. */
async function openRequest(admin: Page, name: string) {
  await admin.goto('/admin/custom-orders')
  await admin.getByRole('link', { name: new RegExp(`· ${name}$`) }).click()
  await expect(admin.getByRole('heading', { level: 1, name: /^Custom Request #C\d+$/ })).toBeVisible()
}

async function saveRequest(admin: Page, values: { status?: string; price?: string; notes?: string }) {
  if (values.status) await admin.getByLabel('Status').selectOption(values.status)
  if (values.price !== undefined) await admin.getByLabel('Quoted price in rupees').fill(values.price)
  if (values.notes !== undefined) await admin.getByLabel('Notes (only the studio sees them)').fill(values.notes)
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(flash(admin, UPDATED)).toBeVisible()
}

test('a visitor asks for a custom piece with a photo, and the owner follows it to done', async ({ page, openPage }, testInfo) => {
  test.slow()
  const name = `Meera ${testInfo.project.name} ${Date.now().toString(36)}`
  await page.goto('/shop/home')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Ask for a custom piece' }).click()
  await expect(page).toHaveURL(/\/shop\/custom-order$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ask for a Custom Piece' })).toBeVisible()

  await fillRequest(page, {
    name,
    phone: '98450 12345',
    email: `meera-${testInfo.project.name}-${Date.now()}@example.com`,
    description: 'A pendant with the jasmine from our wedding garland, gold flakes, on a thin chain.',
    budget: '2,500',
  })
  await page.getByLabel(/Reference photos/).setInputFiles({ name: 'garland.png', mimeType: 'image/png', buffer: await testPng('#f4e9d8', 900, 600) })
  await page.screenshot({ path: testInfo.outputPath('custom-order-form.png'), fullPage: true })
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(flash(page, SENT)).toBeVisible()
  await expect(page).toHaveURL(/\/shop\/custom-order$/)

  const admin = await openPage()
  await admin.setViewportSize(PHONE_390)
  await loginAs(admin, 'admin')
  await admin.goto('/admin/dashboard')
  const panel = admin.getByRole('region', { name: 'Custom requests' })
  await expect(panel.getByRole('link', { name: /new requests? to answer/ })).toBeVisible()
  await panel.screenshot({ path: testInfo.outputPath('dashboard-panel.png') })
  await panel.getByRole('link', { name: /new requests? to answer/ }).click()
  await expect(admin).toHaveURL(/\/admin\/custom-orders\?status=new$/)
  await expect(admin.getByRole('link', { name: new RegExp(`· ${name}$`) })).toBeVisible()
  await admin.screenshot({ path: testInfo.outputPath('admin-custom-orders.png'), fullPage: true })

  await openRequest(admin, name)
  await expect(admin.getByRole('img', { name: 'Reference 1 from the request' })).toBeVisible()
  await expect(admin.getByText('₹2,500.00')).toBeVisible()
  // Only the moves a new request allows: quoted or declined.
  const options = await admin.getByLabel('Status').locator('option').allTextContents()
  expect(options).toEqual(['Keep: New', 'Quoted', 'Declined'])
  await admin.screenshot({ path: testInfo.outputPath('admin-custom-request.png'), fullPage: true })

  // Quoting without a price is refused next to the price.
  await admin.getByLabel('Status').selectOption('quoted')
  await admin.getByRole('button', { name: 'Save' }).click()
  await expect(admin.getByText('Enter the quoted price before setting this status.')).toBeVisible()

  await saveRequest(admin, { status: 'quoted', price: '3,200', notes: 'Dry the jasmine first.' })
  await expect(admin.getByText('Price quoted ·')).toBeVisible()
  await saveRequest(admin, { status: 'accepted' })
  await expect(admin.getByText('Quoted price: ₹3,200.00')).toBeVisible()
  await saveRequest(admin, { status: 'done' })
  await expect(admin.getByText('Status: Done. This request is closed; its status no longer changes.')).toBeVisible()
  await expect(admin.getByLabel('Notes (only the studio sees them)')).toHaveValue('Dry the jasmine first.')
})

test('bad input comes back next to its field and sends nothing', async ({ page }) => {
  await page.goto('/shop/custom-order')
  // No contact details: with JS the form says so; without JS the browser keeps the form from going.
  await fillRequest(page, { description: 'A wall clock in ocean blue.', budget: '4000' })
  await page.getByRole('button', { name: 'Send Request' }).click()
  if (jsEnabled()) {
    await expect(page.getByText('Name is required')).toBeVisible()
    await expect(page.getByText('Phone is required')).toBeVisible()
    await expect(page.getByText('Email is required')).toBeVisible()
  } else {
    expect(await page.getByLabel('Name', { exact: true }).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)
  }
  await expect(page).toHaveURL(/\/shop\/custom-order$/)

  // A phone that is not Indian, and a text file renamed .png.
  await page.getByLabel('Name', { exact: true }).fill('Ravi Kumar')
  await page.getByLabel('Phone').fill('12345')
  await page.getByLabel('Email').fill('ravi@example.com')
  if (jsEnabled()) {
    await page.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.getByText('Enter a valid Indian phone number')).toBeVisible()
  }
  await page.getByLabel('Phone').fill('+91 98111 22233')
  await page.getByLabel('Needed by').fill(monthAhead())
  await page.getByLabel(/Reference photos/).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
  await page.getByRole('button', { name: 'Send Request' }).click()
  const message = page.locator('#custom-order-photos-error')
  await expect(message).toHaveText('notes.png: This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).')
  await expect(page.getByLabel(/Reference photos/)).toHaveAttribute('aria-invalid', 'true')
  // What was typed is still there.
  await expect(page.getByLabel('What would you like?')).toHaveValue('A wall clock in ocean blue.')
  await expect(page.getByLabel('Phone')).toHaveValue('+91 98111 22233')
  await page.screenshot({ path: test.info().outputPath('custom-order-refused.png'), fullPage: true })
})

test("a signed-in shopper's details are prefilled and the request is listed in Account with its status", async ({ page, openPage }, testInfo) => {
  test.slow()
  const shopper = await newShopper(page, `Asha ${testInfo.project.name} ${Date.now().toString(36)}`)
  await page.goto('/shop/about-us')
  await page.getByRole('main').getByRole('link', { name: 'Ask for a custom piece' }).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shopper.userName)
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email)
  await fillRequest(page, { phone: '9845012345', description: 'A name plate for our new home, teal and gold.', budget: '3500' })
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(page).toHaveURL(/\/shop\/account\?tab=custom$/)
  await expect(flash(page, SENT)).toBeVisible()
  const list = page.getByRole('main').getByRole('listitem').filter({ hasText: 'A name plate for our new home' })
  await expect(list).toContainText('Status: Received, not yet priced')

  const admin = await openPage()
  await loginAs(admin, 'admin')
  await openRequest(admin, shopper.userName)
  await expect(admin.getByText('by a signed-in shopper')).toBeVisible()
  await saveRequest(admin, { status: 'quoted', price: '3800' })

  await page.reload()
  await expect(list).toContainText('Status: Price quoted · Price: ₹3,800.00')
  await page.screenshot({ path: testInfo.outputPath('account-custom-orders.png'), fullPage: true })
})

// Issue 31: a 13.8 MB phone photo. Without JS the server reads and drops it, and answers the form
// with everything typed and the limit beside the photos; with JS the choice is refused before any
// upload (a file the browser cannot shrink), and a real phone photo that large is shrunk and sent.
test('a phone photo over the limit keeps what was typed, and with JS a large photo is shrunk and sent', async ({ page }, testInfo) => {
  // A 17 MB photo handed to the browser, decoded and encoded again there: a minute on a busy 2-core machine.
  test.setTimeout(150_000)
  const tooLarge = 'The photos can be at most 10 MB together. Please choose smaller ones.'
  const email = `big-photo-${testInfo.project.name}-${Date.now().toString(36)}@example.com`
  await page.goto('/shop/custom-order')
  await fillRequest(page, { name: 'Lakshmi N', phone: '+91 98450 12345', email, description: 'A keepsake block with jasmine.', budget: '3200' })
  const photos = page.getByLabel(/Reference photos/)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  // 13.8 MB that no browser can decode (as a damaged or unknown photo would be).
  await photos.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(Math.round(13.8 * 1024 * 1024), 7) })
  if (!jsEnabled()) await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(page.locator('#custom-order-photos-error')).toHaveText(tooLarge)
  await expect(photos).toHaveAttribute('aria-invalid', 'true')
  for (const [label, value] of [
    ['Name', 'Lakshmi N'],
    ['Phone', '+91 98450 12345'],
    ['Email', email],
    ['What would you like?', 'A keepsake block with jasmine.'],
    ['Occasion (optional)', 'Anniversary'],
    ['Budget in rupees', '3200'],
    ['Needed by', monthAhead()],
  ]) {
    await expect(page.getByLabel(label as string, { exact: label === 'Name' }), label).toHaveValue(value as string)
  }
  if (!jsEnabled()) {
    // The browser cannot keep a file in the field across pages: the page says so.
    await expect(page.getByText('Photos are not kept when the form comes back: please choose them again.')).toBeVisible()
    return
  }
  // Refused before upload: nothing was posted, and the field was emptied.
  expect(posts).toEqual([])
  expect(await photos.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0)

  // A real 6-megapixel photo of noise, about 17 MB as a PNG: shrunk to a JPEG under the limit, then sent.
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png({ compressionLevel: 0 })
    .toBuffer()
  expect(photo.length).toBeGreaterThan(13 * 1024 * 1024)
  await photos.setInputFiles({ name: 'IMG_2042.png', mimeType: 'image/png', buffer: photo })
  await expect(page.locator('#custom-order-photos-error')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send Request' })).toBeEnabled()
  const sent = await photos.evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => [file.name, file.type, file.size]))
  expect(sent).toHaveLength(1)
  expect(sent[0]?.slice(0, 2)).toEqual(['IMG_2042.jpg', 'image/jpeg'])
  expect(Number(sent[0]?.[2])).toBeLessThan(10 * 1024 * 1024)
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(flash(page, SENT)).toBeVisible({ timeout: 20_000 })
})
