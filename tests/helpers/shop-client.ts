// An HTTP client for the security tests against the built server: a cookie jar per "browser", same-origin
// form posts (Origin header, as browsers send), Bearer calls, and a fixture of two shoppers who each own
// a cart line, an address and an order, so a test can check that nobody sees another's.
import { expect } from 'vitest'
import { hmacHex, paymentSignature } from '../../app/infra/payment-gateway.server'

/** tests/integration/server.ts's SESSION_SECRET; the TEST MODE gateway secret is derived from it. */
export const SESSION_SECRET = 'integration-secret-integration-secret'
export const TEST_GATEWAY_SECRET = hmacHex(SESSION_SECRET, 'test-payment-gateway')

export const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' }
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_RATE_LIMIT: '1000' }

export interface Answer {
  status: number
  location: string | null
  headers: Headers
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field by the tests
  json: any
}

export interface RequestOptions {
  /** A url-encoded form body (an HTML action). */
  form?: Record<string, string> | URLSearchParams
  /** A JSON body, or a raw string sent as application/json. */
  json?: unknown
  /** Any other body, sent as is. */
  body?: BodyInit
  headers?: Record<string, string>
  /** Origin header for a non-GET; defaults to the server's own origin (a same-origin browser post). */
  origin?: string | null
  /** Send the jar's cookies (default true). */
  cookies?: boolean
}

/** One client: a cookie jar and, after an /api login, a Bearer token. */
export class Browser {
  readonly jar = new Map<string, string>()
  token: string | null = null
  userId: string | null = null

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {}
    let body: BodyInit | undefined
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json)
    } else if (options.body !== undefined) {
      body = options.body
    }
    if (options.cookies !== false && this.jar.size > 0) headers.Cookie = this.cookieHeader()
    if (method !== 'GET' && method !== 'HEAD') {
      const origin = options.origin === undefined ? this.baseUrl : options.origin
      if (origin) headers.Origin = origin
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { ...headers, ...options.headers },
      body,
      redirect: 'manual',
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair?.indexOf('=') ?? -1
      if (!pair || eq < 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1)
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.jar.delete(name)
      else this.jar.set(name, value)
    }
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, location: response.headers.get('location'), headers: response.headers, text, json }
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options)
  }

  post(path: string, options?: RequestOptions) {
    return this.request('POST', path, options)
  }

  /** An /api call with this client's Bearer token (no cookies). */
  api(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    return this.request(method, path, {
      json,
      cookies: false,
      origin: null,
      headers: this.token ? { Authorization: `Bearer ${this.token}`, ...headers } : headers,
    })
  }

  /** Signs in through the HTML login form (session cookie) and through /api (Bearer token). */
  async signIn(email: string, password: string): Promise<this> {
    const page = await this.post('/auth/login', { form: { email, password } })
    expect(page.status, `login form for ${email}: ${page.text.slice(0, 200)}`).toBe(302)
    const api = await this.api('POST', '/api/auth/login', { email, password })
    expect(api.status, `api login for ${email}`).toBe(200)
    this.token = api.json.token
    this.userId = api.json.user.id
    return this
  }
}

export async function registerShopper(baseUrl: string, userName: string, email: string, password = 'resin-lover-1') {
  const browser = new Browser(baseUrl)
  const registered = await browser.api('POST', '/api/auth/register', { userName, email, password })
  expect(registered.status, JSON.stringify(registered.json)).toBe(201)
  return browser.signIn(email, password)
}

/** Everything one shopper owns, with marker texts that must never appear in another shopper's answers. */
export interface Holdings {
  browser: Browser
  userId: string
  addressId: string
  orderId: string
  gatewayOrderId: string
  productId: string
  /** Texts unique to this shopper: name, email, address line, phone. */
  markers: string[]
}

/** A product with stock to spare and the cart options it needs (a plain piece: no personalisation to type, ADR 069). */
export async function pickProduct(browser: Browser) {
  const listing = await browser.api('GET', '/api/shop/products/get?sortBy=price-lowtohigh')
  const card = (listing.json.data as { _id: string; totalStock: number; personalization: unknown[] }[]).find(
    (p) => p.totalStock >= 20 && p.personalization.length === 0,
  )
  if (!card) throw new Error('The demo catalogue has no product with stock to spare')
  const detail = (await browser.api('GET', `/api/shop/products/get/${card._id}`)).json.data
  const variety = detail.variety as { type: string; options: { name: string }[] } | null
  const line: { productId: string; variety?: string; color?: string } = { productId: card._id }
  if (variety && variety.options.length > 0) line.variety = variety.options[0]?.name
  if (Array.isArray(detail.colors) && detail.colors.length > 0) line.color = detail.colors[0].name ?? detail.colors[0]
  return line
}

/**
 * Registers a shopper who owns an address, a pending order (placed from the cart) and, after it, a
 * fresh cart line. `tag` makes the marker texts unique.
 */
export async function shopperWithHoldings(baseUrl: string, tag: string, paid = false): Promise<Holdings> {
  const email = `${tag.toLowerCase()}-${Date.now()}@example.com`
  const userName = `Shopper${tag}`
  const browser = await registerShopper(baseUrl, userName, email)
  const userId = browser.userId as string
  const addressLine = `${tag} Secret Lane 42`
  const phone = `+91 9${tag.length}${String(Date.now()).slice(-8)}`
  const added = await browser.api('POST', '/api/shop/address/add', {
    userId,
    // The recipient differs from the account's name, so pages and documents show which they use.
    name: `${tag} Recipient`,
    addressLine,
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    phone,
    landmark: `${tag} landmark`,
    notes: '',
  })
  expect(added.status, JSON.stringify(added.json)).toBe(201)
  const addressId = added.json.data._id as string
  const line = await pickProduct(browser)
  const cartAdd = await browser.api('POST', '/api/shop/cart/add', { userId, ...line, quantity: 1 })
  expect(cartAdd.status, JSON.stringify(cartAdd.json)).toBe(200)
  const created = await browser.api('POST', '/api/shop/order/razorpay/create', { userId, addressId })
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  const orderId = created.json.orderId as string
  const gatewayOrderId = created.json.razorpayOrder.id as string
  if (paid) {
    const paymentId = `pay_${tag}${Date.now()}`
    const verified = await browser.api('POST', '/api/shop/order/razorpay/verify', {
      orderId,
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(gatewayOrderId, paymentId, TEST_GATEWAY_SECRET),
    })
    expect(verified.status, JSON.stringify(verified.json)).toBe(200)
  }
  // A line in the cart again (a paid order empties it).
  expect((await browser.api('POST', '/api/shop/cart/add', { userId, ...line, quantity: 2 })).status).toBe(200)
  return { browser, userId, addressId, orderId, gatewayOrderId, productId: line.productId, markers: [email, addressLine, phone, orderId, addressId, gatewayOrderId] }
}

/**
 * Fails when any of the other shopper's marker texts appears in the answer; `sent` is what the request
 * itself carried (url, body), which a page may echo without leaking anything.
 */
export function expectNoLeak(answer: Answer, other: Holdings, label: string, sent = '') {
  for (const marker of other.markers) {
    if (sent.includes(marker)) continue
    expect(answer.text.includes(marker), `${label} leaks ${marker}`).toBe(false)
  }
}

/** No stack trace or internal detail in a body. */
export function expectNoStackTrace(text: string, label: string) {
  expect(text, label).not.toMatch(/\n\s+at [^\n]+\(?[^\n]*:\d+:\d+\)?|node_modules|SqliteError|TypeError|ReferenceError|SyntaxError: /)
}
