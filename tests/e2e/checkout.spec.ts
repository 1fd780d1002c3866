import type { Page } from '@playwright/test'
import {
  type AddressValues,
  addAddressAtCheckout,
  addToCart,
  cartLink,
  expect,
  fillAddress,
  flash,
  HOME_ADDRESS,
  jsEnabled,
  newShopper,
  openCart,
  settled,
  startTestPayment,
  test,
  toast,
} from './fixtures'

const OFFICE_ADDRESS: AddressValues = {
  addressLine: '4th Floor, Harbour Point, Bandra Kurla Complex',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400051',
  phone: '022 2659 1234',
}

const STUDIO_ADDRESS: AddressValues = {
  addressLine: '7 Potters Lane, Fort Kochi',
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682001',
  phone: '+91 94470 12345',
  notes: 'Ring the bell twice',
}

const PARENTS_ADDRESS: AddressValues = {
  addressLine: '221 Civil Lines',
  city: 'Jaipur',
  state: 'Rajasthan',
  pincode: '302006',
  phone: '9414012345',
}

/** A checkout refusal: on the page (role alert) and, with JS, as a toast too. */
async function expectCheckoutError(page: Page, message: string) {
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: message })).toBeVisible()
  if (jsEnabled()) await expect(toast(page, message)).toBeVisible()
  await expect(page).toHaveURL(/\/shop\/checkout$/)
}

/** A value of the order details' summary (Order Status, Payment status, ...). */
function orderDetail(page: Page, term: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')
}

/** The rows of the Order History table (each has its View Details link). */
function orderRows(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: 'View Details' }) })
}

/** A saved address card on the account page, by its first line. */
function addressCard(page: Page, addressLine: string) {
  return page
    .locator('div')
    .filter({ has: page.getByText(addressLine, { exact: true }) })
    .filter({ has: page.getByRole('link', { name: 'Edit', exact: true }) })
    .last()
}

test.describe('checkout', () => {
  // Each test signs up a shopper and goes through several pages (slow on a busy machine with JS).
  test.describe.configure({ timeout: 90_000 })

  test('an empty cart is refused with Your Cart is Empty.', async ({ page }) => {
    await newShopper(page, 'Empty Cart')
    await page.goto('/shop/checkout')
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
    await expect(page.getByText('TEST MODE: payments go through a test page, no money moves.')).toBeVisible()
    await expect(page.getByText('Your Cart is Empty.', { exact: true })).toBeVisible()
    await expect(page.getByText('Total', { exact: true })).toBeVisible()
    await expect(page.getByText('₹0.00', { exact: true })).toBeVisible()

    await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
    await expectCheckoutError(page, 'Your Cart is Empty.')

    // Nothing was ordered.
    await page.goto('/shop/account')
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible()
    await expect(page.getByText('No orders yet.')).toBeVisible()
  })

  test('asks for an address when none is saved, and when two are saved and none is chosen', async ({ page, shop }) => {
    const product = await shop.product()
    await newShopper(page, 'Two Homes')
    await addToCart(page, product)
    await page.goto('/shop/checkout')
    await expect(page.getByText('Add an address below to continue.')).toBeVisible()
    await expect(page.getByRole('radio')).toHaveCount(0)
    await expect(page.getByRole('listitem').filter({ hasText: product.title })).toContainText(product.price)

    await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
    await expectCheckoutError(page, 'Please Select an Address.')

    await addAddressAtCheckout(page, HOME_ADDRESS)
    // The only address is chosen for the shopper, and the refusal no longer stands.
    await expect(page.getByRole('radio')).toHaveCount(1)
    await expect(page.getByRole('radio')).toBeChecked()
    await expect
      .soft(page.getByRole('main').getByRole('alert').filter({ hasText: 'Please Select an Address.' }), 'the refusal is stale once an address is chosen')
      .toHaveCount(0)
    await addAddressAtCheckout(page, OFFICE_ADDRESS)
    const radios = page.getByRole('radio')
    await expect(radios).toHaveCount(2)
    await expect(radios.nth(0)).not.toBeChecked()
    await expect(radios.nth(1)).not.toBeChecked()

    await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
    await expectCheckoutError(page, 'Please Select an Address.')
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)

    // Choosing one goes on to the payment, with that address on the order.
    await page.locator('label').filter({ hasText: OFFICE_ADDRESS.addressLine }).click()
    await expect(radios.nth(1)).toBeChecked()
    await expect(radios.nth(0)).not.toBeChecked()
    await page.getByRole('button', { name: 'Checkout with Razorpay' }).click()
    await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
    await expect(page.getByRole('heading', { name: `Pay ${product.price}` })).toBeVisible()

    await page.goto('/shop/account')
    await expect(orderRows(page)).toHaveCount(1)
    await orderRows(page).getByRole('link', { name: 'View Details' }).click()
    await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible()
    await expect(page.getByText(OFFICE_ADDRESS.addressLine, { exact: true })).toBeVisible()
    await expect(page.getByText(HOME_ADDRESS.addressLine, { exact: true })).toHaveCount(0)
  })

  test('a purchase through the TEST MODE gateway reaches the success page and the order history', async ({ page, shop }) => {
    const product = await shop.product()
    await startTestPayment(page, product, { address: HOME_ADDRESS, checkProcessing: true })
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Fail', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Cancel', exact: true })).toBeVisible()
    // The price breakup before payment, as the checkout shows it (issue 32): the piece, items, delivery, total.
    const breakup = page.getByRole('region', { name: 'Price breakup' })
    await expect(breakup.getByText(`${product.title} × 1`)).toBeVisible()
    await expect(breakup.locator('div', { has: page.getByText('Items', { exact: true }) })).toContainText(product.price)
    await expect(breakup.getByText('Delivery', { exact: true })).toBeVisible()
    await expect(breakup.locator('div', { has: page.getByText('Total', { exact: true }) })).toContainText(product.price)
    const gatewayOrder = new URL(page.url()).searchParams.get('order')

    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
    await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible()
    await expect(page.getByText('Thank you for your purchase. You can view your orders below.')).toBeVisible()
    if (jsEnabled()) {
      await expect(toast(page, 'Payment Successful!')).toBeVisible()
    }
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items')

    // Paying again for the same order only shows the confirmation again.
    await page.goto(`/shop/payment/test?order=${encodeURIComponent(gatewayOrder ?? '')}`)
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
    // The piece's stock was taken once, by the payment, not again by the replay.
    const stored = await (await page.request.get(`/api/shop/products/get/${product.id}`)).json()
    expect(stored.data.totalStock).toBe(product.stock - 1)

    await page.getByRole('link', { name: 'View My Orders' }).click()
    await expect(page).toHaveURL(/\/shop\/account$/)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items')
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible()
    for (const name of ['Order ID', 'Order Date', 'Order Status', 'Order Price']) {
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible()
    }
    const row = orderRows(page)
    await expect(row).toHaveCount(1)
    const badge = row.getByText('Confirmed', { exact: true })
    await expect(badge).toBeVisible()
    await expect(badge).toHaveClass(/bg-green-700/)
    await expect(row.getByRole('cell', { name: product.price, exact: true })).toBeVisible()
    const orderNumber = (await row.getByRole('cell').first().textContent())?.trim() ?? ''
    expect(orderNumber).toMatch(/^#\d+$/)

    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(page).toHaveURL(/\/shop\/account\/orders\/[^/?]+$/)
    await expect(page.getByRole('heading', { name: 'Order Details' })).toBeVisible()
    await expect(orderDetail(page, 'Order ID')).toHaveText(orderNumber)
    await expect(orderDetail(page, 'Order Status')).toHaveText('Confirmed')
    await expect(orderDetail(page, 'Payment status')).toHaveText('Paid')
    await expect(orderDetail(page, 'Order Price')).toHaveText(product.price)
    const item = page.getByRole('listitem').filter({ hasText: product.title })
    await expect(item).toContainText(`${product.title} × 1`)
    await expect(item).toContainText(product.price)
    const shipping = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shipping address' }) }).last()
    await expect(shipping.getByText(HOME_ADDRESS.addressLine, { exact: true })).toBeVisible()
    await expect(shipping.getByText(`${HOME_ADDRESS.city}, ${HOME_ADDRESS.state} ${HOME_ADDRESS.pincode}`)).toBeVisible()
    await expect(shipping.getByText(`Phone: ${HOME_ADDRESS.phone}`)).toBeVisible()
    await expect(shipping.getByText(`Landmark: ${HOME_ADDRESS.landmark}`)).toBeVisible()

    // The cart was emptied.
    const cart = await openCart(page)
    await expect(cart.getByText('Your cart is empty.')).toBeVisible()
  })

  test('a declined TEST MODE payment says what happened and that no money was taken, offers to try again, and leaves the order unpaid', async ({ page, shop }) => {
    const product = await shop.product()
    await startTestPayment(page, product)
    await page.getByRole('button', { name: 'Fail', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/payment\/failed\?order=/)
    await expect(page.getByRole('heading', { name: 'Payment Verification Failed.' })).toBeVisible()
    await expect(page.getByText('Your payment did not go through.')).toBeVisible()
    await expect(page.getByText(/^No money was taken from your account\./)).toBeVisible()
    await page.getByRole('link', { name: 'Try again' }).click()
    await expect(page).toHaveURL(/\/shop\/checkout$/)
    await settled(page)
    // The cart is kept for another try.
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await expect(page.getByRole('listitem').filter({ hasText: product.title })).toBeVisible()

    await page.goto('/shop/account')
    const row = orderRows(page)
    await expect(row).toHaveCount(1)
    await expect(row.getByText('Confirmed', { exact: true })).toHaveCount(0)
    await expect(row.getByText('Pending payment', { exact: true })).toBeVisible()
    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(orderDetail(page, 'Payment status')).toHaveText('Payment failed')
    await expect(orderDetail(page, 'Order Status')).toHaveText('Pending payment')
  })

  test('a cancelled TEST MODE payment comes back to checkout with Payment Cancelled.', async ({ page, shop }) => {
    const product = await shop.product()
    await startTestPayment(page, product)
    await page.getByRole('link', { name: 'Cancel', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/checkout$/)
    await expect(flash(page, 'Payment Cancelled.')).toBeVisible()
    await settled(page)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await expect(page.getByRole('listitem').filter({ hasText: product.title })).toBeVisible()

    await page.goto('/shop/account')
    const row = orderRows(page)
    await expect(row).toHaveCount(1)
    await expect(row.getByText('Pending payment', { exact: true })).toBeVisible()
    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(orderDetail(page, 'Payment status')).not.toHaveText('Paid')
    await expect(orderDetail(page, 'Order Status')).toHaveText('Pending payment')
  })
})

test.describe('account addresses', () => {
  test.describe.configure({ timeout: 60_000 })

  test('refuses a pincode that is not 6 digits, and one tap on Add saves the corrected address', async ({ page }) => {
    await newShopper(page, 'Pin Checker')
    await page.goto('/shop/account?tab=address')
    const add = page.getByRole('button', { name: 'Add', exact: true })
    await fillAddress(page, { ...HOME_ADDRESS, pincode: '56003' })
    await add.click()
    // Next to the field: from the browser's check with JS, from the server's without.
    await expect(page.getByText('Pincode must be 6 digits')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)

    // The shopper corrects the pincode and taps Add once.
    await page.getByLabel('Pincode', { exact: true }).fill(HOME_ADDRESS.pincode)
    await add.click()
    await expect(flash(page, 'Address Added Successfully')).toBeVisible()
    await expect(page.getByText('Pincode must be 6 digits')).toHaveCount(0)
    await expect(addressCard(page, HOME_ADDRESS.addressLine)).toContainText(`${HOME_ADDRESS.city}, ${HOME_ADDRESS.state} ${HOME_ADDRESS.pincode}`)
  })

  test('adds, edits and deletes addresses', async ({ page }) => {
    await newShopper(page, 'Address Keeper')
    await page.goto('/shop/account')
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Address' }).click()
    await expect(page).toHaveURL(/\/shop\/account\?tab=address$/)
    await expect(page.getByRole('heading', { name: 'Add New Address' })).toBeVisible()
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('India')
    const add = page.getByRole('button', { name: 'Add', exact: true })
    // With JS the button waits for the required fields.
    if (jsEnabled()) await expect(add).toBeDisabled()

    await fillAddress(page, HOME_ADDRESS)
    await add.click()
    await expect(flash(page, 'Address Added Successfully')).toBeVisible()
    await expect(addressCard(page, HOME_ADDRESS.addressLine)).toContainText(`${HOME_ADDRESS.city}, ${HOME_ADDRESS.state} ${HOME_ADDRESS.pincode}`)
    await expect(addressCard(page, HOME_ADDRESS.addressLine)).toContainText('India')
    await expect(addressCard(page, HOME_ADDRESS.addressLine)).toContainText(`Landmark: ${HOME_ADDRESS.landmark}`)
    // The form is ready for the next one.
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('')

    await settled(page)
    await fillAddress(page, STUDIO_ADDRESS)
    await add.click()
    await expect(flash(page, 'Address Added Successfully')).toBeVisible()
    await expect(addressCard(page, STUDIO_ADDRESS.addressLine)).toContainText('Notes: Ring the bell twice')
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(2)

    // Edit is a link to the same form, filled in.
    await settled(page)
    await addressCard(page, STUDIO_ADDRESS.addressLine).getByRole('link', { name: 'Edit', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/account\?tab=address&edit=[^&]+$/)
    await expect(page.getByRole('heading', { name: 'Edit Address' })).toBeVisible()
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(STUDIO_ADDRESS.addressLine)
    await expect(page.getByLabel('City', { exact: true })).toHaveValue(STUDIO_ADDRESS.city)
    await expect(page.getByLabel('Notes (optional)')).toHaveValue(STUDIO_ADDRESS.notes ?? '')
    await page.getByLabel('City', { exact: true }).fill('Ernakulam')
    await page.getByLabel('Pincode', { exact: true }).fill('682011')
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await expect(flash(page, 'Address Updated Successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/shop\/account\?tab=address$/)
    await expect(addressCard(page, STUDIO_ADDRESS.addressLine)).toContainText('Ernakulam, Kerala 682011')
    await expect(page.getByRole('heading', { name: 'Add New Address' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(2)

    await settled(page)
    await addressCard(page, HOME_ADDRESS.addressLine).getByRole('button', { name: 'Delete' }).click()
    await expect(flash(page, 'Address Deleted Successfully')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(1)
    await expect(page.getByText(HOME_ADDRESS.addressLine, { exact: true })).toHaveCount(0)
    await expect(addressCard(page, STUDIO_ADDRESS.addressLine)).toBeVisible()
  })

  test('refuses a fourth address with You can Add Max 3 Addresses and resets the form', async ({ page }) => {
    await newShopper(page, 'Three Homes')
    await page.goto('/shop/account?tab=address')
    const add = page.getByRole('button', { name: 'Add', exact: true })
    for (const address of [HOME_ADDRESS, OFFICE_ADDRESS, STUDIO_ADDRESS]) {
      await fillAddress(page, address)
      await add.click()
      await expect(flash(page, 'Address Added Successfully')).toBeVisible()
      await expect(addressCard(page, address.addressLine)).toBeVisible()
      await settled(page)
    }
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(3)

    await fillAddress(page, PARENTS_ADDRESS)
    await add.click()
    await expect(flash(page, 'You can Add Max 3 Addresses')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(3)
    await expect(page.getByText(PARENTS_ADDRESS.addressLine, { exact: true })).toHaveCount(0)
    // docs/spec: adding a fourth resets the form.
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('')
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('India')
  })
})
