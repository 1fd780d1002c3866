// A small JSON client for the shop's /api over real HTTP (tests/integration/server.ts), shared by the
// integration and stress tests: sign-up and login, addresses, cart, checkout and the test gateway; and
// the usual /api suite's shop (a fresh server with the owner signed in and Asha registered).
import { afterAll, beforeAll, expect } from 'vitest'
import { hmacHex, paymentSignature } from '../../app/infra/payment-gateway.server'
import { type RunningServer, startServer } from '../integration/server'
import { ADMIN } from './shop-client'

/** startServer's SESSION_SECRET; the test gateway's secret is derived from it. */
export const SESSION_SECRET = 'integration-secret-integration-secret'
export const TEST_GATEWAY_SECRET = hmacHex(SESSION_SECRET, 'test-payment-gateway')

export interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field below
  body: any
}

export interface Shopper {
  id: string
  token: string
}

export interface ApiOrderSummary {
  _id: string
  orderDate: string
  orderStatus: string
  paymentStatus: string
  totalAmount: number
}

export const ADDRESS = {
  addressLine: '221 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560025',
  phone: '+91 98450 12345',
  landmark: 'Near the clock tower',
  notes: 'Call before delivery',
}

/** A small client for one server; `timeoutMs` aborts a request that gets no answer in time (a TimeoutError). */
export function client(server: () => RunningServer, { timeoutMs }: { timeoutMs?: number } = {}) {
  async function call(
    method: string,
    path: string,
    { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(server().url + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
    })
    expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/)
    return { status: response.status, body: await response.json() }
  }

  async function login(email: string, password: string): Promise<Shopper> {
    const answer = await call('POST', '/api/auth/login', { body: { email, password } })
    expect(answer.status).toBe(200)
    return { id: answer.body.user.id, token: answer.body.token }
  }

  async function registerAndLogin(userName: string, email: string): Promise<Shopper> {
    const registered = await call('POST', '/api/auth/register', { body: { userName, email, password: 'resin-lover-1' } })
    expect(registered.status).toBe(201)
    return login(email, 'resin-lover-1')
  }

  const addAddress = (who: Shopper, fields: Record<string, unknown> = ADDRESS, userId = who.id) =>
    call('POST', '/api/shop/address/add', { token: who.token, body: { userId, ...fields } })

  async function addressesOf(who: Shopper) {
    const answer = await call('GET', `/api/shop/address/get/${who.id}`, { token: who.token })
    expect(answer.status).toBe(200)
    return answer.body.data as { _id: string; addressLine: string }[]
  }

  async function clearAddresses(who: Shopper) {
    for (const address of await addressesOf(who)) {
      expect((await call('DELETE', `/api/shop/address/delete/${who.id}/${address._id}`, { token: who.token })).status).toBe(200)
    }
  }

  async function cartOf(who: Shopper) {
    const answer = await call('GET', `/api/shop/cart/get/${who.id}`, { token: who.token })
    expect(answer.status).toBe(200)
    return answer.body.data as { items: { productId: string; quantity: number }[]; totalAmount: number }
  }

  async function addToCart(who: Shopper, line: { productId: string; quantity: number; variety?: string; color?: string }) {
    const answer = await call('POST', '/api/shop/cart/add', { token: who.token, body: { userId: who.id, ...line } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  }

  async function stockOf(productId: string): Promise<number> {
    const answer = await call('GET', `/api/shop/products/get/${productId}`)
    expect(answer.status).toBe(200)
    return answer.body.data.totalStock
  }

  const createOrder = (who: Shopper, body: Record<string, unknown>) =>
    call('POST', '/api/shop/order/razorpay/create', { token: who.token, body })

  const verify = (who: Shopper, body: Record<string, unknown>) =>
    call('POST', '/api/shop/order/razorpay/verify', { token: who.token, body })

  async function ordersOf(who: Shopper, userId = who.id) {
    const answer = await call('GET', `/api/shop/order/list/${userId}`, { token: who.token })
    expect(answer.status).toBe(200)
    return answer.body.data as ApiOrderSummary[]
  }

  return { call, login, registerAndLogin, addAddress, addressesOf, clearAddresses, cartOf, addToCart, stockOf, createOrder, verify, ordersOf }
}


/** The body the TEST MODE gateway's page posts back: signed with the test gateway's secret. */
export function testPaymentResult(gatewayOrderId: string, paymentId: string, orderId: string) {
  return {
    razorpay_order_id: gatewayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(gatewayOrderId, paymentId, TEST_GATEWAY_SECRET),
    orderId,
  }
}

export type ShopApi = ReturnType<typeof client>

/**
 * The shop of a describe block's /api tests: a fresh server (no demo shop) whose owner is ADMIN, with
 * `env` on top, started before its tests and stopped after them. `admin` (the owner, signed in) and
 * `asha` (a shopper, registered and signed in) are filled in before the first test runs; a later
 * beforeAll in the block (adding the suite's products) runs after them.
 */
export function shopWithOwner(env: Record<string, string> = {}) {
  let running: RunningServer | undefined
  const server = () => {
    if (!running) throw new Error('The shop is not started yet: use it inside a test or a later beforeAll')
    return running
  }
  const api = client(server)
  const admin: Shopper = { id: '', token: '' }
  const asha: Shopper = { id: '', token: '' }
  beforeAll(async () => {
    running = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env })
    Object.assign(admin, await api.login(ADMIN.email, ADMIN.password))
    Object.assign(asha, await api.registerAndLogin('Asha', 'asha@example.com'))
  }, 180_000)
  afterAll(async () => {
    await running?.stop()
  })
  return { api, admin, asha, server }
}
