// Automatic offers as the owner makes them (the same schema as the admin's form and /api), for the
// tests of offers, offered carts and their orders (ADR 078); and the offered shop those tests shop in.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { DB } from '../../db/database'
import type { PaymentGateway } from '../../app/domain/orders/payment-gateway'
import { createOffer } from '../../app/domain/promotions/offers.server'
import { razorpayGateway } from '../../app/infra/payment-gateway.server'
import { toOfferInput, offerSchema } from '../../app/schemas/offer'
import { type FakeRazorpay, startFakeRazorpay } from '../fake-razorpay'
import { setClock } from './domain-settings'
import { insertProducts, insertUsers, type UserFixture } from './fixtures'
import { createTestDb, type TestDb } from './test-db'

/** An offer: 15% off the whole shop through 2026 (India time), not stackable, unless told. */
export function insertOffer(db: DB, fields: Record<string, unknown> = {}) {
  return createOffer(db, toOfferInput(offerSchema.parse({ name: 'Diwali sale', kind: 'percent_off', percent: '15', startsAt: '2026-01-01T00:00', endsAt: '2027-01-01T00:00', ...fields })))
}

/** The Diwali sale's fields for insertOffer: 15% off Home Decor. */
export const DECOR_15 = { name: 'Diwali sale', percent: '15', scope: 'categories', scopeItems: ['home-decor'] }

/** The day the offered shop's tests run on: a morning of Diwali week 2026, while insertOffer's offers are live. */
export const OFFER_DAY = '2026-11-02T06:00:00Z'

export interface OfferedShop {
  /** The fake Razorpay the gateway pays through (one for the file). */
  fake: FakeRazorpay
  gateway: PaymentGateway
  /** This test's fresh database. */
  db: DB
}

/**
 * The shop a file of offered-cart tests shops in: the fake Razorpay and a gateway to it for the whole
 * file; for each test a fresh database on OFFER_DAY with `users`, a resin tray (Home Decor, 999.00)
 * and an ocean pendant (jewellery, 1,499.00), `stock` of each. Its fields are filled in before each
 * test (and a later beforeEach of the file runs after this one's).
 */
export function offeredShop({ keyId, keySecret, users, stock }: { keyId: string; keySecret: string; users: UserFixture[]; stock: number }): OfferedShop {
  const shop = {} as OfferedShop
  let testDb: TestDb | undefined
  beforeAll(async () => {
    shop.fake = await startFakeRazorpay(keySecret, { keyId })
    shop.gateway = razorpayGateway({ keyId, keySecret, apiBase: shop.fake.url })
  })
  afterAll(async () => {
    await shop.fake?.stop()
  })
  beforeEach(async () => {
    testDb = await createTestDb()
    shop.db = testDb.db
    setClock(OFFER_DAY)
    await insertUsers(shop.db, users)
    await insertProducts(shop.db, [
      { id: 'tray', title: 'Resin tray', category: 'home-decor', price: 99_900, stock },
      { id: 'pendant', title: 'Ocean pendant', category: 'jewellery', price: 149_900, stock },
    ])
  })
  afterEach(async () => {
    setClock()
    await testDb?.cleanup()
  })
  return shop
}
