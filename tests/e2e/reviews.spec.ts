import type { Page } from '@playwright/test'
import { choose, DEMO, expect, flash, jsEnabled, loginAs, PHONE_390, productCard, startTestPayment, test } from './fixtures'

// Verified-buyer reviews on a 390 px phone, with and without JS: a shopper whose order is
// not delivered yet cannot review; once the studio delivers it they rate the piece, everyone sees
// the review with 'Verified buyer' (and the product's schema.org stars), they edit it (still one
// review), the admin hides it with a reason (the shopper sees why) and shows it again, and the
// shopper deletes it.

test.use({ viewport: PHONE_390 })

const statusSelect = (page: Page) => page.getByRole('combobox', { name: /^Order Status\b/ })

async function moveTo(admin: Page, label: string, shipping?: { carrier: string; number: string }) {
  await statusSelect(admin).selectOption({ label })
  if (shipping) {
    await admin.getByLabel('Carrier').fill(shipping.carrier)
    await admin.getByLabel('Tracking number').fill(shipping.number)
  }
  await admin.getByRole('button', { name: 'Update Order Status' }).click()
  await expect(flash(admin, 'Order status is updated successfully!')).toBeVisible()
  // The toast of the move before may still show: the status badge tells that this move is done.
  await expect(admin.locator('dl > div').filter({ has: admin.getByText('Order Status', { exact: true }) }).locator('dd')).toHaveText(label)
}

const reviewsSection = (page: Page) => page.getByRole('region', { name: 'Reviews' })
const latest = (page: Page) => reviewsSection(page).getByRole('list', { name: 'Latest reviews' })

/** The product's schema.org data, as search engines read it. */
async function jsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent()
  return JSON.parse(text ?? '{}')
}

test('a shopper who received a piece reviews, edits and deletes it; everyone sees it; the admin hides it with a reason', async ({ page, openPage, shop }) => {
  test.slow()
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|frame)/i.test(message.text())) violations.push(message.text())
  })
  const words = `Glows like the night sky ${Date.now().toString(36)}`

  // A piece of its own: its reviews and stars are this test's alone.
  const piece = await shop.product()
  await startTestPayment(page, piece)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  const orderId = new URL(page.url()).searchParams.get('order') as string
  const product = piece.path

  // Paid but not delivered: no form, and the reason why.
  await page.goto(product)
  await expect(reviewsSection(page).getByText('Only shoppers who have received this piece can review it.')).toBeVisible()
  await expect(reviewsSection(page).getByRole('button', { name: 'Submit review' })).toHaveCount(0)

  // The studio makes, ships and delivers it.
  const admin = await openPage()
  await loginAs(admin, 'admin')
  await admin.goto(`/admin/orders/${orderId}`)
  await moveTo(admin, 'Being made')
  await moveTo(admin, 'Shipped', { carrier: 'Delhivery', number: 'AWB 1234' })
  await moveTo(admin, 'Delivered')

  // The shopper writes a review: 4 stars and a few words.
  await page.goto(product)
  const write = reviewsSection(page).locator('form').filter({ has: page.getByRole('button', { name: 'Submit review' }) })
  await choose(write.getByRole('group', { name: 'Your rating' }), '4 stars')
  await write.getByLabel('Your review (optional)').fill(words)
  await write.getByRole('button', { name: 'Submit review' }).click()
  await expect(flash(page, 'Thank you! Your review is published.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${product}(#reviews)?$`))
  const mine = latest(page).getByRole('listitem').filter({ hasText: words })
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('Verified buyer')
  await expect(mine).toContainText('Rated 4 out of 5.')
  await expect(reviewsSection(page).getByRole('heading', { name: 'Your review' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  await page.getByRole('region', { name: 'Reviews' }).screenshot({ path: test.info().outputPath('reviews-written.png') })

  // A visitor sees it, with the summary and the stars in the product's schema.org data.
  const visitor = await openPage()
  await visitor.goto(product)
  await expect(latest(visitor).getByRole('listitem').filter({ hasText: words })).toContainText('Verified buyer')
  await expect(reviewsSection(visitor).getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem')).toHaveCount(5)
  await expect(reviewsSection(visitor).getByRole('link', { name: 'Sign in to review it' })).toBeVisible()
  const data = await jsonLd(visitor)
  expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: piece.title, offers: { priceCurrency: 'INR', price: piece.rupees.toFixed(2) } })
  expect(data.aggregateRating).toMatchObject({ '@type': 'AggregateRating', bestRating: 5, worstRating: 1, reviewCount: 1 })
  expect(data.review).toEqual([expect.objectContaining({ reviewBody: words })])

  // Editing it changes the one review: 5 stars, new words.
  const edited = `${words}, and the gold flakes shimmer`
  await reviewsSection(page).getByText('Edit your review').click()
  const edit = reviewsSection(page).locator('form').filter({ has: page.getByRole('button', { name: 'Save review' }) })
  await expect(edit.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await expect(edit.getByLabel('Your review (optional)')).toHaveValue(words)
  await choose(edit.getByRole('group', { name: 'Your rating' }), '5 stars')
  await edit.getByLabel('Your review (optional)').fill(edited)
  await edit.getByRole('button', { name: 'Save review' }).click()
  await expect(flash(page, 'Your review is updated.')).toBeVisible()
  await expect(latest(page).getByRole('listitem').filter({ hasText: words })).toHaveCount(1)
  await expect(latest(page).getByRole('listitem').filter({ hasText: edited })).toContainText('Rated 5 out of 5.')

  // The admin hides it with a reason: gone for everyone, and its author is told why.
  await admin.goto('/admin/reviews')
  const row = admin.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: edited })
  await row.getByText('Hide…').click()
  await row.getByLabel('Reason (the shopper sees it)').fill('Shows a private order detail')
  await row.getByRole('button', { name: 'Hide review' }).click()
  await expect(flash(admin, 'The review is hidden.')).toBeVisible()
  await admin.goto('/admin/reviews?show=hidden')
  const hidden = admin.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: edited })
  await expect(hidden).toContainText('Shows a private order detail')
  await visitor.goto(product)
  await expect(reviewsSection(visitor)).toBeVisible()
  await expect(reviewsSection(visitor).getByText(edited)).toHaveCount(0)
  await page.goto(product)
  await expect(reviewsSection(page).getByText('The studio has hidden your review from the product page: Shows a private order detail')).toBeVisible()

  // Shown again, then deleted by its author.
  await hidden.getByRole('button', { name: 'Show again' }).click()
  await expect(flash(admin, 'The review is shown again.')).toBeVisible()
  await page.goto(product)
  await expect(latest(page).getByRole('listitem').filter({ hasText: edited })).toHaveCount(1)
  // A delete asks first: the disclosure opens the question; nothing is gone until 'Yes, delete'.
  await reviewsSection(page).getByText('Delete your review', { exact: true }).click()
  const ask = reviewsSection(page).getByRole('alertdialog', { name: 'Delete your review' })
  await expect(ask).toContainText('Delete your review? Its stars and words leave the product page for good.')
  await expect(latest(page).getByRole('listitem').filter({ hasText: edited })).toHaveCount(1)
  await ask.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(flash(page, 'Your review is deleted.')).toBeVisible()
  await expect(reviewsSection(page).getByText(edited)).toHaveCount(0)
  await expect(reviewsSection(page).getByRole('button', { name: 'Submit review' })).toBeVisible()
  expect(violations).toEqual([])
})

test("the demo shopper's seeded reviews show on pieces she received, as hers; a bad ?reviews= page is no error", async ({ page }) => {
  await loginAs(page, 'shopper')
  await page.goto('/admin/reviews')
  // A shopper is not the admin.
  await expect(page).toHaveURL(/\/unauth-page$/)
  // The seeded reviews are by the demo shopper, on products delivered to her; find one through the API.
  const products = (await (await page.request.get('/api/shop/products/get')).json()).data as { _id: string; title: string }[]
  let found: { _id: string; title: string } | undefined
  for (const product of products) {
    const reviews = (await (await page.request.get(`/api/shop/review/${product._id}`)).json()).data as { userName: string }[]
    if (reviews.some((r) => r.userName === DEMO.shopper.name)) {
      found = product
      break
    }
  }
  expect(found, 'a seeded review by the demo shopper').toBeTruthy()
  await page.goto(`/shop/product/${found?._id}`)
  const mine = latest(page).getByRole('listitem').filter({ hasText: DEMO.shopper.name })
  await expect(mine.first()).toContainText('Verified buyer')
  await expect(reviewsSection(page).getByRole('heading', { name: 'Your review' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^\d+ reviews?$/ })).toHaveAttribute('href', '#reviews')
  // ?reviews= past the last page shows the last page, never an error.
  await page.goto(`/shop/product/${found?._id}?reviews=99`)
  await expect(mine.first()).toBeVisible()
  await page.goto(`/shop/product/${found?._id}?reviews=nonsense`)
  await expect(mine.first()).toBeVisible()
})

test('a product opened from the listing shows its reviews (in the dialog with JS, on its page without)', async ({ page, shop }) => {
  const piece = await shop.product()
  await page.goto(`/shop/search?keyword=${encodeURIComponent(piece.title)}`)
  await productCard(page, piece.title).getByRole('link', { name: piece.title, exact: true }).click()
  const container = jsEnabled() ? page.getByRole('dialog') : page.getByRole('main')
  const reviews = container.getByRole('region', { name: 'Reviews' })
  await expect(reviews).toBeVisible()
  await expect(reviews.getByText('No reviews yet.', { exact: true })).toBeVisible()
  await expect(reviews.getByRole('link', { name: 'Sign in to review it' })).toBeVisible()

  // The admin's list, on a phone (looked at in the report's screenshots).
  await loginAs(page, 'admin')
  await page.goto('/admin/reviews')
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible()
  // Newest first: another test's review may come before the demo shopper's (the browser projects share the shop).
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').filter({ hasText: DEMO.shopper.name }).first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
  await page.screenshot({ path: test.info().outputPath('admin-reviews.png') })
})
