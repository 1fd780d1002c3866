// `npm run db:backup` on PostgreSQL (ADR 040): pg_dump's snapshot of the running shop's database,
// read back by pg_restore --list, then restored as the README says into a new database, where every
// row (orders, money, stored images) is there again.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { storeImage } from '../../app/domain/catalog/media.server'
import { createImageStore } from '../../app/infra/images/image-store.server'
import { postgresConnection, postgresTool } from '../../db/backup'
import { type DB, migrateToLatest, openDatabase } from '../../db/database'
import { seedDemoOrders } from '../../db/seed/demo-orders'
import { insertProducts, insertUsers } from '../helpers/fixtures'
import { createDatabase, usePostgresDatabase } from '../helpers/postgres'
import { runServerCommand } from './server'
import sharp from 'sharp'

const dir = mkdtempSync(join(tmpdir(), 'shop-pg-backup-'))
const opened: DB[] = []

afterAll(async () => {
  for (const db of opened) await db.destroy()
  rmSync(dir, { recursive: true, force: true })
})

async function figures(db: DB) {
  const count = async (table: 'orders' | 'products' | 'users' | 'stored_files') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const paid = await db.selectFrom('orders').select((eb) => eb.fn.sum<number>('total_amount_paise').as('sum')).executeTakeFirstOrThrow()
  const files = await db.selectFrom('stored_files').select(['name', 'content']).orderBy('name').execute()
  return {
    orders: await count('orders'),
    products: await count('products'),
    users: await count('users'),
    paise: Number(paid.sum),
    files: files.map((f) => `${f.name}:${Buffer.from(f.content).toString('base64').length}`),
  }
}

describe('npm run db:backup on PostgreSQL', () => {
  const pg = usePostgresDatabase()

  it('writes a pg_dump of the shop that restores into a new database with every row', async () => {
    const shop = openDatabase(pg.url)
    opened.push(shop)
    await migrateToLatest(shop)
    const shopper = { id: 'u-backup', userName: 'Backup Shopper', email: 'backup@example.com' }
    await insertUsers(shop, [shopper])
    await insertProducts(shop, [{ id: 'p-backup', title: 'Backed-up bangle', stock: 3 }])
    await seedDemoOrders(shop, shopper)
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#208090' } }).png().toBuffer()
    await storeImage(shop, createImageStore(join(dir, 'uploads')), png)
    const before = await figures(shop)
    expect(before.orders).toBeGreaterThan(0)
    expect(before.files.length).toBeGreaterThan(0)

    const backups = join(dir, 'backups')
    const { code, output } = await runServerCommand({ DATABASE_URL: pg.url }, ['backup', backups])
    expect(code, output).toBe(0)
    const [file] = readdirSync(backups)
    expect(file).toMatch(/^shop-\d{4}-\d{2}-\d{2}T[\d-]+Z\.pgdump$/)
    expect(output).toContain(`Backed up the database to ${join(backups, file as string)}`)
    expect(statSync(join(backups, file as string)).size).toBeGreaterThan(1000)

    // Restore as the README says: a new database, pg_restore into it, DATABASE_URL pointing at it.
    const restored = await createDatabase(pg.serverUrl)
    const target = postgresConnection(restored.url)
    const restore = spawnSync(postgresTool('pg_restore'), ['--no-owner', '--no-privileges', `--dbname=${target.url}`, join(backups, file as string)], {
      encoding: 'utf8',
      env: { ...process.env, ...target.env },
    })
    expect(restore.status, restore.stderr).toBe(0)
    const copy = openDatabase(restored.url)
    opened.push(copy)
    expect(await figures(copy)).toEqual(before)
    // Nothing left to migrate: the restored database is the shop as it was.
    expect(await migrateToLatest(copy)).toEqual([])
  }, 120_000)

  it('keeps the password off the command line (PGPASSWORD instead)', () => {
    expect(postgresConnection('postgres://shop:s%40cret@db.example:5432/shop')).toEqual({
      url: 'postgres://shop@db.example:5432/shop',
      env: { PGPASSWORD: 's@cret' },
    })
    expect(postgresConnection('postgres://shop@db.example/shop').env).toEqual({})
  })
})
