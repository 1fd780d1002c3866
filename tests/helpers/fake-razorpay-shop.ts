// The built shop on a fresh database with Razorpay pointed at the local fake (tests/fake-razorpay.ts):
// what the /api order, cancel and hold tests start with. Keys are per test file.
import { expect } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { type FakeRazorpay, startFakeRazorpay } from '../fake-razorpay'
import { type RunningServer, startServer } from '../integration/server'
import type { client, Shopper } from './shop-api'

export interface RazorpayKeys {
  keyId: string
  keySecret: string
  webhookSecret: string
}

export interface ShopWithFakeRazorpay {
  fake: FakeRazorpay
  server: RunningServer
  /** The shop's database (its SQLite file, or env.DATABASE_URL), for arranging and checking rows. */
  db: DB
  stop(): Promise<void>
}

/** Starts the fake, then the shop (no demo seed, a roomy auth rate limit) with `env` on top. */
export async function startShopWithFakeRazorpay(keys: RazorpayKeys, env: Record<string, string> = {}): Promise<ShopWithFakeRazorpay> {
  const fake = await startFakeRazorpay(keys.keySecret, { keyId: keys.keyId })
  const server = await startServer({
    SEED_DEMO: '0',
    AUTH_RATE_LIMIT: '100',
    RAZORPAY_KEY_ID: keys.keyId,
    RAZORPAY_KEY_SECRET: keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
    RAZORPAY_API_BASE: fake.url,
    ...env,
  })
  const db = openDatabase(server.database)
  return {
    fake,
    server,
    db,
    async stop() {
      await db.destroy()
      await server.stop()
      await fake.stop()
    },
  }
}

type ApiClient = ReturnType<typeof client>
type CartLine = Parameters<ApiClient['addToCart']>[1]

/** An order of `lines` for `shopper` to her address, paid at the fake and verified by the shop. */
export async function paidOrderOverApi(
  api: ApiClient,
  fake: FakeRazorpay,
  { shopper, addressId, lines }: { shopper: Shopper; addressId: string; lines: CartLine[] },
): Promise<{ orderId: string; paymentId: string }> {
  for (const line of lines) await api.addToCart(shopper, line)
  const created = await api.createOrder(shopper, { userId: shopper.id, addressInfo: { addressId } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const orderId = created.body.orderId as string
  const { paymentId, signature } = fake.pay(created.body.razorpayOrder.id)
  const verified = await api.verify(shopper, { razorpay_order_id: created.body.razorpayOrder.id, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
  expect(verified.status, JSON.stringify(verified.body)).toBe(200)
  return { orderId, paymentId }
}

/**
 * A paid order (paidOrderOverApi) moved to delivered by the owner's /api: what the returns, exchanges
 * and pickups suites start from. Every write goes through the server (a write from the test process
 * meets the server's mail worker's and fails at once with SQLITE_BUSY now and then).
 */
export async function deliveredOrderOverApi(
  api: ApiClient,
  fake: FakeRazorpay,
  { shopper, owner, addressId, lines }: { shopper: Shopper; owner: Shopper; addressId: string; lines: CartLine[] },
): Promise<string> {
  const { orderId } = await paidOrderOverApi(api, fake, { shopper, addressId, lines })
  for (const orderStatus of ['inProcess', 'inShipping', 'delivered']) {
    const moved = await api.call('PUT', `/api/admin/orders/update/${orderId}`, { token: owner.token, body: { orderStatus } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
  return orderId
}
