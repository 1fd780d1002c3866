import { createHash } from 'node:crypto'
import { type BrowserContext, expect, type Locator, type Page, test as base } from '@playwright/test'
import sharp from 'sharp'
import { DEMO, ShopData, type TestProduct, type TestShopper } from './shop-data'

export { DEMO, formatRupees, type TestProduct, type TestShopper, uniqueEmail } from './shop-data'
export { MIN_TAP_PX, type TapTarget, tapTargets } from './tap-targets'

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs in through the login form, as a shopper would. */
export async function loginAs(page: Page, role: keyof typeof DEMO) {
  await page.goto('/auth/login')
  await fillLogin(page, DEMO[role].email, DEMO[role].password)
  await expect(page).toHaveURL(role === 'admin' ? /\/admin\/products$/ : /\/shop\/home$/)
}

export async function register(page: Page, user: { userName: string; email: string; password: string }) {
  await page.goto('/auth/register')
  await page.getByLabel('User Name').fill(user.userName)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
}

/** A flashed message as the shopper sees it: the status region without JS, the toast with it. */
export function flash(page: Page, text: string) {
  return page.getByText(text, { exact: true }).locator('visible=true').first()
}

/**
 * The worker's browser tabs, one per set of context options, each reused test after test (ADR 098):
 * on the 2-core CI machine a new tab costs Chromium about 2 CPU-seconds (a renderer process started
 * from nothing), a navigation in a kept one a tenth of that.
 */
const keptTabs = new Map<string, { context: BrowserContext; page: Page }>()

/** Makes a kept tab as a new one would be: no cookies, storage, routes, listeners or emulation left. */
async function resetTab({ context, page }: { context: BrowserContext; page: Page }, viewport: { width: number; height: number } | null) {
  page.removeAllListeners()
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  // Leaves the shop first, so no script of the last test's page runs on into the next test.
  await page.goto('about:blank')
  await context.clearCookies()
  await context.clearPermissions()
  const session = await context.newCDPSession(page)
  try {
    const origin = new URL(shopURL()).origin
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
  } finally {
    await session.detach()
  }
  await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: null, forcedColors: null })
  const size = page.viewportSize()
  if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) await page.setViewportSize(viewport)
}

export const test = base.extend<{
  /** The test's own data (shoppers, products), made through the shop's /api and tidied after it. */
  shop: ShopData
  /** Opens a page in a new context with the project's device and JS setting (or `javaScriptEnabled`). */
  openPage: (options?: { javaScriptEnabled?: boolean }) => Promise<Page>
}>({
  // The worker's kept tab for these options (see keptTabs), reset after each test; a test that closed
  // it, or failed, leaves it to be made anew.
  page: async (
    { browser, baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, javaScriptEnabled, colorScheme },
    use,
    testInfo,
  ) => {
    const options = { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, javaScriptEnabled, colorScheme }
    const key = JSON.stringify(options)
    let tab = keptTabs.get(key)
    if (!tab || tab.page.isClosed()) {
      const context = await browser.newContext(options)
      tab = { context, page: await context.newPage() }
      keptTabs.set(key, tab)
    }
    await use(tab.page)
    const failed = testInfo.status !== testInfo.expectedStatus
    if (failed && !tab.page.isClosed()) {
      await testInfo.attach('screenshot', { body: await tab.page.screenshot().catch(() => Buffer.from('')), contentType: 'image/png' })
    }
    if (failed || tab.page.isClosed()) {
      keptTabs.delete(key)
      await tab.context.close()
      return
    }
    await resetTab(tab, viewport)
  },
  shop: async ({ baseURL }, use) => {
    const data = new ShopData(baseURL ?? '')
    await use(data)
    await data.cleanUp()
  },
  // A second shopper's tab with the test's own options (a spec's `test.use({ viewport: PHONE_390 })`
  // included), not only its project's.
  openPage: async ({ browser, baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, javaScriptEnabled }, use) => {
    const contexts: BrowserContext[] = []
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        javaScriptEnabled: options.javaScriptEnabled ?? javaScriptEnabled,
      })
      contexts.push(context)
      return context.newPage()
    })
    for (const context of contexts) await context.close()
  },
})
export { expect }

/** True in the 'js' project, false in 'no-js'. */
export function jsEnabled(): boolean {
  return test.info().project.name === 'js'
}

/** A product card (an article in a grid) by its exact title. */
export function productCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

/** The header's cart link, whose name says how many distinct lines the cart holds. */
export function cartLink(page: Page) {
  return page.getByRole('link', { name: /^Cart, \d+ items?$/ })
}

/** The product page URL of a product, found by searching for its title. */
export async function productPath(page: Page, title: string): Promise<string> {
  await page.goto(`/shop/search?keyword=${encodeURIComponent(title)}`)
  const href = await productCard(page, title).getByRole('link', { name: title, exact: true }).getAttribute('href')
  expect(href).toMatch(/^\/shop\/product\/[^/]+$/)
  return href as string
}

/**
 * Opens the cart as the shopper would: the 'Your Cart' sheet with JS, the /shop/cart page without.
 * Returns the region holding the cart's lines, total and checkout.
 */
export async function openCart(page: Page) {
  await cartLink(page).click()
  if (jsEnabled()) {
    const sheet = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('heading', { name: 'Your Cart' })).toBeVisible()
    await expect(sheet.locator('[aria-busy="true"]')).toHaveCount(0)
    return sheet
  }
  await expect(page).toHaveURL(/\/shop\/cart$/)
  await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible()
  return page.getByRole('main')
}

/** Effective (paid) prices of the product cards shown, in rupees, in page order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => {
        const spans = card.querySelectorAll('p span')
        // The last price shown is the one paid: the sale price when the original is struck through.
        return spans[spans.length - 1]?.textContent ?? ''
      }),
    )
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')))
}

/** Picks a choice (variety or colour) by clicking its label, as a shopper taps the chip. */
export async function choose(group: Locator, name: string | RegExp) {
  await group.locator('label').filter({ hasText: name }).click()
  await expect(group.getByRole('radio', { name })).toBeChecked()
}

/** Opens the listing's Filters panel (a full-screen drawer behind its 'Filters' button on phones). */
export async function openFilters(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Filters' })
  // The first of the toggle's labels is the 'Filters' button that opens the drawer.
  await panel.locator('label[for="show-filters"]').first().click()
  await expect(panel.getByRole('group', { name: 'Category' })).toBeVisible()
  return panel
}

/** A toast (JS only): the notification region's message, not the page's own copy of it. */
export function toast(page: Page, text: string) {
  return page.locator('[data-toast-region]').getByText(text, { exact: true })
}

/** A message (toast or flash) must not cover the header's buttons, such as the cart the shopper taps next. */
export async function expectClearOfHeader(page: Page, message: Locator) {
  const headerBottom = async () => {
    const box = await page.locator('header').first().boundingBox()
    return box ? box.y + box.height : Number.POSITIVE_INFINITY
  }
  // Polled: a toast slides in from above before it settles.
  await expect.poll(async () => ((await message.boundingBox())?.y ?? -1) >= (await headerBottom())).toBe(true)
}

/** Waits until fetchers and their revalidation are done (with JS; without JS every post is a page). */
export async function settled(page: Page) {
  if (jsEnabled()) await page.waitForLoadState('networkidle')
}

/** A plain PNG of one colour (800 × 800 unless told), for the upload inputs. */
export async function testPng(background: string, width = 800, height = width): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer()
}

/** The content hash the media service names an upload by (its stored urls contain it). */
export function uploadHash(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex').slice(0, 32)
}

export interface AddressValues {
  /** The recipient, when not the account holder. */
  name?: string
  addressLine: string
  city: string
  state: string
  pincode: string
  phone: string
  landmark?: string
  notes?: string
}

/** Fills the address form (account page or checkout); Country is left at its default. */
export async function fillAddress(scope: Page | Locator, address: AddressValues) {
  if (address.name !== undefined) await scope.getByLabel('Recipient name (optional)').fill(address.name)
  await scope.getByLabel('Address', { exact: true }).fill(address.addressLine)
  await scope.getByLabel('City', { exact: true }).fill(address.city)
  await scope.getByLabel('State', { exact: true }).selectOption(address.state)
  await scope.getByLabel('Pincode', { exact: true }).fill(address.pincode)
  await scope.getByLabel('Phone', { exact: true }).fill(address.phone)
  if (address.landmark !== undefined) await scope.getByLabel('Landmark (optional)').fill(address.landmark)
  if (address.notes !== undefined) await scope.getByLabel('Notes (optional)').fill(address.notes)
}

/** The running shop's address for this test's project. */
function shopURL(): string {
  return test.info().project.use.baseURL ?? ''
}

/**
 * Registers a fresh shopper (through the registration API: the sign-up form has its own tests) and
 * signs them in through the login form; resolves to their details.
 */
export async function newShopper(page: Page, userName = 'Test Shopper'): Promise<TestShopper> {
  const user = await new ShopData(shopURL()).shopper(userName)
  await page.goto('/auth/login')
  await fillLogin(page, user.email, user.password)
  await expect(page).toHaveURL(/\/shop\/home$/)
  return user
}

/** Adds one of the product to the cart from its search result card. */
export async function addToCart(page: Page, product: Pick<TestProduct, 'title'>) {
  await page.goto(`/shop/search?keyword=${encodeURIComponent(product.title)}`)
  await productCard(page, product.title).getByRole('button', { name: 'Add to cart' }).click()
  await expect(flash(page, 'Product is added to cart')).toBeVisible()
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
  await settled(page)
}

/**
 * Adds an address through the checkout page's 'Add New Address' form (folded behind
 * '+ Add a new address' once the shopper has an address).
 */
export async function addAddressAtCheckout(page: Page, address: AddressValues) {
  await expect(page).toHaveURL(/\/shop\/checkout$/)
  const fold = page.locator('details').filter({ has: page.getByText('+ Add a new address', { exact: true }) })
  if ((await fold.count()) > 0 && !(await fold.evaluate((details) => (details as HTMLDetailsElement).open))) {
    await fold.getByText('+ Add a new address', { exact: true }).click()
  }
  const form = page.locator('form').filter({ has: page.getByLabel('Pincode', { exact: true }) })
  await fillAddress(form, address)
  await form.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(flash(page, 'Address Added Successfully')).toBeVisible()
  await settled(page)
}

export const HOME_ADDRESS: AddressValues = {
  addressLine: '12 Lake View Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  phone: '9876543210',
  landmark: 'Near the metro station',
}

/**
 * A fresh shopper with one of the product in the cart and one address, sent from checkout to the
 * TEST MODE payment page. Resolves to the shopper.
 */
export async function startTestPayment(
  page: Page,
  product: TestProduct,
  options: { address?: AddressValues; checkProcessing?: boolean } = {},
): Promise<TestShopper> {
  const shopper = await newShopper(page)
  await addToCart(page, product)
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, options.address ?? HOME_ADDRESS)
  await expect(page.getByRole('radio')).toHaveCount(1)
  await expect(page.getByRole('radio')).toBeChecked()
  await expect(page.getByRole('listitem').filter({ hasText: product.title })).toContainText(`${product.title} × 1`)
  const checkout = page.getByRole('button', { name: 'Checkout with Razorpay' })
  if (options.checkProcessing && jsEnabled()) {
    // Hold the order request a moment to see the button and the overlay while it works.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/shop\/checkout(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await checkout.click()
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled()
    await expect(page.getByRole('status').filter({ hasText: 'Processing...' })).toBeVisible()
    release()
    await page.unrouteAll({ behavior: 'wait' })
  } else {
    await checkout.click()
  }
  await expect(page).toHaveURL(/\/shop\/payment\/test\?order=[^&]+$/)
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: `Pay ${product.price}` })).toBeVisible()
  return shopper
}

export interface NewProduct {
  title: string
  description: string
  /** The category's label, as the select shows it. */
  category: string
  price: string
  salePrice: string
  totalStock: string
  image: Buffer
}

/** Fills the product sheet's plain fields (add or edit). */
export async function fillProductFields(sheet: Locator, product: Omit<NewProduct, 'image'>) {
  await sheet.getByLabel('Title', { exact: true }).fill(product.title)
  await sheet.getByLabel('Description', { exact: true }).fill(product.description)
  // A select's accessible name also holds its chosen option ('Category Jewellery').
  await sheet.getByRole('combobox', { name: /^Category\b/ }).selectOption({ label: product.category })
  await sheet.getByLabel('Price (₹)', { exact: true }).fill(product.price)
  await sheet.getByLabel('Sale Price (₹, 0 for none)', { exact: true }).fill(product.salePrice)
  await sheet.getByLabel('Total Stock', { exact: true }).fill(product.totalStock)
}

/** A product card in the admin's products grid, by its exact title. */
export function adminProductCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

/** Opens the product's sheet from the admin's list, once the group `part` of it shows. */
export async function openProductSheet(page: Page, title: string, part: string) {
  await page.goto(`/admin/products?q=${encodeURIComponent(title)}`)
  await adminProductCard(page, title).getByRole('link', { name: 'Edit' }).click()
  const sheet = page.getByRole('region', { name: 'Edit Product' })
  await expect(sheet.getByRole('group', { name: part })).toBeVisible()
  return sheet
}

/** Saves the open product sheet and opens it again, as the owner finds it next time. */
export async function saveAndReopenSheet(page: Page, sheet: Locator, title: string, part: string) {
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(flash(page, 'Product edited successfully')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Edit Product' })).toHaveCount(0)
  return openProductSheet(page, title, part)
}

/** The phone the 'Shopping on a phone' issue was found on. */
export const PHONE_390 = { width: 390, height: 844 } as const

/** Opens the header's menu drawer (phones); resolves to its navigation. */
export async function openMenu(page: Page) {
  await page.getByLabel('Menu', { exact: true }).click()
  const menu = page.getByRole('navigation', { name: 'Shop menu' })
  await expect(menu).toBeVisible()
  return menu
}
