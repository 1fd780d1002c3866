// The /api shapes of an order: the admin's extra fields, and testMode only on TEST MODE orders.
import { describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { asha, insertUsers, owner } from '../../tests/helpers/fixtures'
import { insertOrder } from '../../tests/helpers/order-fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { toApiAdminOrder, toApiOrder } from './serializers.server'

let db: DB

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha, owner])
})

describe('toApiAdminOrder', () => {
  it('adds testMode: true only to an order the TEST MODE gateway took', async () => {
    await insertOrder(db, { id: 'real', user: asha, date: new Date('2026-11-20T10:00:00Z') })
    await insertOrder(db, { id: 'test', user: asha, date: new Date('2026-11-20T11:00:00Z'), gateway: 'test' })
    expect(toApiAdminOrder(await getOrderDetail(db, 'test', owner))).toMatchObject({ _id: 'test', gateway: 'test', testMode: true })
    expect(toApiAdminOrder(await getOrderDetail(db, 'real', owner))).not.toHaveProperty('testMode')
  })

  it('keeps the gateway references out of the shopper\'s shape', async () => {
    await insertOrder(db, { id: 'test', user: asha, date: new Date('2026-11-20T11:00:00Z'), gateway: 'test' })
    const shopperShape = toApiOrder(await getOrderDetail(db, 'test', asha))
    expect(shopperShape).not.toHaveProperty('testMode')
    expect(shopperShape).not.toHaveProperty('gatewayPaymentId')
  })
})
