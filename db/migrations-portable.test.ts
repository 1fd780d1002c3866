// One set of migrations for both databases: every migration runs on SQLite and on PostgreSQL, and
// the two schemas have the same tables, columns (name, kind, nullability) and named indexes, but for
// the few differences listed here on purpose (docs/decisions/036-postgresql.md). A migration that
// works on one database only fails this test.
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { usePostgresDatabase } from '../tests/helpers/postgres'
import { type DB, migrateToLatest, openDatabase } from './database'
import { ROWID_TABLES } from './dialect'

/** SQLite's FTS5 search tables (and their shadow tables): PostgreSQL searches through indexes instead. */
const SQLITE_ONLY_TABLE = /^products_(search|words|words_vocab)(_(data|idx|content|docsize|config))?$/
/** Indexes each database has for its own search (migrations 2026-11-22T02 and 2026-11-25T0920). */
const POSTGRES_ONLY_INDEXES = new Set(['products_search_title', 'products_search_description', 'products_words_all', 'products_words_title'])

type Schema = { tables: Record<string, string[]>; indexes: string[] }

const kind = (type: string) => {
  const t = type.toLowerCase()
  if (t === 'integer' || t === 'bigint') return 'integer'
  if (t === 'real' || t === 'double precision') return 'real'
  if (t === 'blob' || t === 'bytea') return 'blob'
  return t
}

async function sqliteSchema(db: DB): Promise<Schema> {
  const { rows } = await sql<{ name: string; type: string; sql: string | null }>`
    select name, type, sql from sqlite_master where name not like 'sqlite_%' and name not like 'kysely_%' order by name`.execute(db)
  const tables: Record<string, string[]> = {}
  for (const row of rows.filter((r) => r.type === 'table' && !SQLITE_ONLY_TABLE.test(r.name))) {
    const columns = await sql<{ name: string; type: string; notnull: number; pk: number }>`select * from pragma_table_info(${row.name})`.execute(db)
    tables[row.name] = columns.rows.map((c) => `${c.name} ${kind(c.type)}${c.notnull ? ' not null' : ''}`).sort()
  }
  const indexes = rows.filter((r) => r.type === 'index' && r.sql !== null).map((r) => r.name)
  return { tables, indexes: indexes.sort() }
}

async function postgresSchema(db: DB): Promise<Schema> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%' order by table_name, column_name`.execute(db)
  const tables: Record<string, string[]> = {}
  for (const c of rows) {
    if (c.column_name === 'rowid' && ROWID_TABLES.includes(c.table_name)) continue
    // SQLite's primary keys of type text may hold null (a historic quirk); PostgreSQL's never do.
    tables[c.table_name] ??= []
    tables[c.table_name]?.push(`${c.column_name} ${kind(c.data_type)}${c.is_nullable === 'NO' ? ' not null' : ''}`)
  }
  for (const t of Object.values(tables)) t.sort()
  const indexes = await sql<{ indexname: string }>`
    select i.indexname from pg_indexes i where i.schemaname = 'public' and i.tablename not like 'kysely_%'
    and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    and i.indexname not like '%_rowid_key' order by i.indexname`.execute(db)
  return { tables, indexes: indexes.rows.map((r) => r.indexname).filter((n) => !POSTGRES_ONLY_INDEXES.has(n)).sort() }
}

/** SQLite lets a text primary key be null unless it says not null; PostgreSQL's primary keys are not null. Compare as PostgreSQL. */
function primaryKeysNotNull(schema: Schema, pks: Record<string, string[]>): Schema {
  const tables = Object.fromEntries(
    Object.entries(schema.tables).map(([table, columns]) => [
      table,
      columns.map((c) => {
        const [name] = c.split(' ')
        return pks[table]?.includes(name ?? '') && !c.endsWith(' not null') ? `${c} not null` : c
      }),
    ]),
  )
  return { ...schema, tables }
}

describe('migrations on both databases', () => {
  const pg = usePostgresDatabase()

  it('run to the end on both and leave the same tables, columns and indexes', async () => {
    const sqlite = openDatabase(':memory:')
    const postgres = openDatabase(pg.url)
    try {
      const ranOnSqlite = await migrateToLatest(sqlite)
      const ranOnPostgres = await migrateToLatest(postgres)
      expect(ranOnPostgres).toEqual(ranOnSqlite)
      const pks: Record<string, string[]> = {}
      const s = await sqliteSchema(sqlite)
      for (const table of Object.keys(s.tables)) {
        const info = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(sqlite)
        pks[table] = info.rows.filter((r) => r.pk > 0).map((r) => r.name)
      }
      const fromSqlite = primaryKeysNotNull(s, pks)
      const fromPostgres = await postgresSchema(postgres)
      expect(Object.keys(fromPostgres.tables).sort()).toEqual(Object.keys(fromSqlite.tables).sort())
      expect(fromPostgres.tables).toEqual(fromSqlite.tables)
      expect(fromPostgres.indexes).toEqual(fromSqlite.indexes)
      expect(Object.keys(fromSqlite.tables).length).toBeGreaterThan(15)
      expect(fromSqlite.indexes.length).toBeGreaterThan(15)
    } finally {
      await sqlite.destroy()
      await postgres.destroy()
    }
  })
})
