// db:copy round-trips the demo shop from SQLite into PostgreSQL: every row, the same money, the
// same search answers, and the PostgreSQL shop goes on numbering rows after the copied ones.
// From SQLite by nature: the source stays a SQLite file under `npm run test:pg` too.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enqueueMail } from '../../app/domain/messaging/mail-outbox.server'
import { matchProducts } from '../../app/domain/catalog/product-search.server'
import { createImageStore } from '../../app/infra/images/image-store.server'
import { usePostgresDatabase } from '../helpers/postgres'
import { COPY_BATCH_SIZE_FILES, CopyError, copyDatabase, type TableCopy } from '../../db/copy'
import { type DB, migrateToLatest, openDatabase } from '../../db/database'
import { insertUsers } from '../helpers/fixtures'
import { seedDemoOrders } from '../../db/seed/demo-orders'
import { seedDemo } from '../../db/seed/seed-demo'

describe('copyDatabase (npm run db:copy)', () => {
  const pg = usePostgresDatabase()
  let dir: string
  let sqlite: DB
  let postgres: DB
  let copied: TableCopy[]

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'copy-test-'))
    sqlite = openDatabase(join(dir, 'shop.sqlite'))
    await migrateToLatest(sqlite)
    await seedDemo(sqlite, createImageStore(join(dir, 'uploads')))
    const shopper = { id: 'u-demo', userName: 'Demo', email: 'demo@example.com' }
    await insertUsers(sqlite, [shopper])
    await seedDemoOrders(sqlite, shopper)
    // The outbox numbers its rows (an identity column on PostgreSQL): the copy must go on after them.
    for (const n of [1, 2, 3]) {
      await enqueueMail(sqlite, { kind: 'test', to: 'demo@example.com', dedupeKey: `copy:${n}`, subject: `Mail ${n}`, html: '<p>x</p>', text: 'x' })
    }
    postgres = openDatabase(pg.url)
    copied = await copyDatabase(sqlite, postgres, { batchSize: 7 })
  }, 120_000)

  afterAll(async () => {
    await sqlite?.destroy()
    await postgres?.destroy()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('copies every table with the same row count and money sums, parents before children', async () => {
    const tables = copied.map((c) => c.table)
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('orders'))
    expect(tables.indexOf('orders')).toBeLessThan(tables.indexOf('order_lines'))
    expect(tables.indexOf('products')).toBeLessThan(tables.indexOf('product_images'))
    const orders = copied.find((c) => c.table === 'orders')
    expect(orders?.rows).toBeGreaterThan(7) // more than one batch
    expect(orders?.paise.total_amount_paise).toBeGreaterThan(0)
    for (const table of ['users', 'products', 'orders', 'order_lines', 'payments', 'product_images', 'mail_outbox', 'refunds', 'invoices', 'document_counters', 'stock_holds', 'password_resets', 'stored_files']) {
      const [a, b] = await Promise.all([
        sqlite.selectFrom(table as 'users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        postgres.selectFrom(table as 'users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ])
      expect(Number(b.n), table).toBe(Number(a.n))
    }
    const one = await sqlite.selectFrom('orders').selectAll().orderBy('number').executeTakeFirstOrThrow()
    expect(await postgres.selectFrom('orders').selectAll().where('id', '=', one.id).executeTakeFirstOrThrow()).toMatchObject(one)
  })

  it('copies the stored images byte for byte (any process of the PostgreSQL shop serves them)', async () => {
    const files = await sqlite.selectFrom('stored_files').select(['name', 'content']).orderBy('name').execute()
    expect(files.length).toBeGreaterThan(COPY_BATCH_SIZE_FILES)
    const copiedFiles = await postgres.selectFrom('stored_files').select(['name', 'content']).orderBy('name').execute()
    expect(copiedFiles.map((f) => f.name)).toEqual(files.map((f) => f.name))
    for (const [i, file] of files.entries()) expect(Buffer.from(copiedFiles[i]?.content ?? []).equals(Buffer.from(file.content)), file.name).toBe(true)
  })

  it('answers searches the same way after the copy', async () => {
    for (const keyword of ['ocean', 'coaster', 'necklace for mom']) {
      const [a, b] = await Promise.all([matchProducts(sqlite, keyword, 20), matchProducts(postgres, keyword, 20)])
      expect(new Set(b), keyword).toEqual(new Set(a))
    }
  })

  it('numbers new rows after the copied ones', async () => {
    const order = await postgres.selectFrom('orders').select('id').executeTakeFirstOrThrow()
    const before = await postgres.selectFrom('order_status_history').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()
    await postgres.insertInto('order_status_history').values({ order_id: order.id, status: 'confirmed', note: '' }).execute()
    const after = await postgres.selectFrom('order_status_history').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()
    expect(Number(after.id)).toBe(Number(before.id) + 1)
    await enqueueMail(postgres, { kind: 'test', to: 'demo@example.com', dedupeKey: 'copy:4', subject: 'Mail 4', html: '<p>x</p>', text: 'x' })
    const mails = await postgres.selectFrom('mail_outbox').select('id').orderBy('id').execute()
    expect(mails.map((m) => Number(m.id)).slice(-2)).toEqual([3, 4])
  })

  it('refuses a target that already holds a shop, and keeps it as it was', async () => {
    await expect(copyDatabase(sqlite, postgres)).rejects.toBeInstanceOf(CopyError)
  })
})
