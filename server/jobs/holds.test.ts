// The periodic sweep of expired stock holds: one sweep deletes only expired holds; the timer sweeps;
// startHolds tells the page cache what holds change (ADR 050).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changedSince, shopGeneration } from '~/infra/shop-writes.server'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import { startHoldSweep, startHolds, sweepHoldsOnce } from './holds'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
  const { db } = testDb
  const now = new Date().toISOString()
  await db.insertInto('users').values({ id: 'u1', user_name: 'Asha', email: 'a@example.com', password_hash: 'x', role: 'user' }).execute()
  await db
    .insertInto('products')
    .values({ id: 'p1', title: 'Vase', description: '', category: 'home-decor', price_paise: 100, total_stock: 5, variety_type: null, updated_at: now, deleted_at: null })
    .execute()
  for (const id of ['o-old', 'o-live']) {
    await db
      .insertInto('orders')
      .values({
        id,
        number: id === 'o-old' ? 1001 : 1002,
        user_id: 'u1',
        cart_id: null,
        user_name: 'Asha',
        email: 'a@example.com',
        address_id: null,
        address_line: '1 Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        country: 'India',
        phone: '9822012345',
        landmark: '',
        notes: '',
        subtotal_paise: 100,
        delivery_fee_paise: 0,
        total_amount_paise: 100,
        order_status: 'pending',
        payment_status: 'pending',
        gateway: 'test',
        gateway_order_id: null,
        gateway_payment_id: null,
        updated_at: now,
      })
      .execute()
  }
  await db
    .insertInto('stock_holds')
    .values([
      { order_id: 'o-old', product_id: 'p1', user_id: 'u1', quantity: 1, expires_at: '2026-01-01T00:00:00.000Z' },
      { order_id: 'o-live', product_id: 'p1', user_id: 'u1', quantity: 2, expires_at: new Date(Date.now() + 600_000).toISOString() },
    ])
    .execute()
})

afterEach(async () => {
  await testDb?.cleanup()
})

const remaining = () => testDb.db.selectFrom('stock_holds').select('order_id').execute()

describe('the hold sweep', () => {
  it('deletes expired holds only, once', async () => {
    expect(await sweepHoldsOnce(testDb.db)).toBe(1)
    expect(await remaining()).toEqual([{ order_id: 'o-live' }])
    expect(await sweepHoldsOnce(testDb.db)).toBe(0)
    // Later, the live one has expired too.
    expect(await sweepHoldsOnce(testDb.db, new Date(Date.now() + 601_000))).toBe(1)
    expect(await remaining()).toEqual([])
  })

  it('runs on its timer until stopped', async () => {
    const stop = startHoldSweep(20, testDb.db)
    try {
      for (let i = 0; i < 50 && (await remaining()).length > 1; i++) await new Promise((r) => setTimeout(r, 20))
      expect(await remaining()).toEqual([{ order_id: 'o-live' }])
    } finally {
      stop()
    }
  })
})

describe('startHolds', () => {
  it('tells the page cache what an expiry gave back', async () => {
    const stop = startHolds(3_600_000)
    try {
      // Pages rendered while the expired hold was live showed 'Only 2 items left'; 3 are left now.
      const start = shopGeneration()
      expect(await sweepHoldsOnce(testDb.db)).toBe(1)
      expect(changedSince(start)).toBe(true)
      expect(changedSince(start, 'p1')).toBe(true)
      expect(changedSince(start, 'p2')).toBe(false)
    } finally {
      stop()
    }
    // Stopped: nothing is told any more.
    const later = shopGeneration()
    expect(await sweepHoldsOnce(testDb.db, new Date(Date.now() + 601_000))).toBe(1)
    expect(shopGeneration()).toBe(later)
  })
})

