import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { type Browser, type BrowserContext, expect, type Locator, type Page, type TestInfo, test as base } from '@playwright/test'
import sharp from 'sharp'

export const DEMO = {
  admin: { email: 'admin@resincraft.studio', password: 'admin12345', name: 'Studio Admin' },
  shopper: { email: 'shopper@resincraft.studio', password: 'shopper12345', name: 'Priya Sharma' },
} as const

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

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
 * Tests that add products make the catalogue bigger for a while, which would upset the storefront
 * tests that count the catalogue (46 products, 12 jewellery, ...). They coordinate across workers
 * with a readers/writer lock: a test that changes the catalogue (`test.use({ catalogueAccess:
 * 'write' })`) waits until no counting test runs and keeps new ones waiting until it is done; the
 * counting tests (every test in CATALOGUE_READERS, or `catalogueAccess: 'read'`) run alongside each
 * other. Tests that neither count nor change the catalogue are not held up.
 */
export type CatalogueAccess = 'none' | 'read' | 'write'
const CATALOGUE_READERS = ['storefront.spec.ts']
// One lock per run: the workers are children of the same test runner.
const LOCK_DIR = join(tmpdir(), `resincraft-e2e-catalogue-${process.ppid}`)

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Holders of one side of the lock, tidying entries left by a worker that died. */
function holders(side: 'read' | 'write'): string[] {
  const dir = join(LOCK_DIR, side)
  let names: string[] = []
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.filter((name) => {
    if (alive(Number(name.split('-')[0]))) return true
    rmSync(join(dir, name), { force: true })
    return false
  })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function lockCatalogue(side: 'read' | 'write'): Promise<() => void> {
  const other = side === 'read' ? 'write' : 'read'
  mkdirSync(join(LOCK_DIR, side), { recursive: true })
  const mine = join(LOCK_DIR, side, `${process.pid}-${randomUUID()}`)
  const release = () => rmSync(mine, { force: true })
  // Register first, then look at the other side: of two that race, at least one sees the other.
  writeFileSync(mine, '')
  while (holders(other).length > 0) {
    if (side === 'read') {
      // A writer is waiting or working: step aside so it is not starved, and try again later.
      release()
      await pause(250)
      writeFileSync(mine, '')
    } else {
      await pause(250)
    }
  }
  return release
}

export const test = base.extend<{
  /** How the test uses the catalogue; by default 'read' in CATALOGUE_READERS, else 'none'. */
  catalogueAccess: CatalogueAccess | undefined
  catalogueLock: undefined
  /** Opens a page in a new context with the project's device and JS setting (or `javaScriptEnabled`). */
  openPage: (options?: { javaScriptEnabled?: boolean }) => Promise<Page>
}>({
  catalogueAccess: [undefined, { option: true }],
  catalogueLock: [
    async ({ catalogueAccess }, use, testInfo) => {
      const access = catalogueAccess ?? (CATALOGUE_READERS.includes(basename(testInfo.file)) ? 'read' : 'none')
      if (access === 'none') return use(undefined)
      const release = await lockCatalogue(access)
      try {
        await use(undefined)
      } finally {
        release()
      }
    },
    { auto: true, timeout: 180_000 },
  ],
  openPage: async ({ browser }, use, testInfo) => {
    const contexts: BrowserContext[] = []
    await use(async (options = {}) => {
      const context = await newProjectContext(browser, testInfo.project.use, options)
      contexts.push(context)
      return context.newPage()
    })
    for (const context of contexts) await context.close()
  },
})
export { expect }

async function newProjectContext(
  browser: Browser,
  use: TestInfo['project']['use'],
  options: { javaScriptEnabled?: boolean },
) {
  return browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    javaScriptEnabled: options.javaScriptEnabled ?? use.javaScriptEnabled,
  })
}

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

/** Registers a fresh shopper and signs them in; resolves to their details. */
export async function newShopper(page: Page, userName = 'Test Shopper') {
  const user = { userName, email: uniqueEmail('buyer'), password: 'resin-buyer-123' }
  await register(page, user)
  await expect(page).toHaveURL(/\/auth\/login$/)
  await fillLogin(page, user.email, user.password)
  await expect(page).toHaveURL(/\/shop\/home$/)
  return user
}

/**
 * A plain seeded product with plenty of stock that no other test counts on, for purchases
 * (each paid order takes one from its stock).
 */
export const PURCHASE = { title: 'Stardust Galaxy Earrings', price: '₹799.00' } as const

/** Adds one PURCHASE item to the cart from its search result card. */
export async function addPurchaseToCart(page: Page) {
  await page.goto(`/shop/search?keyword=${encodeURIComponent(PURCHASE.title)}`)
  await productCard(page, PURCHASE.title).getByRole('button', { name: 'Add to cart' }).click()
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
 * A fresh shopper with PURCHASE in the cart and one address, sent from checkout to the TEST MODE
 * payment page. Resolves to the shopper.
 */
export async function startTestPayment(
  page: Page,
  address: AddressValues = HOME_ADDRESS,
  options: { checkProcessing?: boolean } = {},
) {
  const shopper = await newShopper(page)
  await addPurchaseToCart(page)
  await page.goto('/shop/checkout')
  await addAddressAtCheckout(page, address)
  await expect(page.getByRole('radio')).toHaveCount(1)
  await expect(page.getByRole('radio')).toBeChecked()
  await expect(page.getByRole('listitem').filter({ hasText: PURCHASE.title })).toContainText(`${PURCHASE.title} × 1`)
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
  await expect(page.getByRole('heading', { name: `Pay ${PURCHASE.price}` })).toBeVisible()
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

/**
 * Adds a product as the admin, through the product sheet of a page without JS (the image goes up
 * in the same post), in a context of its own; for tests that need a product of their own to work on.
 */
export async function addProductWithoutJs(openPage: (options?: { javaScriptEnabled?: boolean }) => Promise<Page>, product: NewProduct) {
  const page = await openPage({ javaScriptEnabled: false })
  await page.goto('/auth/login')
  await fillLogin(page, DEMO.admin.email, DEMO.admin.password)
  await expect(page).toHaveURL(/\/admin\/products$/)
  await page.goto('/admin/products/new')
  const sheet = page.getByRole('region', { name: 'Add New Product' })
  await fillProductFields(sheet, product)
  await sheet.getByLabel(/^Add images/).setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: product.image })
  await sheet.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/products$/)
  await expect(page.getByText('Product added successfully', { exact: true })).toBeVisible()
}

/** A product card in the admin's products grid, by its exact title. */
export function adminProductCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
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

/** The smallest a control may be on a phone, in CSS pixels (WCAG 2.5.5; Apple's and Google's guides). */
export const MIN_TAP_PX = 44

export interface TapTarget {
  /** What the control is: tag, and its text or label. */
  name: string
  width: number
  height: number
  /** An inline text link inside running text (a paragraph): allowed to be the text's height. */
  inline: boolean
}

/**
 * Every visible control of the page as a thumb meets it: links, buttons, summaries, fields, and
 * for a checkbox or radio the label that carries it (the box itself is often tiny or hidden).
 */
export async function tapTargets(page: Page): Promise<TapTarget[]> {
  return page.evaluate(() => {
    const seen = new Set<Element>()
    const found: { name: string; width: number; height: number; inline: boolean }[] = []
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, summary, select, textarea, input:not([type="hidden"])',
    )
    for (const control of controls) {
      const input = control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type) ? control : null
      const target: HTMLElement = input?.labels?.[0] ?? control
      if (seen.has(target)) continue
      seen.add(target)
      // Closed <details> content keeps boxes in Chromium (content-visibility: hidden): not on screen.
      if (!target.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue
      const rect = target.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      // Visually hidden (sr-only) controls without a label are not tapped.
      if (rect.width <= 1 && rect.height <= 1) continue
      const text = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      found.push({
        name: `${target.tagName.toLowerCase()} "${text}"`,
        width: Math.round(rect.width * 10) / 10,
        height: Math.round(rect.height * 10) / 10,
        inline: target.tagName === 'A' && target.closest('p') !== null,
      })
    }
    return found
  })
}
