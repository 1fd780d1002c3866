import type { Page } from '@playwright/test'
import {
  adminProductCard,
  DEMO,
  expect,
  fillLogin,
  fillProductFields,
  flash,
  jsEnabled,
  loginAs,
  type NewProduct,
  productCard,
  productPath,
  startTestPayment,
  test,
  testPng,
  toast,
  uploadHash,
} from './fixtures'

/** A product title no other test uses; it sorts near the top of the admin grid (A to Z). */
function uniqueTitle(kind: string) {
  return `Aqua Tide ${kind} Coaster ${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`
}

async function aProduct(kind: string, overrides: Partial<NewProduct> = {}): Promise<NewProduct> {
  return {
    title: uniqueTitle(kind),
    description: 'A round coaster poured in teal and white resin with a gold rim.',
    category: 'Gifting & Memories',
    // Dearer than page 1 of the listing (history.spec.ts reads page 2's first card), under the dearest (₹5,499).
    price: '4321.50',
    salePrice: '0',
    totalStock: '25',
    // One picture per project and purpose: uploads are content-addressed, so reruns reuse the files.
    image: await testPng(jsEnabled() ? '#2a9d8f' : '#e76f51'),
    ...overrides,
  }
}

/** Opens a page of the admin sidebar, which a phone keeps behind the menu toggle. */
async function adminNav(page: Page, name: string) {
  await page.getByLabel('Toggle menu').click()
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click()
}

/** How far the page scrolls sideways, in CSS pixels (0 when it fits the screen). */
function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

test.describe('admin products', () => {
  test('adds a product with a size option, a colour and two images, and the shop finds it', async ({ page, openPage, shop }) => {
    test.slow()
    const product = await aProduct('Sized')
    shop.deleteAfter(product.title)
    await loginAs(page, 'admin')
    await page.getByRole('link', { name: 'Add New Product' }).click()
    await expect(page).toHaveURL(/\/admin\/products\/new$/)
    const sheet = page.getByRole('region', { name: 'Add New Product' })
    await expect(sheet.getByRole('heading', { name: 'Add New Product' })).toBeVisible()
    const add = sheet.getByRole('button', { name: 'Add', exact: true })
    if (jsEnabled()) await expect(add).toBeDisabled()

    await fillProductFields(sheet, product)
    await sheet.getByLabel('Variety type').selectOption({ label: 'Size options' })
    // Without JS each list button is a post that comes back with one more row.
    await sheet.getByRole('button', { name: 'Add option' }).click()
    await sheet.getByRole('textbox', { name: 'Option 1 name', exact: true }).fill('Large')
    await sheet.getByRole('spinbutton', { name: 'Option 1 price', exact: true }).fill('4499')
    await sheet.getByRole('spinbutton', { name: 'Option 1 sale price', exact: true }).fill('4299')
    await sheet.getByRole('button', { name: 'Add color' }).click()
    await sheet.getByRole('textbox', { name: 'Color 1', exact: true }).fill('Teal')
    await expect(sheet.getByLabel('Title', { exact: true })).toHaveValue(product.title)
    await expect(sheet.getByRole('textbox', { name: 'Option 1 name', exact: true })).toHaveValue('Large')
    // With JS the button waits for a picture too.
    if (jsEnabled()) await expect(add).toBeDisabled()

    const files = sheet.getByLabel(/^Add images/)
    const second = await testPng(jsEnabled() ? '#264653' : '#f4a261')
    const hash = uploadHash(product.image)
    const secondHash = uploadHash(second)
    const pictures = [
      { name: 'coaster.png', mimeType: 'image/png', buffer: product.image },
      { name: 'coaster-back.png', mimeType: 'image/png', buffer: second },
    ]
    if (jsEnabled()) {
      // Each file goes up at once, with a progress bar while it does.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/api/admin/products/upload-image', async (route) => {
        await held
        await route.continue()
      })
      const answers: number[] = []
      page.on('response', (response) => {
        if (response.url().endsWith('/api/admin/products/upload-image')) answers.push(response.status())
      })
      await files.setInputFiles(pictures)
      await expect(sheet.getByRole('progressbar')).toHaveCount(2)
      await expect(sheet.getByText('coaster.png', { exact: false })).toBeVisible()
      await expect(sheet.getByText('coaster-back.png', { exact: false })).toBeVisible()
      release()
      await expect(sheet.getByRole('img', { name: 'Product 1' })).toHaveAttribute('src', new RegExp(hash))
      await expect(sheet.getByRole('img', { name: 'Product 2' })).toHaveAttribute('src', new RegExp(secondHash))
      await page.unrouteAll({ behavior: 'wait' })
      // One upload per file, each accepted.
      expect(answers).toEqual([200, 200])
      await expect(sheet.getByRole('progressbar')).toHaveCount(0)
      await expect(add).toBeEnabled()
    } else {
      // Without JS the pictures go up with the form.
      await files.setInputFiles(pictures)
    }
    await add.click()

    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(flash(page, 'Product added successfully')).toBeVisible()
    const card = adminProductCard(page, product.title)
    await expect(card).toContainText('₹4,321.50')
    await expect(card).toContainText('Stock: 25')
    await expect(card.locator('img')).toHaveAttribute('src', new RegExp(hash))

    // The shop finds it, with its size, colour and picture.
    const storefront = await openPage()
    const path = await productPath(storefront, product.title)
    await expect(productCard(storefront, product.title)).toContainText('Gifting & Memories')
    await storefront.goto(path)
    await expect(storefront.getByRole('heading', { name: product.title, level: 1 })).toBeVisible()
    await expect(storefront.getByText(product.description)).toBeVisible()
    await expect(storefront.getByRole('img', { name: `${product.title} (1 of 2)` })).toHaveAttribute('src', new RegExp(hash))
    await expect(storefront.getByRole('img', { name: `${product.title} (2 of 2)` })).toHaveAttribute('src', new RegExp(secondHash))
    const sizes = storefront.getByRole('group', { name: 'Size Options' })
    await expect(sizes.getByRole('radio')).toHaveCount(1)
    await expect(sizes.getByRole('radio', { name: /Large/ })).toBeVisible()
    await expect(sizes).toContainText('₹4,299.00')
    const colors = storefront.getByRole('group', { name: 'Color Options' })
    await expect(colors.getByRole('radio')).toHaveCount(1)
    await expect(colors.getByRole('radio', { name: 'Teal' })).toBeVisible()
  })

  test('edits a product’s stock to 0 and the shop card says Out Of Stock', async ({ page, openPage, shop }) => {
    test.slow()
    const product = await shop.product({ title: uniqueTitle('Stocked'), category: 'gifting-memories', price: 4321.5, stock: 6 })
    const storefront = await openPage()
    const path = await productPath(storefront, product.title)
    await expect(productCard(storefront, product.title).getByText('Only 6 items left')).toBeVisible()

    await loginAs(page, 'admin')
    const card = adminProductCard(page, product.title)
    await expect(card).toContainText('Stock: 6')
    await card.getByRole('link', { name: 'Edit' }).click()
    await expect(page).toHaveURL(/\/admin\/products\/[^/]+\/edit$/)
    const sheet = page.getByRole('region', { name: 'Edit Product' })
    await expect(sheet.getByRole('heading', { name: 'Edit Product' })).toBeVisible()
    await expect(sheet.getByLabel('Title', { exact: true })).toHaveValue(product.title)
    await expect(sheet.getByRole('combobox', { name: /^Category\b/ })).toHaveValue('gifting-memories')
    await expect(sheet.getByLabel('Price (₹)', { exact: true })).toHaveValue(/^4321\.50?$/)
    await expect(sheet.getByLabel('Total Stock', { exact: true })).toHaveValue('6')
    await expect(sheet.getByRole('img', { name: 'Product 1' })).toBeVisible()
    const save = sheet.getByRole('button', { name: 'Edit', exact: true })
    await expect(save).toBeEnabled()

    await sheet.getByLabel('Total Stock', { exact: true }).fill('0')
    await save.click()
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(flash(page, 'Product edited successfully')).toBeVisible()
    await expect(card).toContainText('Stock: 0')
    // Nothing else changed.
    await expect(card).toContainText('₹4,321.50')

    await storefront.goto(`/shop/search?keyword=${encodeURIComponent(product.title)}`)
    const shopCard = productCard(storefront, product.title)
    await expect(shopCard.getByText('Out Of Stock', { exact: true }).first()).toBeVisible()
    await expect(shopCard.getByRole('button', { name: 'Out Of Stock' })).toBeDisabled()
    await storefront.goto(path)
    await expect(storefront.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
  })

  test('deletes a product after asking, and its shop page is gone', async ({ page, openPage, shop }) => {
    test.slow()
    const product = await shop.product({ title: uniqueTitle('Doomed') })
    const storefront = await openPage()
    const path = await productPath(storefront, product.title)

    await loginAs(page, 'admin')
    const card = adminProductCard(page, product.title)
    await card.getByRole('link', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/admin\/products\?delete=[^&]+$/)
    const confirm = page.getByRole('alertdialog', { name: 'Delete product' })
    await expect(confirm).toContainText(`Delete “${product.title}”?`)
    // Keeping it changes nothing.
    await confirm.getByRole('link', { name: 'Keep it' }).click()
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(confirm).toHaveCount(0)
    await expect(card).toHaveCount(1)

    await card.getByRole('link', { name: 'Delete' }).click()
    await confirm.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(flash(page, 'Product deleted successfully')).toBeVisible()
    await expect(card).toHaveCount(0)

    const response = await storefront.goto(path)
    expect(response?.status()).toBe(404)
    await expect(storefront.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    // Search forgives, so other coasters may still answer its title's words; the product itself is gone.
    await storefront.goto(`/shop/search?keyword=${encodeURIComponent(product.title)}`)
    await expect(storefront.getByPlaceholder('Search Products...')).toHaveValue(product.title)
    await expect(productCard(storefront, product.title)).toHaveCount(0)
  })
})

test.describe('admin dashboard', () => {
  test('shows revenue, the daily chart, orders by status, stock alerts and the latest orders', async ({ page }) => {
    await loginAs(page, 'admin')
    await adminNav(page, 'Dashboard')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

    // The demo shop comes with a month of orders, so every figure has something to show.
    const revenue = page.getByRole('region', { name: 'Revenue', exact: true })
    for (const period of ['Today', 'Last 7 days', 'Last 30 days']) await expect(revenue).toContainText(period)
    await expect(revenue).toContainText(/₹[1-9][\d,]*\.\d\d/)

    const chart = page.getByRole('img', { name: 'Daily revenue, last 30 days' })
    await expect(chart).toBeVisible()
    await expect(chart.locator('rect')).toHaveCount(30)
    await expect(page.getByRole('region', { name: 'Daily revenue' }).locator('figcaption')).toContainText(/from \d+ paid orders?; best day/)

    const statuses = page.getByRole('region', { name: 'Orders by status' })
    await expect(statuses.getByRole('link')).toHaveCount(7) // every status of app/lib/order-status.ts, cancelled included
    const stock = page.getByRole('region', { name: 'Stock alerts' })
    await expect(stock.getByText('Out of stock').first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Latest orders' }).getByRole('listitem')).toHaveCount(5)
    expect(await horizontalOverflow(page), 'the dashboard scrolls sideways on a phone').toBe(0)

    // Each status leads to the orders it counts.
    await statuses.getByRole('link').filter({ hasText: 'Delivered' }).click()
    await expect(page).toHaveURL(/\/admin\/orders\?status=delivered$/)
    await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: 'Delivered' }).first()).toBeVisible()
  })
})

test.describe('admin orders', () => {
  test('updates an order’s status, asking for one first', async ({ page, openPage, shop }) => {
    test.slow()
    // A fresh shopper buys a piece of the test's own through the TEST MODE gateway.
    const product = await shop.product()
    const shopper = await startTestPayment(page, product)
    await page.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/payment-success\?order=[^&]+$/)
    await page.goto('/shop/account')
    const shopperRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'View Details' }) })
    await expect(shopperRow).toHaveCount(1)
    const orderNumber = (await shopperRow.getByRole('cell').first().textContent())?.trim() ?? ''
    expect(orderNumber).toMatch(/^#\d+$/)

    const admin = await openPage()
    await loginAs(admin, 'admin')
    await adminNav(admin, 'Orders')
    await expect(admin).toHaveURL(/\/admin\/orders$/)
    await expect(admin.getByRole('heading', { name: 'All Orders' })).toBeVisible()
    const row = admin.getByRole('row').filter({ hasText: orderNumber })
    await expect(row).toContainText(shopper.email)
    await expect(row.getByText('Confirmed', { exact: true })).toHaveClass(/bg-green-700/)
    await expect(row).toContainText(product.price)

    await row.getByRole('link', { name: 'View Details' }).click()
    await expect(admin).toHaveURL(/\/admin\/orders\/[^/?]+$/)
    await expect(admin.getByRole('heading', { name: `Order Details ${orderNumber}` })).toBeVisible()
    await expect(admin.getByText(`${product.title} × 1`)).toBeVisible()
    await expect(admin.getByText('12 Lake View Road, Indiranagar', { exact: true })).toBeVisible()
    await expect(admin.getByText(`${shopper.userName} (${shopper.email})`)).toBeVisible()
    // From a phone: one tap calls or messages the shopper, and the controls come before the lines.
    const contact = admin.getByRole('navigation', { name: 'Contact the shopper' })
    await expect(contact.getByRole('link', { name: 'Call 9876543210' })).toHaveAttribute('href', 'tel:+919876543210')
    await expect(contact.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/919876543210')
    await expect(contact.getByRole('link', { name: 'Email' })).toHaveAttribute('href', new RegExp(`^mailto:${shopper.email.replace(/[.+]/g, '\\$&')}\\?`))
    const controlsTop = (await admin.getByRole('button', { name: 'Update Order Status' }).boundingBox())?.y ?? Number.POSITIVE_INFINITY
    const itemsTop = (await admin.getByRole('heading', { name: 'Items' }).boundingBox())?.y ?? 0
    expect(controlsTop).toBeLessThan(itemsTop)

    const update = admin.getByRole('button', { name: 'Update Order Status' })
    const status = admin.getByRole('combobox', { name: /^Order Status\b/ })
    await expect(status).toHaveValue('')
    await update.click()
    await expect(admin.getByRole('main').getByRole('alert').filter({ hasText: 'Please select an order status before submitting.' })).toBeVisible()
    if (jsEnabled()) await expect(toast(admin, 'Please select an order status before submitting.')).toBeVisible()
    const badge = admin.locator('dl > div').filter({ has: admin.getByText('Order Status', { exact: true }) }).locator('dd')
    await expect(badge).toHaveText('Confirmed')

    // Only the moves allowed from Confirmed are offered: made first, then shipped.
    await status.selectOption('inProcess')
    await update.click()
    await expect(flash(admin, 'Order status is updated successfully!')).toBeVisible()
    await expect(badge).toHaveText('Being made')
    await status.selectOption('inShipping')
    await update.click()
    await expect(badge).toHaveText('Shipped')
    await expect(admin.getByRole('main').getByRole('alert')).toHaveCount(0)
    // The innermost section with that heading (the page's own section holds them all).
    const history = admin.locator('section').filter({ has: admin.getByRole('heading', { name: 'Status history' }) }).last()
    await expect(history.getByRole('listitem')).toHaveText([/^Pending payment/, /^Confirmed/, /^Being made/, /^Shipped/])

    await admin.getByRole('link', { name: 'Back to All Orders' }).click()
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible()
    // The status filter finds it.
    await admin.getByRole('combobox', { name: /^Status\b/ }).selectOption('inShipping')
    if (!jsEnabled()) await admin.getByRole('button', { name: 'Filter' }).click()
    await expect(admin).toHaveURL(/\/admin\/orders\?status=inShipping$/)
    await expect(row).toHaveCount(1)
    await admin.getByRole('combobox', { name: /^Status\b/ }).selectOption('confirmed')
    if (!jsEnabled()) await admin.getByRole('button', { name: 'Filter' }).click()
    await expect(admin).toHaveURL(/\/admin\/orders\?status=confirmed$/)
    await expect(row).toHaveCount(0)

    // The shopper sees the new status.
    await page.reload()
    await expect(shopperRow.getByText('Shipped', { exact: true })).toBeVisible()

    // On a phone the table scrolls inside its box; the page itself does not scroll sideways.
    await admin.getByRole('combobox', { name: /^Status\b/ }).selectOption('')
    if (!jsEnabled()) await admin.getByRole('button', { name: 'Filter' }).click()
    await expect(row).toHaveCount(1)
    expect(await horizontalOverflow(admin), 'the All Orders page scrolls sideways on a phone').toBe(0)
  })
})

test.describe('admin feature images', () => {
  test('uploads a banner and deletes it after asking', async ({ page }) => {
    const image = await testPng(jsEnabled() ? '#264653' : '#f4a261', 1200, 480)
    const mine = page.getByRole('listitem').filter({ has: page.locator(`img[src*="${uploadHash(image)}"]`) })
    await loginAs(page, 'admin')
    await adminNav(page, 'Features')
    await expect(page).toHaveURL(/\/admin\/features$/)
    await expect(page.getByRole('heading', { name: 'Feature Images' })).toBeVisible()
    await expect(mine).toHaveCount(0)

    await page.getByLabel(/^Picture/).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: image })
    await page.getByRole('button', { name: 'Add banner', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/features$/)
    await expect(flash(page, 'Feature image added successfully')).toBeVisible()
    await expect(mine).toHaveCount(1)
    await expect(mine.locator('img')).toBeVisible()

    // Delete asks first; keeping it changes nothing.
    await mine.getByRole('link', { name: /^Delete/ }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete banner' })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('link', { name: 'Keep it' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(mine).toHaveCount(1)
    await mine.getByRole('link', { name: /^Delete/ }).click()
    await confirm.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(flash(page, 'Feature image deleted successfully')).toBeVisible()
    await expect(mine).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Feature Images' })).toBeVisible()
  })
})

test.describe('admin guard', () => {
  test('a shopper gets Access Denied on /admin/products', async ({ page }) => {
    await loginAs(page, 'shopper')
    await page.goto('/admin/products')
    await expect(page).toHaveURL(/\/unauth-page$/)
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await page.goto('/admin/products/new')
    await expect(page).toHaveURL(/\/unauth-page$/)
  })

  test('a visitor on /admin/products is sent to login and back', async ({ page }) => {
    await page.goto('/admin/products')
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Fproducts$/)
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password)
    await expect(page).toHaveURL(/\/admin\/products$/)
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible()
  })
})
