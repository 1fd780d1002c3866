// `npm run db:copy -- --to postgres://...`: moves a SQLite shop into an empty PostgreSQL database
// (docs/decisions/036-postgresql.md). The target is migrated, then every table is copied in
// foreign-key order in batches inside one transaction (all or nothing), identity counters are moved
// past the copied ids, and the copy is checked: the same row count per table and the same sum of
// every money (_paise) column. Stop the shop first: rows written during the copy are not copied.
import { sql } from 'kysely'
import { type DB, migrateToLatest } from './database'
import { type AnyKysely, dialectOf, ROWID_TABLES } from './dialect'

export const COPY_BATCH_SIZE = 500
/** Stored images are up to a few hundred kB each: fewer rows per insert. */
export const COPY_BATCH_SIZE_FILES = 20

/** SQLite's search tables live in PostgreSQL's indexes; the version row is set, not copied. */
const NOT_COPIED = /^(sqlite_|kysely_|products_search|products_words)/

export class CopyError extends Error {
  override name = 'CopyError'
}

export interface TableCopy {
  table: string
  rows: number
  /** Sum of each money column, equal on both sides. */
  paise: Record<string, number>
}

async function sqliteTables(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db)
  return rows.map((r) => r.name).filter((name) => !NOT_COPIED.test(name))
}

/** Tables ordered so that every table comes after the tables its foreign keys point at. */
async function inDependencyOrder(db: DB, tables: string[]): Promise<string[]> {
  const parents = new Map<string, string[]>()
  for (const table of tables) {
    const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db)
    parents.set(table, rows.map((r) => r.table).filter((t) => t !== table))
  }
  const ordered: string[] = []
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return
    if (path.includes(table)) throw new CopyError(`Foreign keys form a cycle: ${[...path, table].join(' -> ')}`)
    for (const parent of parents.get(table) ?? []) if (tables.includes(parent)) visit(parent, [...path, table])
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

async function columnsOf(db: DB, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
  return rows.map((r) => r.name)
}

async function tableFigures(db: AnyKysely, table: string, moneyColumns: string[]): Promise<{ rows: number; paise: Record<string, number> }> {
  const sums = moneyColumns.map((c) => sql`coalesce(sum(${sql.ref(c)}), 0) as ${sql.ref(c)}`)
  const { rows } = await sql<Record<string, number>>`select count(*) as row_count${sql.join(
    sums.map((s) => sql`, ${s}`),
    sql``,
  )} from ${sql.table(table)}`.execute(db)
  const figures = rows[0] ?? {}
  return { rows: Number(figures.row_count), paise: Object.fromEntries(moneyColumns.map((c) => [c, Number(figures[c])])) }
}

/** Tables whose migration writes a row: a new database has it, and the copy replaces it (or keeps it, for the words version). */
const MIGRATION_ROWS = ['products_words_version', 'dispatch_settings'] as const

/**
 * Copies the SQLite shop `source` into the PostgreSQL database `target`, which must hold no shop
 * data yet (migrations are run on it). Answers what was copied; throws CopyError when the target is
 * not empty or the figures do not match (then nothing is kept: one transaction).
 */
export async function copyDatabase(source: DB, target: DB, { batchSize = COPY_BATCH_SIZE } = {}): Promise<TableCopy[]> {
  if (dialectOf(source) !== 'sqlite') throw new CopyError('The source must be a SQLite shop (DATABASE_PATH).')
  if (dialectOf(target) !== 'postgres') throw new CopyError('The target must be a postgres:// database.')
  const sourceMigrations = await migrateToLatest(source)
  if (sourceMigrations.length) console.log(`Brought the source up to date first: ${sourceMigrations.join(', ')}`)
  await migrateToLatest(target)
  const tables = await inDependencyOrder(source, await sqliteTables(source))
  const copied: TableCopy[] = []
  await target.transaction().execute(async (trx) => {
    for (const table of tables) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(trx)
      const seeded = (MIGRATION_ROWS as readonly string[]).includes(table)
      if (!seeded && Number(rows[0]?.n) > 0) throw new CopyError(`The target is not empty: ${table} has rows. Copy into a new database.`)
    }
    for (const table of tables) {
      if (table === 'products_words_version') continue
      // The migration's own row gives way to the shop's.
      if (table === 'dispatch_settings') await sql`delete from dispatch_settings`.execute(trx)
      const columns = await columnsOf(source, table)
      const keepRowid = ROWID_TABLES.includes(table)
      const selected = keepRowid ? [...columns, 'rowid'] : columns
      const size = table === 'stored_files' ? Math.min(batchSize, COPY_BATCH_SIZE_FILES) : batchSize
      let last: number | null = null
      for (;;) {
        const batch = await sql<Record<string, unknown> & { _rowid_: number }>`
          select ${sql.join(selected.map((c) => sql.ref(c)))}, rowid as _rowid_ from ${sql.table(table)}
          ${last === null ? sql`` : sql`where rowid > ${last}`} order by rowid limit ${size}`.execute(source)
        if (batch.rows.length === 0) break
        last = batch.rows[batch.rows.length - 1]?._rowid_ ?? null
        const values = batch.rows.map(({ _rowid_, ...row }) => row)
        await trx.insertInto(table as never).values(values as never).execute()
        if (batch.rows.length < size) break
      }
      // Identity columns (autoincrement ids, rowid) go on after the highest copied value.
      const identities = await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_identity = 'YES'`.execute(trx)
      for (const { column_name } of identities.rows) {
        await sql`select setval(pg_get_serial_sequence(${table}, ${column_name}), coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx)
      }
      const money = columns.filter((c) => c.endsWith('_paise'))
      const from = await tableFigures(source, table, money)
      const to = await tableFigures(trx, table, money)
      if (from.rows !== to.rows) throw new CopyError(`${table}: ${from.rows} rows in SQLite but ${to.rows} copied.`)
      for (const column of money) {
        if (from.paise[column] !== to.paise[column]) {
          throw new CopyError(`${table}.${column}: sums to ${from.paise[column]} in SQLite but ${to.paise[column]} copied.`)
        }
      }
      copied.push({ table, ...from })
    }
    // Search caches key on this version: a new one makes every process read the vocabulary afresh.
    await sql`update products_words_version set version = version + 1`.execute(trx)
  })
  return copied
}
