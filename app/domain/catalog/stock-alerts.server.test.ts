import { beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertProducts, insertUsers, owner } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { STOCK_ALERT_LIMITS, STOCK_ALERT_MESSAGES } from '~/lib/stock-alerts'
import { setStockCounts } from './inventory.server'
import { askForStockAlert, sendDueStockAlerts } from './stock-alerts.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
})

beforeEach(async () => {
  await insertUsers(db, [owner])
  await insertProducts(db, [
    { id: 'pendant', title: 'Birth flower pendant', varieties: [{ name: 'Small', price: 90_000 }, { name: 'Large', price: 150_000 }] },
    { id: 'coaster', title: 'Agate coaster', stock: 0 },
    { id: 'tray', title: 'Ocean tray', stock: 4 },
  ])
  await db
    .insertInto('product_variants')
    .values([
      { product_id: 'pendant', variety_name: 'Small', stock: 0, position: 0 },
      { product_id: 'pendant', variety_name: 'Large', stock: 3, position: 1 },
    ])
    .execute()
  await db.updateTable('products').set({ total_stock: 3 }).where('id', '=', 'pendant').execute()
})

const outbox = () => db.selectFrom('mail_outbox').select(['kind', 'to_address', 'subject', 'text']).orderBy('id').execute()
const alerts = () => db.selectFrom('stock_alerts').select(['product_id', 'variety_name', 'color', 'email']).orderBy('id').execute()

describe('back in stock', () => {
  it('keeps an address for a sold-out shelf, once however often asked, and mails it once when stock returns, then forgets it', async () => {
    await askForStockAlert(db, { productId: 'pendant', variety: 'Small', color: '', email: ' Meera@Example.com ' })
    await askForStockAlert(db, { productId: 'pendant', variety: 'Small', color: '', email: 'meera@example.com' })
    await askForStockAlert(db, { productId: 'coaster', variety: '', color: '', email: 'meera@example.com' })
    expect(await alerts()).toEqual([
      { product_id: 'pendant', variety_name: 'Small', color: '', email: 'meera@example.com' },
      { product_id: 'coaster', variety_name: '', color: '', email: 'meera@example.com' },
    ])
    expect(await sendDueStockAlerts(db)).toBe(0)

    await setStockCounts(db, [{ productId: 'pendant', variety: 'Small', color: '', stock: 2 }], { actorId: owner.id, reason: 'admin-edit' })
    expect(await sendDueStockAlerts(db)).toBe(1)
    expect(await sendDueStockAlerts(db)).toBe(0)
    const mails = await outbox()
    expect(mails).toMatchObject([{ kind: 'back-in-stock', to_address: 'meera@example.com', subject: 'Back in stock: Birth flower pendant (Size: Small)' }])
    expect(mails[0]?.text).toContain('/shop/product/pendant')
    expect(await alerts()).toEqual([{ product_id: 'coaster', variety_name: '', color: '', email: 'meera@example.com' }])
  })

  it('refuses a shelf that has stock, a choice the piece does not come in, and a deleted piece', async () => {
    await expect(askForStockAlert(db, { productId: 'pendant', variety: 'Large', color: '', email: 'a@example.com' })).rejects.toMatchObject({ errors: { email: [STOCK_ALERT_MESSAGES.inStock] } })
    await expect(askForStockAlert(db, { productId: 'tray', variety: '', color: '', email: 'a@example.com' })).rejects.toMatchObject({ errors: { email: [STOCK_ALERT_MESSAGES.inStock] } })
    await expect(askForStockAlert(db, { productId: 'pendant', variety: 'Huge', color: '', email: 'a@example.com' })).rejects.toMatchObject({ errors: { email: [STOCK_ALERT_MESSAGES.unknownChoice] } })
    await db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', 'coaster').execute()
    await expect(askForStockAlert(db, { productId: 'coaster', variety: '', color: '', email: 'a@example.com' })).rejects.toMatchObject({ status: 404 })
    expect(await alerts()).toEqual([])
  })

  it('drops, unsent, the alerts of a piece deleted or an option removed since', async () => {
    await askForStockAlert(db, { productId: 'pendant', variety: 'Small', color: '', email: 'a@example.com' })
    await askForStockAlert(db, { productId: 'coaster', variety: '', color: '', email: 'a@example.com' })
    await db.deleteFrom('product_variants').where('product_id', '=', 'pendant').where('variety_name', '=', 'Small').execute()
    await db.updateTable('products').set({ deleted_at: new Date().toISOString() }).where('id', '=', 'coaster').execute()
    expect(await sendDueStockAlerts(db)).toBe(0)
    expect(await alerts()).toEqual([])
    expect(await outbox()).toEqual([])
  })

  it('bounds what one address can ask for', async () => {
    await insertProducts(
      db,
      Array.from({ length: STOCK_ALERT_LIMITS.perAddress + 1 }, (_, i) => ({ id: `sold-${i}`, stock: 0 })),
    )
    for (let i = 0; i < STOCK_ALERT_LIMITS.perAddress; i++) await askForStockAlert(db, { productId: `sold-${i}`, variety: '', color: '', email: 'many@example.com' })
    await expect(askForStockAlert(db, { productId: `sold-${STOCK_ALERT_LIMITS.perAddress}`, variety: '', color: '', email: 'many@example.com' })).rejects.toMatchObject({
      errors: { email: [STOCK_ALERT_MESSAGES.tooManyForAddress] },
    })
  })
})
