import { beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { DB } from '../../db/database'
import { AVAILABILITY_TOLD } from '~/lib/catalog'
import { asha, insertProducts, insertUsers } from '../../tests/helpers/fixtures'
import { insertOrder } from '../../tests/helpers/order-fixtures'
import { onPostgres, withTestDb } from '../../tests/helpers/test-db'
import { availabilityChanged, changedSince, onShopWrite, type ShopWrite, shopGeneration, shopWritesPlugin, UNSEEN_TABLES, writeScope, writtenTables } from './shop-writes.server'

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

  it("leaves a stock write marked as told by the domain (a payment's take) to that telling, and counts the same write unmarked", async () => {
    await insertProducts(db, [{ id: 'p-sold', stock: 30 }])
    const start = shopGeneration()
    await db.updateTable('products').set({ total_stock: sql`total_stock - 1` }).where('id', '=', 'p-sold').modifyEnd(sql.raw(AVAILABILITY_TOLD)).execute()
    expect(shopGeneration()).toBe(start)
    expect((await db.selectFrom('products').select('total_stock').where('id', '=', 'p-sold').executeTakeFirstOrThrow()).total_stock).toBe(29)
    await db.updateTable('products').set({ total_stock: sql`total_stock - 1` }).where('id', '=', 'p-sold').execute()
    expect(shopGeneration()).toBeGreaterThan(start)
  })

  it('leaves it when a write changed no row, a read ran, or a table no browse page shows changed', async () => {
    await db.updateTable('products').set({ total_stock: 2 }).where('id', '=', 'no-such-product').execute()
    await db.selectFrom('products').selectAll().execute()
    await db.deleteFrom('rate_limit_counters').execute()
    await db.deleteFrom('auth_sessions').where('id', '=', 'x').execute()
    expect(shopGeneration()).toBe(before)
  })

  it('leaves it when a shopper signs up, an order records its offers, or her marketing choice is written; counts a change to an existing user', async () => {
    await insertUsers(db, [asha])
    expect(changedSince(before)).toBe(false)
    await insertOrder(db, { id: 'o-offer', user: asha, date: new Date(), status: 'pending', paymentStatus: 'pending' })
    await db.insertInto('offers').values({ id: 'festive', name: 'Festive', kind: 'percent_off', percent: 10, starts_at: '2026-01-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }).execute()
    const afterOffer = shopGeneration()
    await db.insertInto('order_offers').values({ order_id: 'o-offer', offer_id: 'festive', amount_paise: 7_000 }).execute()
    await db.insertInto('consents').values({ user_id: asha.id, purpose: 'marketingMail', given: 1, created_at: new Date().toISOString() }).execute()
    expect(shopGeneration()).toBe(afterOffer)
    // A new password, or 'log out everywhere', shows on no page.
    await db.updateTable('users').set((eb) => ({ password_hash: 'scrypt$x', session_version: eb('session_version', '+', 1) })).where('id', '=', asha.id).execute()
    expect(shopGeneration()).toBe(afterOffer)
    // A review shows its writer's name: renaming or erasing a user may change a page, as may an insert that may replace a row.
    await db.updateTable('users').set({ user_name: 'Asha R' }).where('id', '=', asha.id).execute()
    expect(shopGeneration()).toBeGreaterThan(afterOffer)
    const afterRename = shopGeneration()
    await db.insertInto('users').values({ ...(await db.selectFrom('users').selectAll().where('id', '=', asha.id).executeTakeFirstOrThrow()), user_name: 'Asha' }).onConflict((oc) => oc.column('id').doUpdateSet({ user_name: 'Asha' })).execute()
    expect(shopGeneration()).toBeGreaterThan(afterRename)
    // The same in the other spellings: `.set(column, value)`, and an insert that may replace a row.
    const node = (query: { toOperationNode(): unknown }) => query.toOperationNode() as Parameters<typeof writeScope>[0]
    const seenNow = async (write: () => Promise<unknown>) => {
      const start = shopGeneration()
      await write()
      return shopGeneration() > start
    }
    expect(await seenNow(() => db.updateTable('users').set('password_hash', 'scrypt$y').where('id', '=', asha.id).execute())).toBe(false)
    expect(await seenNow(() => db.updateTable('users').set('user_name', 'Asha K').where('id', '=', asha.id).execute())).toBe(true)
    expect(writtenTables(node(db.insertInto('users').orReplace().values({ id: 'x', user_name: 'X', email: 'x@example.com', password_hash: '', role: 'user' })))).toEqual(['users'])
    if (!onPostgres) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', asha.id).executeTakeFirstOrThrow()
      expect(await seenNow(() => db.insertInto('users').orReplace().values({ ...row, user_name: 'Asha R' }).execute())).toBe(true)
    }
  })

  it('knows of every table whether a browse page reads it: a table added later is a decision, not a default', async () => {
    // The tables whose writes a browse page (home, listing, search, a product, the policy and about
    // pages, their header and footer) shows, each for what; every other table is in UNSEEN_TABLES
    // (stock_holds and order_lines among them: pages read them, but the domain tells their changes).
    const read = [
      'users', // a review's writer
      'products',
      'products_words_version', // the search's words
      'search_synonyms',
      'product_images',
      'product_colors',
      'product_varieties',
      'product_variants',
      'product_options2',
      'studio_holidays', // a product's delivery line
      'dispatch_settings',
      'delivery_rates',
      'delivery_settings',
      'orders', // a verified buyer, once delivered
      'return_settings', // the Returns page
      'reviews',
      'feature_images', // the home page's banners
      'offers', // campaign prices
      'policy_versions', // the policy pages
      'products_search', // the search's full-text indexes (SQLite)
      'products_words',
      'products_words_vocab',
    ]
    // Kysely's migration tables, and SQLite's own tables of each full-text index (FTS5's shadow tables).
    const tables = (await db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_') && !/^products_(search|words)_(data|idx|content|docsize|config)$/.test(name))
    const undecided = tables.filter((name) => !UNSEEN_TABLES.has(name) && !read.includes(name))
    expect(undecided, 'a table neither in UNSEEN_TABLES nor read by a browse page').toEqual([])
    expect(read.filter((name) => UNSEEN_TABLES.has(name))).toEqual([])
    // And no name in either list that is not a table (the full-text tables are SQLite's only).
    const fullText = ['products_search', 'products_words', 'products_words_vocab']
    expect([...UNSEEN_TABLES, ...read].filter((name) => !tables.includes(name) && !(onPostgres && fullText.includes(name)))).toEqual([])
  })

  it("moves it when the owner's returns policy changes (the Returns page says it), not for a shopper's return request", async () => {
    await db.insertInto('return_settings').values({ id: 1, window_days: 14, reasons: '["damaged"]', special_only_damaged: 1, send_to: '' }).execute()
    expect(shopGeneration()).toBeGreaterThan(before)
    await insertUsers(db, [asha])
    await insertOrder(db, { id: 'o-ret', user: asha, date: new Date(), status: 'pending', paymentStatus: 'pending' })
    const after = shopGeneration()
    await db
      .insertInto('returns')
      .values({ id: 'r1', order_id: 'o-ret', number: 1, status: 'requested', items: '[{"line":0,"quantity":1,"reason":"damaged"}]', updated_at: new Date().toISOString() })
      .execute()
    await db.updateTable('returns').set({ status: 'approved' }).where('id', '=', 'r1').execute()
    expect(shopGeneration()).toBe(after)
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
    // A variant's stock is one product's own row too (ADR 061); its history row is seen by no browse page.
    await db.insertInto('product_variants').values({ product_id: 'p1', color: 'Blue', stock: 2 }).execute()
    await db.updateTable('product_variants').set({ stock: 1 }).where('product_id', '=', 'p1').where('color', '=', 'Blue').execute()
    const beforeHistory = shopGeneration()
    await db.insertInto('stock_movements').values({ product_id: 'p1', color: 'Blue', change: -1, stock_after: 1, reason: 'sale', order_id: null, actor_id: null }).execute()
    expect(shopGeneration()).toBe(beforeHistory)
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

  it('leaves every page when a checkout writes its holds, its lines and its unpaid order; counts an order becoming delivered, or no longer', async () => {
    await insertProducts(db, [{ id: 'p1', stock: 30 }])
    await insertUsers(db, [asha])
    const start = shopGeneration()
    // A checkout: the pending order, its lines and history, its holds, its gateway ids and client address.
    await insertOrder(db, { id: 'o1', user: asha, date: new Date(), status: 'pending', paymentStatus: 'pending' })
    await db.insertInto('stock_holds').values({ order_id: 'o1', product_id: 'p1', user_id: asha.id, quantity: 2, expires_at: new Date(Date.now() + 60_000).toISOString() }).execute()
    await db.updateTable('stock_holds').set({ expires_at: new Date(Date.now() + 120_000).toISOString() }).where('order_id', '=', 'o1').execute()
    await db.updateTable('orders').set({ gateway_order_id: 'gw_o1', client_key: '203.0.113.7', updated_at: new Date().toISOString() }).where('id', '=', 'o1').execute()
    await db.updateTable('orders').set({ payment_status: 'failed' }).where('id', '=', 'o1').execute()
    // Moves between statuses a browse page does not show (the lifecycle's statement: from one to another).
    await db.updateTable('orders').set({ order_status: 'confirmed', updated_at: new Date().toISOString() }).where('id', '=', 'o1').where('order_status', '=', 'pending').execute()
    await db.updateTable('orders').set({ order_status: 'inShipping' }).where('id', '=', 'o1').where('order_status', '=', 'confirmed').execute()
    await db.deleteFrom('stock_holds').where('order_id', '=', 'o1').execute()
    expect(shopGeneration()).toBe(start)
    expect(changedSince(start)).toBe(false)
    // Delivered: a verified buyer. And back out of delivered, an order inserted delivered, a delete, a status not plainly given.
    await db.updateTable('orders').set({ order_status: 'delivered' }).where('id', '=', 'o1').where('order_status', '=', 'inShipping').execute()
    expect(changedSince(start)).toBe(true)
    const seen = async (write: () => Promise<unknown>) => {
      const before = shopGeneration()
      await write()
      return shopGeneration() > before
    }
    expect(await seen(() => db.updateTable('orders').set({ order_status: 'cancelled' }).where('id', '=', 'o1').where('order_status', '=', 'delivered').execute())).toBe(true)
    expect(await seen(() => db.updateTable('orders').set({ order_status: 'rejected' }).where('id', '=', 'o1').execute())).toBe(true)
    expect(await seen(() => insertOrder(db, { id: 'o2', user: asha, date: new Date(), status: 'delivered' }))).toBe(true)
    expect(await seen(() => insertOrder(db, { id: 'o3', user: asha, date: new Date(), status: 'confirmed' }))).toBe(false)
    expect(await seen(() => db.updateTable('orders').set({ order_status: sql<'pending'>`order_status` }).where('id', '=', 'o3').execute())).toBe(true)
    // `.set(column, value)` names its column through a reference: still an order becoming delivered.
    expect(await seen(() => db.updateTable('orders').set('order_status', 'delivered').where('id', '=', 'o3').execute())).toBe(true)
    expect(await seen(() => db.deleteFrom('orders').where('id', '=', 'o3').execute())).toBe(true)
  })

  it('a change of availability drops the lists only when what a card shows changes (0, or below 10); its own answers always, its page when it has variants', () => {
    const told: ShopWrite[] = []
    const stop = onShopWrite((write) => told.push(write))
    try {
      const start = shopGeneration()
      // Plenty before and after: the lists show the same; the product's own answers carry the number,
      // and the page of a product with variants shows each variant sold out or not (ADR 103).
      availabilityChanged([
        { productId: 'p1', before: 50, after: 40, byVariant: true },
        { productId: 'p2', before: 10, after: 25, byVariant: false },
      ])
      expect(changedSince(start)).toBe(false)
      expect(changedSince(start, 'p1')).toBe(true)
      expect(changedSince(start, 'p2')).toBe(false)
      expect(changedSince(start, 'p2', { exactStock: true })).toBe(true)
      expect(changedSince(start, 'p3')).toBe(false)
      expect(changedSince(start, 'p3', { exactStock: true })).toBe(false)
      // A page listing exact availability (an /api list) is stale all the same.
      expect(changedSince(start, null, { exactStock: true })).toBe(true)
      expect(told).toEqual([{ productPages: ['p1'] }, { productAnswers: ['p2'] }])
      told.length = 0
      // 'Only 9 items left' appears; the last unit goes; one comes back: every page showing it.
      const moves: [number, number][] = [[12, 9], [1, 0], [0, 1], [9, 8], [10, 9]]
      for (const [before, after] of moves) {
        const since = shopGeneration()
        availabilityChanged([{ productId: 'p1', before, after, byVariant: false }])
        expect(changedSince(since), `${before} -> ${after}`).toBe(true)
        expect(changedSince(since, 'p2')).toBe(false)
      }
      expect(told).toEqual(Array.from({ length: 5 }, () => ({ products: ['p1'] })))
      // No change, no write.
      const still = shopGeneration()
      availabilityChanged([{ productId: 'p1', before: 7, after: 7, byVariant: false }])
      expect(shopGeneration()).toBe(still)
    } finally {
      stop()
    }
  })
})

