// The server side of the maintenance commands (`npm run db:migrate`, `db:seed`, `db:copy`,
// `db:backup`; their arguments are read by server/process/commands.js). Bundled into the server
// build (server/app.ts).
import { type BackupResult, backupDatabase, backupPostgres } from '../../db/backup'
import { CopyError, copyDatabase, type TableCopy } from '../../db/copy'
import { migrateToLatest, openDatabase } from '../../db/database'
import { isPostgresUrl } from '../../db/dialect'
import { seedSyntheticProducts } from '../../db/seed/synthetic'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { storeDiskUploads } from '~/domain/catalog/media.server'
import { bootstrap, migrate } from '../bootstrap'

/** `npm run db:seed -- --products N`: adds N synthetic products (benchmarks, large-catalogue checks). */
export async function seedSynthetic(count: number): Promise<number> {
  const config = getConfig()
  await bootstrap(config)
  const result = await seedSyntheticProducts(getDb(), count)
  await getDb().destroy()
  return result.products
}

export async function migrateDatabase(): Promise<string[]> {
  getConfig()
  const applied = await migrate()
  await getDb().destroy()
  return applied
}

/** `npm run db:copy -- --to postgres://...`: copies the SQLite shop of DATABASE_PATH into an empty PostgreSQL database. */
export async function copyDatabaseTo(url: string): Promise<TableCopy[]> {
  const config = getConfig()
  if (!isPostgresUrl(url)) throw new CopyError('Usage: npm run db:copy -- --to postgres://user:password@host:5432/database')
  const source = openDatabase(config.DATABASE_PATH)
  const target = openDatabase(url)
  try {
    // Images an earlier version kept on this disk only go along (the PostgreSQL shop serves them from the database).
    const applied = await migrateToLatest(source)
    if (applied.length) console.log(`Brought the source up to date first: ${applied.join(', ')}`)
    const stored = await storeDiskUploads(source, getImageStore())
    if (stored) console.log(`Stored ${stored} image files from ${config.UPLOADS_DIR} in the source database first.`)
    return await copyDatabase(source, target)
  } finally {
    await source.destroy()
    await target.destroy()
  }
}

/** `npm run db:backup [-- dir]`: a consistent online copy of the database (SQLite's backup API, or pg_dump) into BACKUP_DIR (or `dir`). */
export async function backupDatabaseNow(dir?: string): Promise<BackupResult> {
  const config = getConfig()
  if (config.DATABASE_URL) return backupPostgres(config.DATABASE_URL, dir || config.BACKUP_DIR)
  return backupDatabase(config.DATABASE_PATH, dir || config.BACKUP_DIR)
}
