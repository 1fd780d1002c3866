import { beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { DB } from '../../db/database'
import { insertProducts } from '../../tests/helpers/fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import { shopGeneration, shopWritesPlugin, writtenTables } from './shop-writes.server'

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
})
