// The /api shapes of an order: the admin's extra fields, and testMode only on TEST MODE orders.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { insertOrder } from '../../tests/helpers/order-fixtures'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import type { SessionUser } from '~/lib/user'
import { getOrderDetail } from '~/domain/orders.server'
import { toApiAdminOrder, toApiOrder } from './shapes.server'

const asha: SessionUser = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com', role: 'user' }
const owner: SessionUser = { id: 'u-owner', userName: 'Owner', email: 'owner@example.com', role: 'admin' }

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
  await testDb.db
    .insertInto('users')
    .values([asha, owner].map((u) => ({ id: u.id, user_name: u.userName, email: u.email, password_hash: 'x', role: u.role })))
    .execute()
})

afterEach(async () => {
  await testDb?.cleanup()
})

describe('toApiAdminOrder', () => {
  it('adds testMode: true only to an order the TEST MODE gateway took (security finding 3)', async () => {
    const { db } = testDb
    await insertOrder(db, { id: 'real', user: asha, date: new Date('2026-11-20T10:00:00Z') })
    await insertOrder(db, { id: 'test', user: asha, date: new Date('2026-11-20T11:00:00Z'), gateway: 'test' })
    expect(toApiAdminOrder(await getOrderDetail(db, 'test', owner))).toMatchObject({ _id: 'test', gateway: 'test', testMode: true })
    expect(toApiAdminOrder(await getOrderDetail(db, 'real', owner))).not.toHaveProperty('testMode')
  })

  it('keeps the gateway references out of the shopper\'s shape', async () => {
    const { db } = testDb
    await insertOrder(db, { id: 'test', user: asha, date: new Date('2026-11-20T11:00:00Z'), gateway: 'test' })
    const shopperShape = toApiOrder(await getOrderDetail(db, 'test', asha))
    expect(shopperShape).not.toHaveProperty('testMode')
    expect(shopperShape).not.toHaveProperty('gatewayPaymentId')
  })
})
