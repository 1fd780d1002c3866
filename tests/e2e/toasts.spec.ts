// Messages (issue 28) on a phone, JS on and off: a toast (or without JS the flashed message) never
// covers the page's main button, and it closes when the page it belongs to is left.
import type { Locator } from '@playwright/test'
import { expect, fillLogin, flash, jsEnabled, openCart, test } from './fixtures'

/** Whether two elements' boxes overlap on the screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()]
  if (!one || !two) throw new Error('not on the screen')
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
}

test('Added to Cart stays clear of Add to Cart, and of the cart\'s Checkout', async ({ page, shop }) => {
  const product = await shop.product()
  await page.goto(product.path)
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await add.click()
  const message = flash(page, 'Product is Added to Cart')
  await expect(message).toBeVisible()
  // Polled: a toast slides in before it settles.
  await expect.poll(() => overlap(message, add)).toBe(false)
  const cart = await openCart(page)
  const checkout = cart.getByRole('link', { name: 'Checkout' }).or(cart.getByRole('button', { name: 'Checkout' })).first()
  await expect(checkout).toBeVisible()
  // With JS the toast is still up over the cart sheet; without JS the cart is a page of its own.
  if (jsEnabled()) await expect(message).toBeVisible()
  expect(await message.isVisible() && (await overlap(message, checkout))).toBe(false)
})

test('a wrong password\'s message stays clear of Sign In and is gone on the next page', async ({ page }) => {
  await page.goto('/auth/login')
  await fillLogin(page, 'nobody@example.com', 'wrong-password-1')
  const message = flash(page, 'Incorrect email or password! Please try again')
  await expect(message).toBeVisible()
  await expect.poll(() => overlap(message, page.getByRole('button', { name: 'Sign In' }))).toBe(false)
  await page.getByRole('link', { name: /forgot/i }).click()
  await expect(page).toHaveURL(/\/auth\/forgot-password$/)
  await expect(page.getByRole('button', { name: /reset|send/i })).toBeVisible()
  // At once (the new page's first effects), not after the toast's own 5 s: it belonged to the login page.
  await expect(page.getByText('Incorrect email or password! Please try again')).toHaveCount(0, { timeout: 1500 })
})

test('Added to Cart offers View cart and Check out, clear of Add to Cart', async ({ page, shop }) => {
  const product = await shop.product()
  await page.goto(product.path)
  const add = page.getByRole('button', { name: 'Add to Cart' })
  await add.click()
  await expect(flash(page, 'Product is Added to Cart')).toBeVisible()
  const viewCart = page.getByRole('link', { name: 'View cart' }).locator('visible=true')
  const checkOut = page.getByRole('link', { name: 'Check out' }).locator('visible=true')
  await expect(viewCart).toHaveCount(1)
  await expect(checkOut).toHaveAttribute('href', '/shop/checkout')
  await expect.poll(() => overlap(viewCart, add)).toBe(false)
  await expect.poll(() => overlap(checkOut, add)).toBe(false)
  await viewCart.click()
  await expect(page).toHaveURL(/\/shop\/cart$/)
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible()
  await expect(page.getByText(product.title).first()).toBeVisible()
  // The offer belonged to the product page: gone on the cart's.
  await expect(page.getByRole('link', { name: 'View cart' })).toHaveCount(0, { timeout: 1500 })
})
