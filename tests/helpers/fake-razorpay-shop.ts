// The built shop on a fresh database with Razorpay pointed at the local fake (tests/fake-razorpay.ts):
// what the /api order, cancel and hold tests start with. Keys are per test file.
import { type DB, openDatabase } from '../../db/database'
import { type FakeRazorpay, startFakeRazorpay } from '../fake-razorpay'
import { type RunningServer, startServer } from '../integration/server'

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
