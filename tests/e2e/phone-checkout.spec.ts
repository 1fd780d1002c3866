// The way to checkout on a 390 px phone, JS on and off: from the cart's Checkout through register
// and login back to checkout, forms that do not move under the finger, a short checkout, a real
// confirmation page, and orders in words and numbers.
import type { Page } from '@playwright/test'
import {
  addAddressAtCheckout,
  addToCart,
  DEMO,
  expect,
  fillAddress,
  fillLogin,
  flash,
  HOME_ADDRESS,
  jsEnabled,
  newShopper,
  openCart,
  settled,
  startTestPayment,
  test,
  toast,
  uniqueEmail,
} from './fixtures'

const PHONE = { width: 390, height: 844 }

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE)
})

/** The rows of the Order History table (each has its View Details link). */
function orderRows(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: 'View Details' }) })
}

test.describe('phone checkout', () => {
  test.describe.configure({ timeout: 90_000 })

  test('a visitor goes from Checkout through register and login back to checkout, the email filled in', async ({ page, shop }) => {
    const product = await shop.product()
    await addToCart(page, product)
    const cart = await openCart(page)
    await cart.getByRole('link', { name: 'Checkout' }).click()
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/)
    if (jsEnabled()) await expect(toast(page, 'User login required for successful purchase.')).toBeVisible()
    await expect(page.getByText('Sign in or register to check out: your cart is kept.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop/home')

    // The Register link keeps the destination.
    await page.getByRole('link', { name: 'Register', exact: true }).click()
    await expect(page).toHaveURL(/\/auth\/register\?redirectTo=%2Fshop%2Fcheckout$/)
    const user = { userName: 'Meera Iyer', email: uniqueEmail('phone'), password: 'resin-buyer-123' }
    await page.getByLabel('User Name').fill(user.userName)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign Up' }).click()

    // SPEC: a new account goes to /auth/login, here with the destination and the email kept.
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/)
    await expect(flash(page, 'Registration successful')).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
    await expect(page).not.toHaveURL(new RegExp(encodeURIComponent(user.email)))
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign In' }).click()

    await expect(page).toHaveURL(/\/shop\/checkout$/)
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: product.title })).toContainText(product.price)

    // The prefilled email was handed over once: a later visit to login starts empty.
    await page.context().clearCookies({ name: '__session' })
    await page.goto('/auth/login')
    await expect(page.getByLabel('Email')).toHaveValue('')
  })

  test('a login corrected after an error goes through on the first tap', async ({ page }) => {
    await page.goto('/auth/login?redirectTo=%2Fshop%2Fcheckout')
    await fillLogin(page, DEMO.shopper.email, 'not-the-password')
    const error = page.getByRole('alert').filter({ hasText: 'Incorrect email or password! Please try again' })
    await expect(error).toBeVisible()
    const button = page.getByRole('button', { name: 'Sign In' })
    const before = await button.boundingBox()

    // The shopper fixes the password; leaving the field must not move the button.
    await page.getByLabel('Password').fill(DEMO.shopper.password)
    await page.getByLabel('Email').focus()
    await expect(error).toBeVisible()
    expect((await button.boundingBox())?.y).toBe(before?.y)

    await button.click()
    await expect(page).toHaveURL(/\/shop\/checkout$/)
  })

  test('a registration corrected after an error goes through on the first tap', async ({ page }) => {
    await page.goto('/auth/register?redirectTo=%2Fshop%2Fcheckout')
    await page.getByLabel('User Name').fill('Nisha Menon')
    const email = uniqueEmail('fixed')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('resin')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    const error = page.locator('form').getByText('Password must be at least 8 characters', { exact: true })
    await expect(error).toBeVisible()
    const button = page.getByRole('button', { name: 'Sign Up' })
    const before = await button.boundingBox()

    // The shopper fixes the password; leaving the field must not move the button.
    await page.getByLabel('Password').fill('resin-buyer-123')
    await page.getByLabel('User Name').focus()
    await expect(error).toBeVisible()
    expect((await button.boundingBox())?.y).toBe(before?.y)

    await button.click()
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/)
    await expect(flash(page, 'Registration successful')).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue(email)
  })

  test('a shopper may not be sent to the admin panel or another site after login', async ({ page }) => {
    for (const redirectTo of ['/admin/orders', '//evil.example/shop', '/\\evil.example']) {
      await page.context().clearCookies()
      await page.goto(`/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`)
      await fillLogin(page, DEMO.shopper.email, DEMO.shopper.password)
      await expect(page, redirectTo).toHaveURL(/\/shop\/home$/)
    }
  })

  test('with saved addresses the form is folded and the pay button is on the first or second screen', async ({ page, shop }) => {
    const product = await shop.product()
    await newShopper(page, 'Two Addresses')
    await addToCart(page, product)
    await page.goto('/shop/checkout')
    // With no address yet the form is open.
    await expect(page.getByRole('heading', { name: 'Add New Address' })).toBeVisible()
    await addAddressAtCheckout(page, { ...HOME_ADDRESS, name: 'Anjali Rao' })
    await addAddressAtCheckout(page, { ...HOME_ADDRESS, addressLine: '44 MG Road', pincode: '560001' })
    await page.goto('/shop/checkout')

    const fold = page.locator('details').filter({ hasText: '+ Add a new address' })
    await expect(fold).not.toHaveAttribute('open')
    await expect(page.getByLabel('Pincode', { exact: true })).toBeHidden()
    await expect(page.getByText('Anjali Rao', { exact: true })).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: product.title }).locator('img')).toBeVisible()
    const summary = page.getByRole('region', { name: 'Your items' })
    await expect(summary.locator('dl > div').filter({ hasText: 'Delivery' })).toHaveText('DeliveryFree')
    await expect(summary.locator('dl > div').filter({ hasText: 'Total' })).toHaveText(`Total${product.price}`)
    await expect(page.getByText('Secure payment by UPI or card through Razorpay.', { exact: false })).toBeVisible()
    const pay = page.getByRole('button', { name: 'Checkout with Razorpay' })
    const box = await pay.boundingBox()
    expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(2 * PHONE.height)

    // The folded form opens with a tap (no JS needed) and offers the states as a list.
    await fold.getByText('+ Add a new address', { exact: true }).click()
    const state = page.getByLabel('State', { exact: true })
    await expect(state).toBeVisible()
    await expect(state.locator('option')).toHaveCount(37)
  })

  test('a misspelt state cannot be saved; the state is chosen from the list', async ({ page }) => {
    await newShopper(page, 'State Chooser')
    await page.goto('/shop/account?tab=address')
    await fillAddress(page, { ...HOME_ADDRESS, state: 'Karnataka' })
    // A state that is not in the list is not even an option.
    await expect(page.getByLabel('State', { exact: true }).locator('option', { hasText: 'Karnatka' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(flash(page, 'Address Added Successfully')).toBeVisible()
    await expect(page.getByText(`${HOME_ADDRESS.city}, Karnataka ${HOME_ADDRESS.pincode}`)).toBeVisible()
  })

  test('the success page shows the order number and amount, and orders speak in words and numbers', async ({ page, shop }) => {
    const product = await shop.product()
    await newShopper(page, 'Gift Giver')
    await addToCart(page, product)
    await page.goto('/shop/checkout')
    await addAddressAtCheckout(page, { ...HOME_ADDRESS, name: 'Anjali Rao' })
    await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
    await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()

    await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
    await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible()
    await expect(page.getByText('Thank you for your purchase. You can view your orders below.')).toBeVisible()
    const number = page.locator('dl > div').filter({ hasText: 'Order number' }).locator('dd')
    await expect(number).toHaveText(/^#\d{4,}$/)
    const orderNumber = (await number.textContent()) ?? ''
    await expect(page.locator('dl > div').filter({ hasText: 'Amount paid' }).locator('dd')).toHaveText(product.price)
    await expect(page.getByRole('listitem').filter({ hasText: product.title })).toBeVisible()
    await expect(page.getByText('Anjali Rao', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible()
    // A page of its own: nothing of the page behind shows through, and it scrolls.
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden')

    await settled(page)
    await page.getByRole('link', { name: 'View My Orders' }).click()
    await expect(page).toHaveURL(/\/shop\/account$/)
    const row = orderRows(page).filter({ hasText: orderNumber })
    await expect(row).toHaveCount(1)
    const badge = row.getByText('Confirmed', { exact: true })
    await expect(badge).toHaveClass(/bg-green-700/)
    await expect(row.getByText('confirmed', { exact: true })).toHaveCount(0)

    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(page.getByRole('heading', { name: `Order Details ${orderNumber}` })).toBeVisible()
    const detail = (term: string) => page.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) }).locator('dd')
    await expect(detail('Order ID')).toHaveText(orderNumber)
    await expect(detail('Payment status')).toHaveText('Paid')
    await expect(detail('Payment method')).toHaveText('Test payment (no money moved)')
    await expect(page.getByText('Anjali Rao', { exact: true })).toBeVisible()
  })

  test('the admin reads statuses in words and orders by number', async ({ page, shop }) => {
    // A TEST MODE order of its own, shipped to someone other than the account holder.
    await startTestPayment(page, await shop.product(), { address: { ...HOME_ADDRESS, name: 'Farida Khan' } })
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
    const orderNumber = (await page.locator('dl > div').filter({ hasText: 'Order number' }).locator('dd').textContent()) ?? ''
    expect(orderNumber).toMatch(/^#\d{4,}$/)
    await page.context().clearCookies()

    await page.goto('/auth/login')
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password)
    await expect(page).toHaveURL(/\/admin\/products$/)
    await page.goto('/admin/orders')
    const rows = orderRows(page)
    await expect(rows.first()).toBeVisible()
    await expect(rows.first().getByRole('cell').first()).toHaveText(/^#\d{4,}/)
    // The TEST MODE order carries its Test badge, always.
    const testRow = rows.filter({ hasText: orderNumber })
    await expect(testRow).toHaveCount(1)
    await expect(testRow.getByRole('cell').first()).toHaveText(`${orderNumber}Test`)
    await expect(testRow.getByText('Test', { exact: true })).toBeVisible()
    // Its page names the recipient the parcel goes to.
    await testRow.getByRole('link', { name: 'View Details' }).click()
    await expect(page).toHaveURL(/\/admin\/orders\/[^/]+$/)
    await expect(page.getByText('Farida Khan', { exact: true })).toBeVisible()
    await page.goto('/admin/orders')
    const table = page.getByRole('table')
    await expect(table.getByText('inShipping', { exact: true })).toHaveCount(0)
    await expect(page.getByRole('combobox', { name: /^Status/ }).locator('option', { hasText: 'Being made' })).toHaveCount(1)
    // Other tests place orders in the same shop, so the demo's older ones are found by status.
    for (const [word, status, colour] of [
      ['Shipped', 'inShipping', /bg-/],
      ['Delivered', 'delivered', /bg-green-700/],
      ['Rejected', 'rejected', /bg-red-700/],
    ] as const) {
      await page.goto(`/admin/orders?status=${status}`)
      await expect(table.getByText(word, { exact: true }).first()).toBeVisible()
      await expect(table.getByText(word, { exact: true }).first()).toHaveClass(colour)
      await expect(table.getByText(status, { exact: true })).toHaveCount(0)
    }

    await page.goto('/admin/dashboard')
    await expect(page.getByRole('main').getByText('Being made', { exact: true }).first()).toBeVisible()
  })
})
