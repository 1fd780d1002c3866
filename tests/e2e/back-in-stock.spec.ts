// Back in stock (issue 27, ADR 066) on a phone, JS on and off: a visitor leaves her address on a sold-out
// piece; once the owner restocks it, one mail reaches the demo mailbox, and the address is forgotten.
import { expect, flash, loginAs, PHONE_390, test, uniqueEmail } from './fixtures'

test('a visitor asks to hear when a sold-out piece is back, and gets one mail once it is', async ({ page, openPage, shop }) => {
  await page.setViewportSize(PHONE_390)
  const piece = await shop.product({ stock: 0 })
  const email = uniqueEmail('waiting')
  await page.goto(piece.path)
  const notify = page.getByRole('region', { name: 'Sold out: tell me when it is back' })
  await notify.getByLabel('Email').fill('not an address')
  await notify.getByRole('button', { name: 'Notify me' }).click()
  // The browser's own check stops a bad address with JS and without; the server's says it next to the field too.
  await expect(notify.getByLabel('Email')).toHaveJSProperty('validity.valid', false)
  await notify.getByLabel('Email').fill(email)
  await notify.getByRole('button', { name: 'Notify me' }).click()
  await expect(flash(page, 'We will mail you once when it is back in stock.')).toBeVisible()

  // The owner restocks it; a second later the mail is queued, once.
  await shop.setStock(piece.id, 3)
  const admin = await openPage()
  await loginAs(admin, 'admin')
  const entry = admin.getByRole('list', { name: 'Mails' }).getByRole('link').filter({ hasText: `To ${email}` })
  await expect(async () => {
    await admin.goto('/admin/mail')
    await expect(entry).toHaveCount(1, { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
  await expect(entry).toContainText(`Back in stock: ${piece.title}`)

  // In stock now: the page offers the cart, not the form.
  await page.goto(piece.path)
  await expect(page.getByRole('region', { name: 'Sold out: tell me when it is back' })).toHaveCount(0)
})

test('the server refuses an address it cannot use, next to the field', async ({ page, shop, request, baseURL }) => {
  const piece = await shop.product({ stock: 0 })
  const answer = await request.post(piece.path, {
    form: { intent: 'notify', shelf: '\u001f', email: 'nobody' },
    headers: { Origin: baseURL ?? '' },
    maxRedirects: 0,
  })
  expect(answer.status()).toBe(400)
  expect(await answer.text()).toContain('Enter a valid email address')
  await page.goto(piece.path)
  await expect(page.getByRole('region', { name: 'Sold out: tell me when it is back' })).toBeVisible()
})
