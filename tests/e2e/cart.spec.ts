import type { Locator, Page } from '@playwright/test'
import {
  cartLink,
  choose,
  expect,
  expectClearOfHeader,
  fillLogin,
  flash,
  jsEnabled,
  openCart,
  productCard,
  productPath,
  register,
  test,
  uniqueEmail,
} from './fixtures'

// Plain products (no variety, no colours) from db/seed/demo-catalogue.ts.
const POOJA_THALI = { title: 'Resin Pooja Thali', category: 'special-occasion', price: '₹1,299.00', double: '₹2,598.00' }
const PET_BLOCK = { title: 'Pet Memorial Resin Block', category: 'gifting-memories', stock: 4 }
const STARDUST = { title: 'Stardust Galaxy Earrings', category: 'jewellery', price: '₹799.00' }

async function addFromCard(page: Page, title: string) {
  await productCard(page, title).getByRole('button', { name: 'Add to cart' }).click()
}

/** Waits until the cart has settled after a post (the fetcher and its revalidation, with JS). */
async function settled(page: Page) {
  if (jsEnabled()) await page.waitForLoadState('networkidle')
}

function quantityOf(cart: Locator, title: string) {
  return cart.getByLabel(`Quantity of ${title}`, { exact: true })
}

test.describe('cart', () => {
  test('a visitor adds from a card, changes the quantity and removes the line', async ({ page }) => {
    await page.goto(`/shop/listing?category=${POOJA_THALI.category}`)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items')
    await addFromCard(page, POOJA_THALI.title)
    await expect(flash(page, 'Product is added to cart')).toBeVisible()
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    // Without JS the post comes back to the same listing.
    await expect(page).toHaveURL(new RegExp(`/shop/listing\\?category=${POOJA_THALI.category}(#product-[\\w-]+)?$`))

    const cart = await openCart(page)
    const line = cart.getByRole('listitem').filter({ hasText: POOJA_THALI.title })
    await expect(line).toHaveCount(1)
    await expect(line.locator('img')).toHaveCount(1)
    await expect(quantityOf(cart, POOJA_THALI.title)).toHaveText('1')
    await expect(line.getByText(POOJA_THALI.price, { exact: true })).toBeVisible()
    await expect(cart.getByText('Total', { exact: true })).toBeVisible()
    await expect(cart.getByText(POOJA_THALI.price, { exact: true })).toHaveCount(2) // line and total
    await expect(cart.getByRole('button', { name: `Decrease quantity of ${POOJA_THALI.title}` })).toBeDisabled()

    await cart.getByRole('button', { name: `Increase quantity of ${POOJA_THALI.title}` }).click()
    await expect(flash(page, 'Cart Item is Updated Successfully')).toBeVisible()
    await expect(quantityOf(cart, POOJA_THALI.title)).toHaveText('2')
    await expect(cart.getByText(POOJA_THALI.double, { exact: true })).toHaveCount(2)
    await settled(page)
    await expect(cart.getByRole('button', { name: `Decrease quantity of ${POOJA_THALI.title}` })).toBeEnabled()

    await cart.getByRole('button', { name: `Decrease quantity of ${POOJA_THALI.title}` }).click()
    await expect(quantityOf(cart, POOJA_THALI.title)).toHaveText('1')
    await expect(flash(page, 'Cart Item is Updated Successfully')).toBeVisible()
    await settled(page)
    await expect(cart.getByText(POOJA_THALI.price, { exact: true })).toHaveCount(2)
    await expect(cart.getByRole('button', { name: `Decrease quantity of ${POOJA_THALI.title}` })).toBeDisabled()

    await cart.getByRole('button', { name: `Remove ${POOJA_THALI.title}` }).click()
    await expect(flash(page, 'Cart Item is Deleted Successfully')).toBeVisible()
    await expect(cart.getByText('Your cart is empty.')).toBeVisible()
    await expect(cart.getByRole('listitem').filter({ hasText: POOJA_THALI.title })).toHaveCount(0)
    await settled(page)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items')
  })

  test('adding the same plain product twice raises the line, another product adds a line', async ({ page }) => {
    await page.goto(`/shop/listing?category=${STARDUST.category}`)
    await addFromCard(page, STARDUST.title)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await settled(page)
    await addFromCard(page, STARDUST.title)
    await expect(flash(page, 'Product is added to cart')).toBeVisible()
    await settled(page)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await page.goto(`/shop/listing?category=${POOJA_THALI.category}`)
    await addFromCard(page, POOJA_THALI.title)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items')
    await expectClearOfHeader(page, flash(page, 'Product is added to cart'))

    const cart = await openCart(page)
    await expect(quantityOf(cart, STARDUST.title)).toHaveText('2')
    await expect(quantityOf(cart, POOJA_THALI.title)).toHaveText('1')
    // 2 × ₹799 + ₹1,299
    await expect(cart.getByText('₹2,897.00', { exact: true })).toBeVisible()
  })

  test('refuses to go past the stock, in the cart and from a card', async ({ page }) => {
    await page.goto(`/shop/listing?category=${PET_BLOCK.category}`)
    const card = productCard(page, PET_BLOCK.title)
    await expect(card.getByText(`Only ${PET_BLOCK.stock} items left`)).toBeVisible()
    await addFromCard(page, PET_BLOCK.title)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await settled(page)

    const cart = await openCart(page)
    const increase = cart.getByRole('button', { name: `Increase quantity of ${PET_BLOCK.title}` })
    for (let quantity = 2; quantity <= PET_BLOCK.stock; quantity++) {
      // The answer, not just the optimistic number: a tap while the last one is in flight replaces it
      // (the page drops the earlier answer), which a slow server (several workers) made visible.
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/shop/cart'))
      await increase.click()
      await answered
      await expect(quantityOf(cart, PET_BLOCK.title)).toHaveText(String(quantity))
      await settled(page)
    }
    await increase.click()
    await expect(flash(page, `Only ${PET_BLOCK.stock} Quantity Can be Added for this Item`)).toBeVisible()
    await settled(page)
    await expect(quantityOf(cart, PET_BLOCK.title)).toHaveText(String(PET_BLOCK.stock))
    // ₹2,199 × 4
    await expect(cart.getByText('₹8,796.00', { exact: true })).toHaveCount(2)

    // One more from the card is refused too (n is what the cart already holds).
    await page.goto(`/shop/listing?category=${PET_BLOCK.category}`)
    await addFromCard(page, PET_BLOCK.title)
    await expect(flash(page, `Only ${PET_BLOCK.stock} quantity can be added for this item`)).toBeVisible()
    await settled(page)
    const again = await openCart(page)
    await expect(quantityOf(again, PET_BLOCK.title)).toHaveText(String(PET_BLOCK.stock))
  })

  test('refuses to go past the stock from the product detail', async ({ page }) => {
    // Preserved Rose Petal Pendant: 3 in stock, one colour, no variety.
    const title = 'Preserved Rose Petal Pendant'
    await page.goto(await productPath(page, title))
    const colors = page.getByRole('group', { name: 'Color Options' })
    const add = page.getByRole('button', { name: 'Add to Cart' })
    for (let n = 1; n <= 3; n++) {
      // Without JS every post comes back as a new page, so the colour is chosen again.
      if (n === 1 || !jsEnabled()) await choose(colors, 'Rose Pink')
      await add.click()
      await expect(flash(page, 'Product is Added to Cart')).toBeVisible()
      await settled(page)
    }
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    if (!jsEnabled()) await choose(colors, 'Rose Pink')
    await add.click()
    // Shown next to the Add to Cart button (and as a toast with JS).
    await expect(page.getByRole('alert').filter({ hasText: 'Only 3 quantity can be added for this item' })).toBeVisible()
    await settled(page)
    const cart = await openCart(page)
    await expect(quantityOf(cart, title)).toHaveText('3')
    await expect(cart.getByText('Color: Rose Pink')).toBeVisible()
  })

  test('a visitor’s cart is kept when they log in', async ({ page }) => {
    const email = uniqueEmail('cart')
    await page.goto(`/shop/listing?category=${STARDUST.category}`)
    await addFromCard(page, STARDUST.title)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await settled(page)

    await register(page, { userName: 'Meera Iyer', email, password: 'resin-cart-123' })
    await expect(page).toHaveURL(/\/auth\/login$/)
    await fillLogin(page, email, 'resin-cart-123')
    await expect(page).toHaveURL(/\/shop\/home$/)
    await page.getByLabel('Open user menu').click()
    await expect(page.getByText('Logged in as Meera Iyer')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')

    const cart = await openCart(page)
    await expect(quantityOf(cart, STARDUST.title)).toHaveText('1')
    await expect(cart.getByText(STARDUST.price, { exact: true })).toHaveCount(2)
    await expect(cart.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/shop/checkout')
  })

  test('a visitor’s checkout asks for login and comes back to checkout', async ({ page }) => {
    const email = uniqueEmail('checkout')
    await register(page, { userName: 'Kabir Rao', email, password: 'resin-cart-123' })
    await expect(page).toHaveURL(/\/auth\/login$/)

    await page.goto(`/shop/listing?category=${POOJA_THALI.category}`)
    await addFromCard(page, POOJA_THALI.title)
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await settled(page)
    const cart = await openCart(page)
    const checkout = cart.getByRole('link', { name: 'Checkout' })
    if (jsEnabled()) {
      await checkout.click()
      await expect(flash(page, 'User login required for successful purchase.')).toBeVisible()
    } else {
      await expect(cart.getByText('User login required for successful purchase.')).toBeVisible()
      await checkout.click()
    }
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/)
    await expect(page.getByRole('heading', { name: 'Sign In to Your Account' })).toBeVisible()

    await fillLogin(page, email, 'resin-cart-123')
    await expect(page).toHaveURL(/\/shop\/checkout$/)
    await expect(page.getByText(POOJA_THALI.title).first()).toBeVisible()
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
  })
})
