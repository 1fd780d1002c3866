// A shopper's data rights: the export holds exactly hers; deletion ends her sessions and tokens at
// once, keeps her orders and invoices readable with their numbers and amounts, leaves nothing
// personal anywhere (every column of every table is scanned for her email, name and phone, and for the
// names of her custom requests' photos, which leave the database and the disk cache too: ADR 095),
// touches nobody else, and keeps or drops her reviews as she chooses. The scan lists the tables from the
// database itself (SQLite's sqlite_master, PostgreSQL's information_schema), so a new table is scanned too.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { dialectOf } from '../../../db/dialect'
import { insertProducts } from '../../../tests/helpers/fixtures'
import { placeOrderFor, signedResult, testShopGateway as gateway } from '../../../tests/helpers/payment-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { png, scratchDir } from '../../../tests/helpers/images'
import { expectConsole } from '../../../tests/setup/console'
import type { ImageFileCache, ImageStore } from '~/domain/catalog/image-store'
import { storeImage, sweepErasedFiles } from '~/domain/catalog/media.server'
import { createImageStore } from '~/infra/images/image-store.server'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { ERASED_NAME } from '~/lib/account-erasure'
import type { InvoiceDocument } from '~/lib/invoice-document'
import type { SessionUser } from '~/lib/user'
import { complaintSchema } from '~/schemas/complaint'
import { customOrderSchema } from '~/schemas/custom-order'
import { registerUser } from './accounts.server'
import { findSessionUser, startAuthSession } from './auth-sessions.server'
import { checkErasureConfirmation, eraseAccount } from './account-erasure.server'
import { recordConsent } from './consents.server'
import { exportPersonalData } from './personal-data.server'
import { saveReview } from '~/domain/catalog/reviews.server'
import { fileComplaint } from '~/domain/complaints/complaints.server'
import { createCustomOrder } from '~/domain/custom-orders/custom-orders.server'
import { Conflict, Forbidden, Invalid } from '~/domain/errors'
import { verifyAndConfirm } from '~/domain/orders/verify-payment.server'

let testDb: TestDb
let db: DB
let scratch: ReturnType<typeof scratchDir>
let store: ImageStore
let kavya: SessionUser
let ravi: SessionUser
const KAVYA = { name: 'Kavya Raghunathan', email: 'kavya.raghunathan@example.com', phone: '9123456780' }

/** A shopper with everything the shop can keep about her: an order paid and delivered with its invoice, a review, a request, a complaint, a consent, an alert, a session. */
async function shopperWithHistory(name: string, email: string, phone: string, photos: readonly string[] = []): Promise<{ user: SessionUser; orderId: string }> {
  const user = await registerUser(db, { userName: name, email, password: 'secret-pass-1' })
  const placed = await placeOrderFor(db, gateway, user, [{ productId: 'pendant', quantity: 1 }])
  await db.updateTable('addresses').set({ phone, recipient_name: name }).where('user_id', '=', user.id).execute()
  await db.updateTable('orders').set({ phone, recipient_name: name, notes: `Call ${name} first` }).where('id', '=', placed.orderId).execute()
  await verifyAndConfirm(db, gateway, signedResult(placed.gatewayOrder.id, `pay_${user.id}`))
  await db.updateTable('orders').set({ order_status: 'delivered' }).where('id', '=', placed.orderId).execute()
  await saveReview(db, user.id, 'pendant', { reviewValue: 5, reviewMessage: `Lovely, says ${name}` })
  await createCustomOrder(db, {
    input: customOrderSchema.parse({ name, phone, email, description: 'A name plate', budget: '2500', neededBy: '2027-01-20' }),
    userId: user.id,
    photos,
  })
  await fileComplaint(db, complaintSchema.parse({ name, email, phone, orderId: placed.orderId, message: `${name} here: the chain is short` }), user.id)
  await recordConsent(db, user.id, 'marketingMail', true)
  await db.insertInto('stock_alerts').values({ product_id: 'pendant', email }).execute()
  await db.insertInto('password_resets').values({ token_hash: `hash-${user.id}`, user_id: user.id, expires_at: '2030-01-01T00:00:00Z' }).execute()
  return { user, orderId: placed.orderId }
}

let kavyaOrder: string
let raviOrder: string
/** Kavya's own photo, Ravi's, and one both sent (the same bytes: one stored file). */
let photos: { kavya: string; ravi: string; shared: string }

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  scratch = scratchDir('shop-erasure-test-')
  store = createImageStore(scratch.path('uploads'))
  setDomainSettings({ mail: { shopName: 'Resin Craft Studio', publicUrl: 'https://shop.example.in', ownerEmail: 'owner@studio.example' } })
  await insertProducts(db, [{ id: 'pendant', category: 'jewellery', price: 120_000, stock: 5 }])
  const photo = async (color: string) => (await storeImage(db, store, await png(900, 600, color), 'reference')).url
  photos = { kavya: await photo('#c0392b'), ravi: await photo('#2980b9'), shared: await photo('#27ae60') }
  ;({ user: kavya, orderId: kavyaOrder } = await shopperWithHistory(KAVYA.name, KAVYA.email, KAVYA.phone, [photos.kavya, photos.shared]))
  ;({ user: ravi, orderId: raviOrder } = await shopperWithHistory('Ravi Shankar', 'ravi.shankar@example.com', '9988776655', [photos.ravi, photos.shared]))
})

afterEach(async () => {
  scratch.cleanup()
  await testDb.cleanup()
})

/** A photo's content hash: every stored file and cached file of it is named `<hash>-<width>.webp`. */
const hashOf = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 32)

/** Where a photo is still kept: its stored_files rows and its files in the disk cache. */
async function keptFilesOf(url: string): Promise<{ stored: number; cached: number }> {
  const hash = hashOf(url)
  const stored = await db.selectFrom('stored_files').select('name').where('name', 'like', `${hash}-%`).execute()
  const cached = (await store.names()).filter((name) => name.startsWith(`${hash}-`))
  return { stored: stored.length, cached: cached.length }
}

/** Every table the database itself lists: SQLite's sqlite_master, or PostgreSQL's information_schema. */
async function allTables(): Promise<string[]> {
  const listed =
    dialectOf(db) === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  return listed.rows.map((row) => row.name)
}

/** Every column of every row of every table that mentions one of `needles` (any case), as "table.column: needle". */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const found: string[] = []
  for (const name of await allTables()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)
    for (const row of rows.rows) {
      for (const [column, value] of Object.entries(row)) {
        const text = (Buffer.isBuffer(value) ? value.toString('latin1') : String(value ?? '')).toLowerCase()
        for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${name}.${column}: ${needle}`)
      }
    }
  }
  return found
}

describe('Download my data', () => {
  it("holds her profile, addresses, orders, reviews, requests, consents and complaints, and nothing of anyone else's", async () => {
    const data = await exportPersonalData(db, kavya.id)
    expect(data.profile).toMatchObject({ id: kavya.id, name: KAVYA.name, email: KAVYA.email })
    expect(data.addresses).toHaveLength(1)
    expect(data.orders.map((o) => o.id)).toEqual([kavyaOrder])
    expect(data.orders[0]?.documents.map((d) => d.kind)).toEqual(['invoice'])
    expect(data.reviews.map((r) => r.message)).toEqual([`Lovely, says ${KAVYA.name}`])
    expect(data.customRequests).toHaveLength(1)
    expect(data.consents).toMatchObject([{ purpose: 'marketingMail', given: true }])
    expect(data.complaints).toHaveLength(1)
    const file = JSON.stringify(data)
    for (const other of ['Ravi Shankar', 'ravi.shankar@example.com', '9988776655', raviOrder, ravi.id]) expect(file).not.toContain(other)
  })
})

describe('Delete my account', () => {
  it('takes DELETE or her password as the confirmation, and nothing else', async () => {
    await checkErasureConfirmation(db, kavya.id, 'DELETE')
    await checkErasureConfirmation(db, kavya.id, 'secret-pass-1')
    expect(await rejection(checkErasureConfirmation(db, kavya.id, 'delete please'))).toBeInstanceOf(Invalid)
    expect(await rejection(checkErasureConfirmation(db, kavya.id, ''))).toBeInstanceOf(Invalid)
  })

  it("ends her sessions, keeps her invoiced order and leaves her email, name and phone in no column of any table, touching nobody else's", async () => {
    const session = await startAuthSession(db, kavya.id)
    const raviSession = await startAuthSession(db, ravi.id)
    expect(await rowsMentioning([KAVYA.email, KAVYA.name, KAVYA.phone])).not.toEqual([])
    const hisBefore = [await keptFilesOf(photos.ravi), await keptFilesOf(photos.shared)]
    expect(hisBefore.every((kept) => kept.stored > 0 && kept.cached === kept.stored)).toBe(true)
    const invoiceBefore = await db.selectFrom('invoices').select(['number', 'document']).where('order_id', '=', kavyaOrder).executeTakeFirstOrThrow()

    await eraseAccount(db, kavya.id, { reviews: 'anonymous', files: store })

    expect(await rowsMentioning([KAVYA.email, KAVYA.name, KAVYA.phone])).toEqual([])
    // Her own photo is gone from the database and the disk; only the list of erased names (a hash, for the caches' sweep) names it.
    expect(await keptFilesOf(photos.kavya)).toEqual({ stored: 0, cached: 0 })
    expect(new Set(await rowsMentioning([hashOf(photos.kavya)]))).toEqual(new Set([`erased_files.name: ${hashOf(photos.kavya)}`]))
    expect(await findSessionUser(db, session.id)).toBeNull()
    // Tax law's part stays: the order, its number and amounts, its invoice's number, lines and taxes.
    const order = await db.selectFrom('orders').select(['number', 'total_amount_paise', 'state', 'user_name']).where('id', '=', kavyaOrder).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ total_amount_paise: 120_000, state: 'Karnataka', user_name: ERASED_NAME })
    const invoiceAfter = await db.selectFrom('invoices').select(['number', 'document']).where('order_id', '=', kavyaOrder).executeTakeFirstOrThrow()
    const before = JSON.parse(invoiceBefore.document) as InvoiceDocument
    const after = JSON.parse(invoiceAfter.document) as InvoiceDocument
    expect(invoiceAfter.number).toBe(invoiceBefore.number)
    expect(after.totals).toEqual(before.totals)
    expect(after.placeOfSupply).toBe(before.placeOfSupply)
    expect(after.buyer.name).toBe(ERASED_NAME)
    // Her review stays, anonymous.
    expect(await db.selectFrom('reviews').select('review_value').where('user_id', '=', kavya.id).execute()).toHaveLength(1)
    // Ravi is untouched: his session, his data, in full.
    expect(await findSessionUser(db, raviSession.id)).toMatchObject({ id: ravi.id })
    const his = await exportPersonalData(db, ravi.id)
    expect(his.profile.email).toBe('ravi.shankar@example.com')
    expect([his.addresses.length, his.orders.length, his.reviews.length, his.customRequests.length, his.complaints.length, his.consents.length]).toEqual([1, 1, 1, 1, 1, 1])
    expect(await rowsMentioning(['ravi.shankar@example.com'])).not.toEqual([])
    // His photo, and the one they both sent, stay whole: his request still shows them.
    expect([await keptFilesOf(photos.ravi), await keptFilesOf(photos.shared)]).toEqual(hisBefore)
  })

  it("removes her photos from the disk at the next tidy when the process stopped before its own sweep, and forgets their names after two days", async () => {
    const before = await keptFilesOf(photos.kavya)
    expect(before.stored).toBeGreaterThan(0)
    // The process dies after the commit, before the cache is swept: nothing on disk is removed.
    expectConsole('error', /Could not remove erased photos/)
    const dying: ImageFileCache = { ...store, remove: () => Promise.reject(new Error('killed')) }
    await eraseAccount(db, kavya.id, { reviews: 'anonymous', files: dying })
    expect(await keptFilesOf(photos.kavya)).toEqual({ stored: 0, cached: before.cached })

    // The next start's tidy sweeps what the erasure wrote down.
    await sweepErasedFiles(db, store)
    expect(await keptFilesOf(photos.kavya)).toEqual({ stored: 0, cached: 0 })
    expect(await keptFilesOf(photos.shared)).toEqual(before)
    expect(await db.selectFrom('erased_files').select('name').execute()).not.toEqual([])
    await sweepErasedFiles(db, store, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000))
    expect(await db.selectFrom('erased_files').select('name').execute()).toEqual([])
  })

  it('drops her reviews when she asks, and recounts the product', async () => {
    await eraseAccount(db, kavya.id, { reviews: 'delete', files: store })
    expect(await db.selectFrom('reviews').select('id').where('user_id', '=', kavya.id).execute()).toEqual([])
    const product = await db.selectFrom('products').select(['review_count']).where('id', '=', 'pendant').executeTakeFirstOrThrow()
    expect(Number(product.review_count)).toBe(1)
  })

  it('refuses while an order of hers is on its way, and for an admin, changing nothing', async () => {
    await db.updateTable('orders').set({ order_status: 'inShipping' }).where('id', '=', kavyaOrder).execute()
    expect(await rejection(eraseAccount(db, kavya.id, { reviews: 'delete', files: store }))).toBeInstanceOf(Conflict)
    expect((await exportPersonalData(db, kavya.id)).profile.email).toBe(KAVYA.email)
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', ravi.id).execute()
    expect(await rejection(eraseAccount(db, ravi.id, { reviews: 'delete', files: store }))).toBeInstanceOf(Forbidden)
  })
})
