// Issue 30 at 390 px, JS on and off: a shopper asks the product page when a piece reaches her pincode
// (typed as people type it, remembered for the next product), a pincode no courier reaches is refused
// there and at checkout before paying, and checkout says the day the parcel should reach the address
// she chose. The browser tests' shop charges a flat fee (playwright.config.ts); the days are the
// zone's (Bengaluru from the studio's 560001: 2 working days; Imphal, the North-East: 7).
import type { Page } from '@playwright/test'
import { addAddressAtCheckout, addToCart, expect, newShopper, PHONE_390, test } from './fixtures'

test.use({ viewport: PHONE_390 })

const DAY = String.raw`(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)`

async function checkDelivery(page: Page, typed: string) {
  await page.getByLabel('Pincode', { exact: true }).fill(typed)
  await page.getByRole('button', { name: 'Check delivery' }).click()
}

const deliveryLine = (page: Page) => page.getByRole('region', { name: 'Delivery', exact: true }).locator('p').last()

/** 'Tue 8 Dec' out of a sentence naming a day. */
function dayIn(text: string | null): string {
  return new RegExp(DAY).exec(text ?? '')?.[0] ?? ''
}

test('the product page says when a piece reaches a pincode, remembers it, and refuses one no courier reaches', async ({ page, shop }) => {
  const [first, second] = [await shop.product(), await shop.product()]
  await page.goto(first.path)
  await checkDelivery(page, '560 038')
  await expect(deliveryLine(page)).toHaveText(new RegExp(`^Delivery to 560038 by ${DAY}, free$`))
  const bengaluru = dayIn(await deliveryLine(page).textContent())

  await checkDelivery(page, '795-001')
  await expect(deliveryLine(page)).toHaveText(new RegExp(`^Delivery to 795001 by ${DAY}, free$`))
  const imphal = dayIn(await deliveryLine(page).textContent())
  // Farther takes longer: Imphal's day is later than Bengaluru's.
  expect(imphal).not.toBe(bengaluru)

  // The next product remembers the pincode (a cookie), with or without JS: the kept page with her line
  // spliced into its delivery hole (ADR 106), which the browser hydrates without a mismatch.
  const reactErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#41[89]|#42[35]/i.test(message.text())) reactErrors.push(message.text())
  })
  page.on('pageerror', (error) => reactErrors.push(error.message))
  const answer = await page.goto(second.path)
  expect(answer?.headers()['x-cache']).toMatch(/^(HIT|MISS), personal$/)
  await expect(page.getByLabel('Pincode', { exact: true })).toHaveValue('795001')
  await expect(deliveryLine(page)).toHaveText(`Delivery to 795001 by ${imphal}, free`)
  await page.waitForLoadState('networkidle')
  expect(reactErrors).toEqual([])

  await checkDelivery(page, '4000')
  await expect(deliveryLine(page)).toHaveText('Enter a 6-digit pincode')
  await checkDelivery(page, '999 999')
  await expect(deliveryLine(page)).toHaveText('Sorry, our couriers do not deliver to 999999 yet. Please choose another address.')
})

test('checkout names the day the parcel reaches the chosen address, and refuses one no courier reaches before paying', async ({ page, shop }) => {
  const product = await shop.product()
  await newShopper(page, 'Imphal Shopper')
  await addToCart(page, product)
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, { addressLine: '4 Paona Bazar Road', city: 'Imphal', state: 'Manipur', pincode: '795001', phone: '9876543210' })
  const arrival = page.locator('[data-delivery-by]')
  await expect(arrival).toHaveText(new RegExp(`^Expected delivery\\s*by ${DAY}$`))
  // The same day the product page gives for that pincode.
  const atCheckout = dayIn(await arrival.textContent())
  await page.goto(`${product.path}?pincode=795001`)
  await expect(deliveryLine(page)).toHaveText(`Delivery to 795001 by ${atCheckout}, free`)

  // A field post pincode (9...) is no address a courier reaches: refused on the checkout page, and Pay refuses it.
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, { addressLine: 'Field Post Office 56', city: 'Leh', state: 'Ladakh', pincode: '999999', phone: '9876543210' })
  const fieldPost = page.getByRole('radio', { name: /Field Post Office 56/ })
  await fieldPost.check()
  const refusal = 'Sorry, our couriers do not deliver to 999999 yet. Please choose another address.'
  if (await page.getByRole('alert').filter({ hasText: refusal }).count()) {
    await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible()
  } else {
    // Without JS the choice reaches the server with Pay.
    await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
    await expect(page.getByText(refusal).first()).toBeVisible()
  }
  await expect(arrival).toHaveCount(0)
  expect(page.url()).not.toContain('/shop/payment')
})
