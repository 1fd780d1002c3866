// Stock holds at checkout (docs/decisions/032), JS on and off: two shoppers have the last piece in
// their carts; the first starts paying and holds it; the second is told on the checkout page, before
// paying, which line cannot be held and that none is left, and the shop shows the piece as held.
// One shopper cannot hold the whole stock (docs/decisions/050): the cart stops at 10, and another
// shopper still buys.
import type { Page } from '@playwright/test'
import {
  addAddressAtCheckout,
  addToCart,
  expect,
  flash,
  HOME_ADDRESS,
  loginAs,
  newShopper,
  openCart,
  productCard,
  settled,
  test,
} from './fixtures'

/** A shopper with the piece in the cart and an address, on the checkout page, not paying yet. */
async function readyToPay(page: Page, title: string, userName: string) {
  await newShopper(page, userName)
  await addToCart(page, { title })
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, HOME_ADDRESS)
  await expect(page.getByRole('radio')).toBeChecked()
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText(`${title} × 1`)
}

test('a shopper is told before paying that the last piece is held by someone paying for it', async ({ page, openPage, shop }) => {
  test.slow()
  const { title } = await shop.product({ stock: 1 })

  // Both put the piece in their carts while nobody holds it.
  const first = await openPage()
  const firstName = `Holder ${title.slice(-7)}`
  await readyToPay(first, title, firstName)
  await readyToPay(page, title, `Second ${title.slice(-7)}`)

  // The first starts paying: the piece is held for them.
  await first.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(first).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)

  // The second is told on the checkout page which line and what is left; no payment starts.
  await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  const message = `${title}: none left right now (0 available). Please remove it from your cart.`
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: message })).toBeVisible()
  await expect(page).toHaveURL(/\/shop\/checkout$/)

  // The shop shows the held piece as out of stock.
  await page.goto(`/shop/search?keyword=${encodeURIComponent(title)}`)
  await expect(productCard(page, title).getByText('Out Of Stock').first()).toBeVisible()

  // The owner finds the first's checkout under Unpaid checkouts, not among the orders.
  const admin = await openPage()
  await loginAs(admin, 'admin')
  await admin.goto('/admin/orders')
  await expect(admin.getByRole('heading', { name: 'All Orders' })).toBeVisible()
  await expect(admin.getByRole('row').filter({ hasText: firstName })).toHaveCount(0)
  await admin.getByRole('link', { name: 'Unpaid checkouts' }).click()
  await expect(admin).toHaveURL(/\/admin\/orders\?view=unpaid$/)
  await expect(admin.getByRole('link', { name: 'Unpaid checkouts' })).toHaveAttribute('aria-current', 'page')
  await expect(admin.getByRole('row').filter({ hasText: firstName })).toHaveCount(1)

  // The first pays within the hold and gets it.
  await first.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(first).toHaveURL(/\/shop\/payment-success\?order=/)
  // Paid: an order now, out of the unpaid checkouts.
  await admin.goto('/admin/orders')
  await expect(admin.getByRole('row').filter({ hasText: firstName })).toHaveCount(1)
})

test('one shopper cannot hold the whole stock: the cart stops at 10 and another shopper still buys', async ({ page, openPage, shop }) => {
  test.slow()
  const { title } = await shop.product({ stock: 12 })

  // Each shopper from an address of their own (the loopback proxy's X-Forwarded-For): one network
  // may hold no more than one shopper may.
  const first = await openPage()
  await first.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.31' })
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.32' })
  await newShopper(first, `Hoarder ${title.slice(-7)}`)
  await addToCart(first, { title })

  // The cart goes up to 10 of the 12, not one more.
  const cart = await openCart(first)
  const increase = cart.getByRole('button', { name: `Increase quantity of ${title}` })
  const quantity = cart.getByLabel(`Quantity of ${title}`, { exact: true })
  for (let wanted = 2; wanted <= 10; wanted++) {
    const answered = first.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/shop/cart'))
    await increase.click()
    await answered
    await expect(quantity).toHaveText(String(wanted))
    await settled(first)
  }
  await increase.click()
  await expect(flash(first, 'At most 10 of this item per order.')).toBeVisible()
  await settled(first)
  await expect(cart.getByLabel(`Quantity of ${title}`, { exact: true })).toHaveText('10')

  // Holding the 10 at checkout leaves 2 for everyone else.
  await first.goto('/shop/checkout')
  await addAddressAtCheckout(first, HOME_ADDRESS)
  await expect(first.getByRole('listitem').filter({ hasText: title })).toContainText(`${title} × 10`)
  await first.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(first).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await page.goto(`/shop/search?keyword=${encodeURIComponent(title)}`)
  await expect(productCard(page, title).getByText('Only 2 items left')).toBeVisible()

  // Another shopper buys one while the first still holds theirs.
  await readyToPay(page, title, `Buyer ${title.slice(-7)}`)
  await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
  await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/payment-success\?order=/)
})
