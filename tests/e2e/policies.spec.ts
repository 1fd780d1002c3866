// The policy pages at phone width, JS on and off (the two projects, ADR 081): a visitor reaches each
// page from the footer and back to the others; the owner previews and saves a new version of a page
// and sees it in the admin and, as a visitor, on the page with "Last updated". Each project edits a
// page of its own (no-js the Returns page, js Refund and Cancellation): they run at once on one server.
import { expect, flash, loginAs, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

const PAGES = [
  ['Terms of Service', 'terms'],
  ['Privacy Policy', 'privacy'],
  ['Refund and Cancellation', 'refunds'],
  ['Shipping and Delivery', 'shipping'],
  ['Returns', 'returns'],
  ['Contact Us', 'contact'],
] as const

test('a visitor reaches each policy page from the footer', async ({ page }) => {
  for (const [title, slug] of PAGES) {
    await page.goto('/shop/home')
    await page.getByRole('contentinfo').getByRole('link', { name: title, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/shop/policies/${slug}$`))
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  }
  // Contact Us is written from the shop's settings, with the hours the footer gives.
  await expect(page.getByRole('main').getByText('10 AM to 8 PM, Monday to Saturday').first()).toBeVisible()
  // The shipping page gives the owner's return window (the edit test below rewrites Returns itself).
  await page.getByRole('navigation', { name: 'Our policies' }).getByRole('link', { name: 'Shipping and Delivery' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping and Delivery' })).toBeVisible()
  await expect(page.getByText(/within 7 days of delivery/).first()).toBeVisible()
})

test('the owner edits a policy page and sees the change', async ({ page, openPage }, testInfo) => {
  const [title, slug] = testInfo.project.name === 'no-js' ? PAGES[4] : PAGES[2]
  const mark = `Written on run ${Date.now()}-${testInfo.project.name}`
  await loginAs(page, 'admin')
  await page.goto('/admin/policies')
  await page.getByRole('list', { name: 'Policy pages' }).getByRole('link', { name: title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  const box = page.getByLabel("The page's text")
  await box.fill(`## Our promise\n${mark}\n\n- Photos of the piece\n- <b>Your order number</b>`)
  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('region', { name: 'Preview (not saved)' })
  await expect(preview.getByRole('heading', { name: 'Our promise' })).toBeVisible()
  await expect(preview.getByText('<b>Your order number</b>')).toBeVisible()

  await page.getByLabel("The page's text").fill(`## Our promise\n${mark}\n\n- Photos of the piece\n- <b>Your order number</b>`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(flash(page, 'Saved: the page shows the new version.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'As shoppers see it now' }).getByText(mark)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible()

  const visitor = await openPage()
  await visitor.goto(`/shop/policies/${slug}`)
  await expect(visitor.getByText(mark)).toBeVisible()
  await expect(visitor.getByText('<b>Your order number</b>')).toBeVisible()
  await expect(visitor.getByText(/^Last updated \d{2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible()
})
