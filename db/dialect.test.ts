import { Kysely, SqliteDialect, sql } from 'kysely'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { DialectPlugin, dialectSql } from './dialect'

interface Db {
  things: { id: string; body: Buffer | null }
}

function sqliteDb() {
  return new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }), plugins: [new DialectPlugin('sqlite')] })
}

describe('DialectPlugin on SQLite', () => {
  const choice = dialectSql<string>({ sqlite: sql`'on sqlite'`, postgres: sql`'on postgres'` })

  it('keeps the SQLite branch of a choice however deep it sits', () => {
    const db = sqliteDb()
    const query = db
      .selectFrom('things')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', 'a'), eb.and([eb('id', '!=', 'b'), eb(choice, '=', 'x')])]))
      .compile()
    expect(query.sql).toContain("'on sqlite'")
    expect(query.sql).not.toContain('postgres')
    expect(query.sql).not.toContain('dialect-choice')
  })

  it('leaves a query without a choice as written, values and all', async () => {
    const db = sqliteDb()
    await sql`create table things (id text primary key, body blob)`.execute(db)
    const body = Buffer.alloc(200_000, 7)
    await db.insertInto('things').values({ id: 'a', body }).execute()
    const row = await db.selectFrom('things').selectAll().where('id', 'in', ['a', 'b']).executeTakeFirstOrThrow()
    expect(row.body?.equals(body)).toBe(true)
    expect(db.selectFrom('things').select('id').where('id', 'like', 'A%').compile().sql).toBe('select "id" from "things" where "id" like ?')
  })

  it('PostgreSQL keeps its own branch and turns like into ilike', () => {
    const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }), plugins: [new DialectPlugin('postgres')] })
    const query = db.selectFrom('things').select(choice.as('c')).where('id', 'like', 'a%').compile()
    expect(query.sql).toContain("'on postgres'")
    expect(query.sql).toContain('ilike')
  })
})
