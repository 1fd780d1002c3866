import {
  addAddressAtCheckout,
  addToCart,
  expect,
  HOME_ADDRESS,
  loginAs,
  MIN_TAP_PX,
  newShopper,
  openFilters,
  openMenu,
  PHONE_390,
  productPath,
  settled,
  type TapTarget,
  tapTargets,
  test,
} from './fixtures'

// Every button and link of the main pages, measured at 390 px: at least 44 px each way (WCAG
// 2.5.5), except inline text links inside a paragraph, which are as tall as the text around them.

interface Measured extends TapTarget {
  page: string
}

async function measure(page: import('@playwright/test').Page, label: string, into: Measured[]) {
  for (const target of await tapTargets(page)) into.push({ ...target, page: label })
}

function report(title: string, measured: Measured[]): string {
  const strict = measured.filter((t) => !t.inline)
  const smallest = [...strict].sort((a, b) => Math.min(a.height, a.width) - Math.min(b.height, b.width)).slice(0, 5)
  const inline = measured.filter((t) => t.inline)
  return [
    `${title}: ${measured.length} controls measured (${inline.length} inline text links allowed)`,
    ...smallest.map((t) => `  smallest: ${t.width}×${t.height} ${t.name} on ${t.page}`),
    ...inline.slice(0, 3).map((t) => `  inline: ${t.width}×${t.height} ${t.name} on ${t.page}`),
  ].join('\n')
}

function tooSmall(measured: Measured[]) {
  return measured
    .filter((t) => !t.inline && (t.height < MIN_TAP_PX || t.width < MIN_TAP_PX))
    .map((t) => `${t.width}×${t.height} ${t.name} on ${t.page}`)
}

test.use({ viewport: PHONE_390 })

test('every control of the shop pages a visitor sees is at least 44 px', async ({ page, shop }, testInfo) => {
  const measured: Measured[] = []
  await page.goto('/shop/home')
  await measure(page, 'home', measured)
  await openMenu(page)
  await measure(page, 'home, menu open', measured)

  await page.goto('/shop/listing')
  await measure(page, 'listing', measured)
  await openFilters(page)
  await measure(page, 'listing, filters open', measured)
  await page.goto('/shop/listing?sortBy=title-atoz')
  await page.getByLabel('Sort by: Title: A to Z').click()
  await measure(page, 'listing, sort open', measured)
  await page.goto('/shop/listing?category=jewellery&availability=on-sale')
  await measure(page, 'listing, filters chosen', measured)

  await page.goto('/shop/search?keyword=resin')
  await measure(page, 'search', measured)
  await page.goto(await productPath(page, 'Ocean Wave Coaster Set'))
  await measure(page, 'product', measured)
  await page.goto('/shop/about-us')
  await measure(page, 'about', measured)
  await page.goto('/shop/custom-order')
  await measure(page, 'custom order', measured)
  await page.goto('/auth/login')
  await measure(page, 'login', measured)
  await page.goto('/auth/register')
  await measure(page, 'register', measured)

  await addToCart(page, await shop.product())
  await page.goto('/shop/cart')
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1)
  await measure(page, 'cart', measured)

  const text = report(`Tap targets (${testInfo.project.name}, visitor)`, measured)
  console.log(text)
  await testInfo.attach('tap-targets.txt', { body: text, contentType: 'text/plain' })
  expect(measured.length).toBeGreaterThan(100)
  expect(tooSmall(measured)).toEqual([])
})

test('every control of the signed-in pages (account, checkout) is at least 44 px', async ({ page, openPage, shop }, testInfo) => {
  const measured: Measured[] = []
  // The demo shopper has a month of orders (the account's order table); only read, never changed.
  await loginAs(page, 'shopper')
  await page.getByLabel('Open user menu').click()
  await measure(page, 'home, user menu open', measured)
  await page.goto('/shop/account')
  await expect(page.getByRole('button', { name: 'View Details' }).or(page.getByRole('link', { name: 'View Details' })).first()).toBeVisible()
  await measure(page, 'account', measured)
  await page.goto('/shop/account?tab=custom')
  await measure(page, 'account, custom orders', measured)

  // A fresh shopper with one line in the cart for the checkout page.
  const buyer = await openPage()
  await buyer.setViewportSize(PHONE_390)
  await newShopper(buyer)
  await addToCart(buyer, await shop.product())
  await buyer.goto('/shop/checkout')
  await expect(buyer.getByRole('button', { name: 'Checkout with Razorpay' })).toBeVisible()
  await measure(buyer, 'checkout', measured)

  // Paid through the TEST MODE gateway: the payment success page, then the order's own page.
  await addAddressAtCheckout(buyer, HOME_ADDRESS)
  await buyer.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(buyer).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(buyer).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
  await expect(buyer.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible()
  await measure(buyer, 'payment success', measured)
  await settled(buyer)
  await buyer.getByRole('link', { name: 'View My Orders' }).click()
  await expect(buyer).toHaveURL(/\/shop\/account$/)
  await buyer.getByRole('link', { name: 'View Details' }).first().click()
  await expect(buyer.getByRole('heading', { name: /^Order Details #\d+/ })).toBeVisible()
  await measure(buyer, 'order detail', measured)
  const pages = new Set(measured.map((t) => t.page))
  expect(pages.has('payment success') && pages.has('order detail')).toBe(true)

  const text = report(`Tap targets (${testInfo.project.name}, shopper)`, measured)
  console.log(text)
  await testInfo.attach('tap-targets.txt', { body: text, contentType: 'text/plain' })
  expect(measured.length).toBeGreaterThan(30)
  expect(tooSmall(measured)).toEqual([])
})
