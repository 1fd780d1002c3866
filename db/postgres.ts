// Opens PostgreSQL behind Kysely (DATABASE_URL=postgres://...): a pg Pool whose results read like
// SQLite's, so domain code sees the same values on both databases (docs/decisions/036-postgresql.md).
import pg from 'pg'
import { Kysely, PostgresDialect } from 'kysely'
import { DialectPlugin } from './dialect'
import type { Database } from './schema'

/** Connections per process: enough for the request concurrency of one Node process, few enough that several processes fit under PostgreSQL's default max_connections (100). */
export const DEFAULT_POOL_SIZE = 10

const INT8 = 20
const NUMERIC = 1700
const BOOL = 16

/**
 * count(*) and sum(integer) are int8 and sum(bigint) numeric, which pg hands out as strings; SQLite
 * gives numbers. A shop's counts and paise sums are far below 2^53, so they are read as numbers.
 * SQL booleans (`exists (...)`) read as 1/0, as SQLite answers them and as the shop stores flags.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value)
    if (oid === BOOL) return (value: string) => (value === 't' || value === 'true' ? 1 : 0)
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

export function openPostgres(url: string, { poolSize = poolSizeFromEnv() }: { poolSize?: number } = {}): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: types as pg.CustomTypesConfig, idleTimeoutMillis: 30_000 })
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new DialectPlugin('postgres')] })
}

function poolSizeFromEnv(): number {
  const size = Number(process.env.DATABASE_POOL_SIZE)
  return Number.isInteger(size) && size > 0 ? size : DEFAULT_POOL_SIZE
}
