// The data a browser test needs, made through the running shop's own /api (docs/api.md): its own
// shopper account and its own products with a known stock and price, so a spec that buys, cancels or
// reviews neither depends on the demo seed's rows nor changes what another test counts on.
import sharp from 'sharp'

export const DEMO = {
  admin: { email: 'admin@resincraft.studio', password: 'admin12345', name: 'Studio Admin' },
  shopper: { email: 'shopper@resincraft.studio', password: 'shopper12345', name: 'Priya Sharma' },
} as const

/** The password of every shopper a test registers (PASSWORD_TEST_COST keeps its hash cheap). */
export const TEST_PASSWORD = 'resin-buyer-123'

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/**
 * Where a test's product goes and what it costs unless the test says otherwise. The storefront specs
 * read the demo seed while these products come and go: they count the jewellery and home decor
 * listings (so Special Occasion), and read the first cards of pages 1 and 2 in price order, which a
 * piece dearer than the 25th cheapest seeded one (₹1,299) never moves, nor the dearest (₹5,499).
 */
export const TEST_PRODUCT_DEFAULTS = { category: 'special-occasion', price: 3999, stock: 20 } as const

/** A product a test made, as the shop shows it. */
export interface TestProduct {
  id: string
  title: string
  /** The effective price as pages show it: '₹3,999.00'. */
  price: string
  /** The same in rupees, as /api and the schema.org data give it. */
  rupees: number
  stock: number
  /** Its own page: /shop/product/<id>. */
  path: string
}

export interface ProductOptions {
  title?: string
  /** Rupees. */
  price?: number
  /** Rupees, 0 for none. */
  salePrice?: number
  stock?: number
  category?: 'jewellery' | 'home-decor' | 'gifting-memories' | 'special-occasion'
  description?: string
  /** A PNG for its card; one plain picture shared by every test product when left out. */
  image?: Buffer
  /** Working days the studio takes to make it (ADR 070); ready to ship when left out. */
  madeToOrderDays?: number
  /** Personalisation fields as the admin /api takes them (ADR 069). */
  personalization?: { label: string; kind?: 'text' | 'date'; maxLength?: number; required?: boolean; pricePaise?: number }[]
  /** More of the /api product body (colours, variety, stock and prices by colour: ADR 061, 071). */
  extra?: Record<string, unknown>
}

export interface TestShopper {
  userName: string
  email: string
  password: string
}

/** Rupees as the shop prints them (en-IN grouping, two decimals). */
export function formatRupees(rupees: number): string {
  return `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

// Digits only: a title of letters could answer another spec's forgiving search ('earing', 'qqqq zzzz').
let made = 0
function uniqueTitle(): string {
  made += 1
  return `Test Piece ${process.pid}${String(Date.now()).slice(-6)}${made}`
}

let sharedImage: Promise<Buffer> | undefined
/** One picture for every test product: uploads are content-addressed, so the shop stores it once. */
function defaultImage(): Promise<Buffer> {
  sharedImage ??= sharp({ create: { width: 400, height: 400, channels: 3, background: '#8ecae6' } }).png().toBuffer()
  return sharedImage
}

// biome-ignore lint/suspicious/noExplicitAny: /api answers are checked by the callers, field by field
type Json = any

/**
 * One test's data. Calls carry a Bearer token and no cookie, so the shop's cross-site check (which
 * only guards cookie requests) lets them through. The products it made are deleted after the test.
 */
export class ShopData {
  private adminToken: Promise<string> | undefined
  private readonly toDelete: string[] = []
  private readonly titlesToDelete: string[] = []

  constructor(private readonly baseURL: string) {}

  private async call(method: string, path: string, options: { token?: string; json?: unknown; form?: FormData } = {}) {
    const response = await fetch(this.baseURL + path, {
      method,
      headers: {
        ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
    })
    const body: Json = await response.json()
    return { status: response.status, body }
  }

  private async expectStatus(method: string, path: string, status: number, options: Parameters<ShopData['call']>[2] = {}) {
    const answer = await this.call(method, path, options)
    if (answer.status !== status) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body
  }

  /** Signs in through /api; resolves to the session's token and the user. */
  async login(email: string, password: string): Promise<{ token: string; userId: string }> {
    const body = await this.expectStatus('POST', '/api/auth/login', 200, { json: { email, password } })
    return { token: body.token, userId: body.user.id }
  }

  private admin(): Promise<string> {
    this.adminToken ??= this.login(DEMO.admin.email, DEMO.admin.password).then((session) => session.token)
    return this.adminToken
  }

  /** A product of the test's own, added by the seeded admin through the admin /api. */
  async product(options: ProductOptions = {}): Promise<TestProduct> {
    const token = await this.admin()
    const upload = new FormData()
    upload.append('my_file', new Blob([new Uint8Array(options.image ?? (await defaultImage()))], { type: 'image/png' }), 'piece.png')
    const image = await this.expectStatus('POST', '/api/admin/products/upload-image', 200, { token, form: upload })
    const price = options.price ?? TEST_PRODUCT_DEFAULTS.price
    const salePrice = options.salePrice ?? 0
    const stock = options.stock ?? TEST_PRODUCT_DEFAULTS.stock
    const added = await this.expectStatus('POST', '/api/admin/products/add', 201, {
      token,
      json: {
        title: options.title ?? uniqueTitle(),
        description: options.description ?? 'Poured in clear resin by a browser test.',
        category: options.category ?? TEST_PRODUCT_DEFAULTS.category,
        price,
        salePrice,
        totalStock: stock,
        images: [image.result.url],
        ...(options.madeToOrderDays === undefined ? {} : { madeToOrderDays: options.madeToOrderDays }),
        ...(options.personalization ? { personalization: options.personalization } : {}),
        ...(options.extra ?? {}),
      },
    })
    const id: string = added.data._id
    this.toDelete.push(id)
    const rupees = salePrice > 0 ? salePrice : price
    return { id, title: added.data.title, price: formatRupees(rupees), rupees, stock, path: `/shop/product/${id}` }
  }

  /** Sets a product's stock through the admin /api (another admin, elsewhere): the rest of it as it is. */
  async setStock(id: string, stock: number): Promise<void> {
    const token = await this.admin()
    const { data } = await this.expectStatus('GET', `/api/shop/products/get/${id}`, 200)
    const { title, description, category, price, salePrice, images } = data
    await this.expectStatus('PUT', `/api/admin/products/edit/${id}`, 200, { token, json: { title, description, category, price, salePrice, images, totalStock: stock } })
  }

  /** A discount code of the test's own (ADR 073), made by the seeded admin through the admin /api; resolves to its code. */
  async discountCode(body: Record<string, unknown> = {}): Promise<string> {
    const code = `E2E${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
    await this.expectStatus('POST', '/api/admin/discounts', 201, { token: await this.admin(), json: { code, type: 'percent', value: 10, scope: 'shop', ...body } })
    return code
  }

  /** A product the test adds another way (the admin's own form): deleted after the test too. */
  deleteAfter(title: string) {
    this.titlesToDelete.push(title)
  }

  /** A fresh shopper account, through the registration API (sign it in with the login form). */
  async shopper(userName = 'Test Shopper'): Promise<TestShopper> {
    const user = { userName, email: uniqueEmail('buyer'), password: TEST_PASSWORD }
    await this.expectStatus('POST', '/api/auth/register', 201, { json: user })
    return user
  }

  /** Deletes what the test made (a product it deleted itself already answers 404). */
  async cleanUp() {
    if (this.toDelete.length === 0 && this.titlesToDelete.length === 0) return
    const token = await this.admin()
    if (this.titlesToDelete.length > 0) {
      const list = await this.expectStatus('GET', '/api/admin/products/get', 200, { token })
      for (const product of list.data as { _id: string; title: string }[]) {
        if (this.titlesToDelete.includes(product.title)) this.toDelete.push(product._id)
      }
    }
    for (const id of this.toDelete) {
      const answer = await this.call('DELETE', `/api/admin/products/delete/${id}`, { token })
      if (answer.status !== 200 && answer.status !== 404) throw new Error(`Deleting test product ${id}: ${answer.status}`)
    }
  }
}
