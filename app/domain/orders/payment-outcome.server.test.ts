import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { NotFound } from '~/domain/errors'
import type { OrderStatus, PaymentStatus } from '~/lib/order-status'
import { readPaymentOutcome } from './payment-outcome.server'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
  await insertUsers(testDb.db, [asha, ravi])
  await insertProducts(testDb.db, [{ id: 'p1' }])
})

afterEach(async () => {
  await testDb.cleanup()
})

async function outcomeOf(status: OrderStatus, paymentStatus: PaymentStatus) {
  const id = `o-${status}-${paymentStatus}`
  await insertOrder(testDb.db, { id, user: asha, date: new Date(), status, paymentStatus, totalPaise: 149_900 })
  return readPaymentOutcome(testDb.db, asha.id, id)
}

describe('readPaymentOutcome', () => {
  it.each([
    ['pending', 'failed', 'failed'],
    ['pending', 'pending', 'unconfirmed'],
    ['confirmed', 'paid', 'paid'],
    ['rejected', 'paid', 'refunding'],
    ['cancelled', 'paid', 'refunding'],
    ['rejected', 'refunded', 'refunded'],
  ] as const)('an order %s with its payment %s reads as %s', async (status, payment, outcome) => {
    const read = await outcomeOf(status, payment)
    expect(read).toMatchObject({ outcome, totalAmountPaise: 149_900 })
  })

  it("is NotFound for another shopper's order and for none", async () => {
    await insertOrder(testDb.db, { id: 'o-asha', user: asha, date: new Date(), paymentStatus: 'failed' })
    await expect(readPaymentOutcome(testDb.db, ravi.id, 'o-asha')).rejects.toBeInstanceOf(NotFound)
    await expect(readPaymentOutcome(testDb.db, asha.id, '')).rejects.toBeInstanceOf(NotFound)
  })
})
