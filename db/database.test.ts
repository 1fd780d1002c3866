// The SQLite driver's statement cache: about SQLite by nature, so it runs on SQLite under
// `npm run test:pg` too (db/postgres.test.ts covers the PostgreSQL handle).
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { withStatementCache } from './database'

function countingDatabase() {
  const sqlite = new SQLite(':memory:')
  let prepared = 0
  const prepare = sqlite.prepare.bind(sqlite)
  sqlite.prepare = ((source: string) => {
    prepared++
    return prepare(source)
  }) as typeof sqlite.prepare
  return { sqlite, prepared: () => prepared }
}

describe('withStatementCache', () => {
  it('prepares a query once and reuses it with other parameters', async () => {
    const { sqlite, prepared } = countingDatabase()
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
    await sql`create table t (id integer primary key, name text)`.execute(db)
    for (const [id, name] of [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ] as const) {
      await db.insertInto('t').values({ id, name }).execute()
    }
    const preparedAfterInserts = prepared()
    expect(preparedAfterInserts).toBe(2)

    for (const id of [1, 2, 3]) {
      const row = await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst()
      expect(row?.name).toBe(['one', 'two', 'three'][id - 1])
    }
    expect(prepared()).toBe(preparedAfterInserts + 1)
    await db.destroy()
  })

  it('drops the least recently used statement past its size', () => {
    const { sqlite, prepared } = countingDatabase()
    const cached = withStatementCache(sqlite, 2)
    cached.prepare('select 1')
    cached.prepare('select 2')
    cached.prepare('select 1')
    cached.prepare('select 3') // evicts 'select 2', the least recently used
    expect(prepared()).toBe(3)
    cached.prepare('select 1')
    expect(prepared()).toBe(3)
    cached.prepare('select 2')
    expect(prepared()).toBe(4)
    sqlite.close()
  })
})
