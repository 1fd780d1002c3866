import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usePostgresDatabase } from '../tests/helpers/postgres'
import { type DB, openDatabase } from './database'
import { dialectOf, dialectSql, inJsonList, isoNowSql, localDaySql } from './dialect'

describe('openDatabase on PostgreSQL', () => {
  const pgDb = usePostgresDatabase()
  let db: DB
  let sqlite: DB
  beforeAll(() => {
    db = openDatabase(pgDb.url)
    sqlite = openDatabase(':memory:')
  })
  afterAll(async () => {
    await db?.destroy()
    await sqlite?.destroy()
  })

  it('selects PostgresDialect for postgres:// and SQLite otherwise', () => {
    expect(dialectOf(db)).toBe('postgres')
    expect(dialectOf(sqlite)).toBe('sqlite')
  })

  it('reads counts, sums and booleans as SQLite does (numbers, 1/0)', async () => {
    const { rows } = await sql<{ n: number; s: number; yes: number; no: number }>`
      select count(*) as n, sum(x) as s, exists (select 1) as yes, 1 = 2 as no from (values (1::bigint), (2::bigint)) as t (x)`.execute(db)
    expect(rows[0]).toEqual({ n: 2, s: 3, yes: 1, no: 0 })
  })

  it('picks the branch of its own database in dialectSql fragments, in transactions too', async () => {
    const which = dialectSql<string>({ sqlite: sql`'sqlite'`, postgres: sql`'postgres'` })
    expect((await sql<{ d: string }>`select ${which} as d`.execute(db)).rows[0]?.d).toBe('postgres')
    expect((await sql<{ d: string }>`select ${which} as d`.execute(sqlite)).rows[0]?.d).toBe('sqlite')
    const inTrx = await db.transaction().execute(async (trx) => (await sql<{ d: string }>`select ${which} as d`.execute(trx)).rows[0]?.d)
    expect(inTrx).toBe('postgres')
  })

  it('writes ISO timestamps, local days and JSON lists the same on both', async () => {
    for (const d of [db, sqlite]) {
      const { rows } = await sql<{ now: string; day: string; hit: number }>`
        select ${isoNowSql} as now, ${localDaySql('t.at', 330)} as day, (case when ${inJsonList('t.v', ['a', 'b'])} then 1 else 0 end) as hit
        from (select '2026-11-24T20:00:00.000Z' as at, 'b' as v) as t`.execute(d)
      expect(rows[0]?.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(rows[0]?.day).toBe('2026-11-25')
      expect(Number(rows[0]?.hit)).toBe(1)
    }
  })

  it('matches LIKE case-insensitively, as SQLite does', async () => {
    await sql`create table words (w text)`.execute(db)
    await sql`insert into words values ('Ocean Vase'), ('river')`.execute(db)
    const rows = await (db as unknown as Kysely<{ words: { w: string } }>).selectFrom('words').select('w').where('w', 'like', '%OCEAN%').execute()
    expect(rows).toEqual([{ w: 'Ocean Vase' }])
  })
})
