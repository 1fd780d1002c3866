import { beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { asha, insertProducts, insertUsers, owner } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { setClock } from '../../../tests/helpers/domain-settings'
import { Invalid } from '~/domain/errors'
import { listInventory, setStockCounts } from './inventory.server'
import { stockHistory } from './stock-history.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
})

const NOW = new Date('2026-11-20T06:00:00.000Z')

async function addVariants(productId: string, rows: { variety?: string; color?: string; stock: number; sku?: string }[]) {
  await db
    .insertInto('product_variants')
    .values(rows.map((row, position) => ({ product_id: productId, variety_name: row.variety ?? '', color: row.color ?? '', stock: row.stock, sku: row.sku ?? null, position })))
    .execute()
  const total = rows.reduce((sum, row) => sum + row.stock, 0)
  await db.updateTable('products').set({ total_stock: total }).where('id', '=', productId).execute()
}

beforeEach(async () => {
  setClock(NOW)
  await insertUsers(db, [asha, owner])
  await insertProducts(db, [
    { id: 'vase', title: 'Ocean resin vase', varieties: [{ name: 'Small', price: 90_000 }, { name: 'Large', price: 150_000 }], colors: ['Teal', 'Gold'] },
    { id: 'coaster', title: 'Agate coaster', stock: 7 },
    { id: 'gone', title: 'Retired tray', stock: 3, deleted: true },
  ])
  await addVariants('vase', [
    { variety: 'Small', color: 'Teal', stock: 1, sku: 'VS-T' },
    { variety: 'Small', color: 'Gold', stock: 0 },
    { variety: 'Large', color: 'Teal', stock: 4 },
    { variety: 'Large', color: 'Gold', stock: 2 },
  ])
})

describe('the inventory', () => {
  it('lists every shelf: each variant of a product with variants, the own stock of one without; deleted products never', async () => {
    const page = await listInventory(db)
    expect(page.items.map((row) => [row.title, row.optionLabel, row.variety, row.color, row.stock])).toEqual([
      ['Agate coaster', '', '', '', 7],
      ['Ocean resin vase', 'Size', 'Small', 'Teal', 1],
      ['Ocean resin vase', 'Size', 'Small', 'Gold', 0],
      ['Ocean resin vase', 'Size', 'Large', 'Teal', 4],
      ['Ocean resin vase', 'Size', 'Large', 'Gold', 2],
    ])
    expect(page.total).toBe(5)
  })

  it('counts what live checkouts hold and what sold in 30 days, by the shelf each line draws on', async () => {
    // A paid order of 3 Large Teal vases 10 days ago (the fixture's line); one older than 30 days; one cancelled.
    await insertOrder(db, { id: 'o-recent', user: asha, date: new Date('2026-11-10T06:00:00Z'), quantity: 3 })
    await insertOrder(db, { id: 'o-old', user: asha, date: new Date('2026-10-01T06:00:00Z'), quantity: 5 })
    await insertOrder(db, { id: 'o-cancelled', user: asha, date: new Date('2026-11-12T06:00:00Z'), quantity: 2, status: 'cancelled' })
    await insertOrder(db, { id: 'o-pending', user: asha, date: new Date('2026-11-20T05:55:00Z'), status: 'pending' })
    await db
      .insertInto('stock_holds')
      .values([
        { order_id: 'o-pending', product_id: 'vase', variety_name: 'Large', color: 'Gold', user_id: asha.id, quantity: 2, expires_at: '2026-11-20T06:10:00.000Z' },
        { order_id: 'o-recent', product_id: 'vase', variety_name: 'Large', color: 'Teal', user_id: asha.id, quantity: 1, expires_at: '2026-11-20T05:00:00.000Z' },
      ])
      .execute()
    const rows = (await listInventory(db)).items
    const large = (color: string) => rows.find((row) => row.variety === 'Large' && row.color === color)
    expect(large('Teal')).toMatchObject({ sold: 3, held: 0 })
    expect(large('Gold')).toMatchObject({ sold: 0, held: 2 })
  })

  it('finds shelves by title, option, colour or SKU (case aside, % and _ as themselves), and the low or sold-out ones', async () => {
    expect((await listInventory(db, { q: 'vs-t' })).items.map((row) => row.sku)).toEqual(['VS-T'])
    expect((await listInventory(db, { q: 'GOLD' })).items).toHaveLength(2)
    expect((await listInventory(db, { q: '%' })).items).toHaveLength(0)
    expect((await listInventory(db, { stock: 'out' })).items.map((row) => `${row.variety} ${row.color}`)).toEqual(['Small Gold'])
    expect((await listInventory(db, { stock: 'low' })).total).toBe(5)
    expect((await listInventory(db, { page: 99 })).items).toEqual([])
  })
})

describe('setting stock counts', () => {
  it('sets many shelves at once, keeps each product total the sum of its variants, and records each change', async () => {
    const changed = await setStockCounts(
      db,
      [
        { productId: 'vase', variety: 'Small', color: 'Gold', stock: 5, seen: 0 },
        { productId: 'vase', variety: 'Large', color: 'Teal', stock: 4, seen: 4 },
        { productId: 'coaster', variety: '', color: '', stock: 2, seen: 7 },
      ],
      { actorId: owner.id, reason: 'admin-edit' },
    )
    expect(changed).toBe(2)
    const totals = await db.selectFrom('products').select(['id', 'total_stock']).where('id', 'in', ['vase', 'coaster']).orderBy('id').execute()
    expect(totals).toEqual([
      { id: 'coaster', total_stock: 2 },
      { id: 'vase', total_stock: 12 },
    ])
    const history = await stockHistory(db, 'vase', { variety: 'Small', color: 'Gold' })
    expect(history.items).toMatchObject([{ change: 5, stockAfter: 5, reason: 'admin-edit', actorName: 'Owner' }])
    expect((await stockHistory(db, 'coaster', { variety: '', color: '' })).items).toMatchObject([{ change: -5, stockAfter: 2 }])
    // An unchanged shelf writes no history.
    expect((await stockHistory(db, 'vase', { variety: 'Large', color: 'Teal' })).items).toEqual([])
  })

  it('changes nothing when one count is bad, gone, or moved since the owner saw it, and says which', async () => {
    await db.updateTable('product_variants').set({ stock: 3 }).where('product_id', '=', 'vase').where('variety_name', '=', 'Large').where('color', '=', 'Gold').execute()
    const attempt = setStockCounts(
      db,
      [
        { productId: 'coaster', variety: '', color: '', stock: 9, seen: 7 },
        { productId: 'vase', variety: 'Large', color: 'Gold', stock: 1, seen: 2 },
        { productId: 'vase', variety: 'Huge', color: 'Teal', stock: 1, seen: 0 },
        { productId: 'gone', variety: '', color: '', stock: 1, seen: 3 },
      ],
      { actorId: owner.id, reason: 'admin-edit' },
    )
    await expect(attempt).rejects.toBeInstanceOf(Invalid)
    const errors = await attempt.catch((error: Invalid) => error.errors)
    expect(errors).toEqual({
      1: ['Changed to 3 since you opened the page; check it and save again'],
      2: ['This piece or option no longer exists'],
      3: ['This piece or option no longer exists'],
    })
    expect((await db.selectFrom('products').select('total_stock').where('id', '=', 'coaster').executeTakeFirstOrThrow()).total_stock).toBe(7)
    expect(await db.selectFrom('stock_movements').selectAll().execute()).toEqual([])
  })

  it('refuses a stock that is not a whole number from 0 to 100000', async () => {
    for (const stock of [-1, 1.5, 100_001, Number.NaN]) {
      const attempt = setStockCounts(db, [{ productId: 'coaster', variety: '', color: '', stock }], { actorId: owner.id, reason: 'import' })
      await expect(attempt).rejects.toMatchObject({ errors: { 0: ['Stock must be a whole number from 0 to 100000'] } })
    }
  })
})

describe('a colour’s own price on the inventory (ADR 071)', () => {
  it('lists what each shelf sells at, and which may have a price of its own', async () => {
    const rows = (await listInventory(db)).items
    expect(rows.map((row) => [row.variety, row.color, row.sellsAt.pricePaise, row.ownPriceAllowed])).toEqual([
      ['', '', 10_000, false],
      ['Small', 'Teal', 90_000, true],
      ['Small', 'Gold', 90_000, true],
      ['Large', 'Teal', 150_000, true],
      ['Large', 'Gold', 150_000, true],
    ])
  })

  it('sets the price a colour sells at with its stock, all or none, and refuses one on a product’s own stock', async () => {
    const refused = await setStockCounts(
      db,
      [
        { productId: 'vase', variety: 'Small', color: 'Teal', stock: 1, seen: 1, sellAt: { pricePaise: 99_900, salePricePaise: 0 } },
        { productId: 'vase', variety: 'Large', color: 'Gold', stock: 2, seen: 2, sellAt: { pricePaise: null, salePricePaise: 150_000 } },
        { productId: 'coaster', variety: '', color: '', stock: 7, seen: 7, sellAt: { pricePaise: 59_900, salePricePaise: 0 } },
      ],
      { actorId: owner.id, reason: 'admin-edit' },
    ).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Invalid)
    expect((refused as Invalid).errors).toEqual({ 1: ['The sale price must be less than the price.'], 2: ["Change the product's price in the product form."] })
    const unchanged = await db.selectFrom('product_variants').select('price_paise').where('product_id', '=', 'vase').where('price_paise', 'is not', null).execute()
    expect(unchanged).toEqual([])

    const changed = await setStockCounts(
      db,
      [
        { productId: 'vase', variety: 'Small', color: 'Teal', stock: 1, seen: 1, sellAt: { pricePaise: 99_900, salePricePaise: 0 } },
        { productId: 'vase', variety: 'Large', color: 'Gold', stock: 2, seen: 2, sellAt: { pricePaise: null, salePricePaise: 140_000 } },
        { productId: 'vase', variety: 'Large', color: 'Teal', stock: 4, seen: 4, sellAt: { pricePaise: 150_000, salePricePaise: 0 } },
      ],
      { actorId: owner.id, reason: 'admin-edit' },
    )
    expect(changed).toBe(2)
    const rows = (await listInventory(db)).items
    expect(rows.filter((row) => row.variety !== '').map((row) => [row.variety, row.color, row.sellsAt])).toEqual([
      ['Small', 'Teal', { pricePaise: 99_900, salePricePaise: 0 }],
      ['Small', 'Gold', { pricePaise: 90_000, salePricePaise: 0 }],
      ['Large', 'Teal', { pricePaise: 150_000, salePricePaise: 0 }],
      ['Large', 'Gold', { pricePaise: 150_000, salePricePaise: 140_000 }],
    ])
  })
})
