import { beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { DB } from '../../db/database'
import { insertProducts } from '../../tests/helpers/fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import { changedSince, shopGeneration, shopWritesPlugin, writeScope, writtenTables } from './shop-writes.server'

let db: DB
withTestDb(async (fresh) => {
  db = fresh.withPlugin(shopWritesPlugin)
})

describe('shop writes', () => {
  let before = 0
  beforeEach(() => {
    before = shopGeneration()
  })

  it('moves the generation when a browse page\'s table changes', async () => {
    await insertProducts(db, [{ id: 'p1', stock: 3 }])
    const afterInsert = shopGeneration()
    expect(afterInsert).toBeGreaterThan(before)
    await db.updateTable('products').set({ total_stock: 2 }).where('id', '=', 'p1').execute()
    expect(shopGeneration()).toBeGreaterThan(afterInsert)
  })

  it('leaves it when a write changed no row, a read ran, or a table no browse page shows changed', async () => {
    await db.updateTable('products').set({ total_stock: 2 }).where('id', '=', 'no-such-product').execute()
    await db.selectFrom('products').selectAll().execute()
    await db.deleteFrom('rate_limit_counters').execute()
    await db.deleteFrom('auth_sessions').where('id', '=', 'x').execute()
    expect(shopGeneration()).toBe(before)
  })

  it('tells the tables of each kind of statement, raw SQL that writes included', () => {
    const node = (query: { toOperationNode(): unknown }) => query.toOperationNode() as Parameters<typeof writtenTables>[0]
    expect(writtenTables(node(db.insertInto('reviews').values({} as never)))).toEqual(['reviews'])
    expect(writtenTables(node(db.updateTable('stock_holds').set({ quantity: 1 })))).toEqual(['stock_holds'])
    expect(writtenTables(node(db.deleteFrom('feature_images')))).toEqual(['feature_images'])
    expect(writtenTables(node(db.selectFrom('products').selectAll()))).toBeNull()
    expect(writtenTables(node(sql`update products_words_version set version = version + 1`))).toEqual(['?'])
    expect(writtenTables(node(sql`select 1`))).toBeNull()
  })

  it("confines a write naming one product's own rows to that product's pages; any other write reaches every page", async () => {
    await insertProducts(db, [
      { id: 'p1', stock: 3 },
      { id: 'p2', stock: 3 },
    ])
    const start = shopGeneration()
    await db.updateTable('products').set({ total_stock: 2 }).where('id', '=', 'p1').where('deleted_at', 'is', null).execute()
    expect(changedSince(start, 'p1')).toBe(true)
    expect(changedSince(start, 'p2')).toBe(false)
    // A page about no single product (listing, home, search) sees every write.
    expect(changedSince(start)).toBe(true)
    await db.deleteFrom('product_colors').where('product_id', '=', 'p1').execute()
    await db.insertInto('product_colors').values({ product_id: 'p1', name: 'Blue', position: 0 }).execute()
    expect(changedSince(start, 'p2')).toBe(false)
    // Not confined: a write to several products at once, or to a table that is not a product's own.
    await db.updateTable('products').set({ total_stock: 5 }).where('id', 'in', ['p1', 'p2']).execute()
    expect(changedSince(start, 'p2')).toBe(true)
    const later = shopGeneration()
    await db.updateTable('products').set({ total_stock: 4 }).where((eb) => eb.or([eb('id', '=', 'p1'), eb('id', '=', 'p2')])).execute()
    expect(changedSince(later, 'p2')).toBe(true)
    const afterOr = shopGeneration()
    await db.updateTable('products').set({ total_stock: 1 }).where('id', '=', 'p1').where('total_stock', '>=', 1).execute()
    expect(changedSince(afterOr, 'p2')).toBe(false)
    await sql`update products set total_stock = 9 where id = ${'p1'}`.execute(db)
    expect(changedSince(afterOr, 'p2')).toBe(true)
  })

  it('tells the scope of each kind of statement', () => {
    const node = (query: { toOperationNode(): unknown }) => query.toOperationNode() as Parameters<typeof writeScope>[0]
    const one = (id: string) => ({ products: [id] })
    expect(writeScope(node(db.updateTable('products').set({ total_stock: 1 }).where('id', '=', 'p1')), 'products')).toEqual(one('p1'))
    expect(writeScope(node(db.updateTable('products as p').set({ total_stock: 1 }).where('p.id', '=', 'p1')), 'products')).toEqual(one('p1'))
    expect(writeScope(node(db.deleteFrom('product_images').where('product_id', '=', 'p1')), 'product_images')).toEqual(one('p1'))
    expect(writeScope(node(db.insertInto('product_varieties').values([
      { product_id: 'p1', name: 'S', price_paise: 1, sale_price_paise: 0, position: 0 },
      { product_id: 'p1', name: 'M', price_paise: 1, sale_price_paise: 0, position: 1 },
    ])), 'product_varieties')).toEqual(one('p1'))
    // Anything less plain reaches every page.
    expect(writeScope(node(db.updateTable('products').set({ total_stock: 1 })), 'products')).toEqual({ all: true })
    expect(writeScope(node(db.updateTable('products').set({ total_stock: 1 }).where('id', '!=', 'p1')), 'products')).toEqual({ all: true })
    expect(writeScope(node(db.updateTable('products').set({ total_stock: 1 }).where('title', '=', 'p1')), 'products')).toEqual({ all: true })
    expect(writeScope(node(db.insertInto('product_images').values({ product_id: 'p1', url: 'u', position: 0 }).onConflict((oc) => oc.doNothing())), 'product_images')).toEqual({ all: true })
    expect(writeScope(node(db.updateTable('stock_holds').set({ quantity: 1 }).where('product_id', '=', 'p1')), 'stock_holds')).toEqual({ all: true })
    expect(writeScope(node(db.updateTable('reviews').set({ hidden: 1 } as never).where('product_id', '=', 'p1')), 'reviews')).toEqual({ all: true })
  })
})
