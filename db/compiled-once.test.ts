import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createTestDb, withTestDb } from '../tests/helpers/test-db'
import { compiledOnce } from './compiled-once'
import type { DB } from './database'

// A table of the test's own, on SQLite and on PostgreSQL (npm run test:pg).
type Things = { id: string; owner: string; status: string }
const things = (db: DB) => db as unknown as import('kysely').Kysely<{ compiled_once_things: Things }>

async function createThings(db: DB) {
  await things(db).schema.createTable('compiled_once_things').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('owner', 'text').addColumn('status', 'text').execute()
  await things(db)
    .insertInto('compiled_once_things')
    .values([
      { id: 'a', owner: 'asha', status: 'delivered' },
      { id: 'b', owner: 'asha', status: 'paid' },
      { id: 'c', owner: 'bela', status: 'delivered' },
    ])
    .execute()
}

describe('compiledOnce', () => {
  let db: DB
  withTestDb(async (fresh) => {
    db = fresh
    await createThings(db)
  })

  it('runs with each call’s arguments, a constant of the query kept, an argument used twice in both places', async () => {
    let built = 0
    const deliveredOf = compiledOnce((db: DB, { owner, other }: { owner: string; other: string }) => {
      built++
      return things(db)
        .selectFrom('compiled_once_things')
        .select('id')
        .where('status', '=', 'delivered')
        .where((eb) => eb.or([eb('owner', '=', owner), eb('owner', '=', other)]))
        .where('id', '!=', sql<string>`${owner}`)
        .orderBy('id')
    })
    expect(await deliveredOf(db, { owner: 'asha', other: 'nobody' })).toEqual([{ id: 'a' }])
    expect(await deliveredOf(db, { owner: 'bela', other: 'asha' })).toEqual([{ id: 'a' }, { id: 'c' }])
    expect(await deliveredOf(db, { owner: 'nobody', other: 'nobody' })).toEqual([])
    expect(built).toBe(1)
  })

  it('compiles again for another database handle, not for another call', async () => {
    let built = 0
    const owned = compiledOnce((db: DB, { owner }: { owner: string }) => {
      built++
      return things(db).selectFrom('compiled_once_things').select((eb) => eb.fn.countAll<number>().as('count')).where('owner', '=', owner)
    })
    const other = await createTestDb()
    try {
      await createThings(other.db)
      await things(other.db).deleteFrom('compiled_once_things').where('owner', '=', 'asha').execute()
      expect(Number((await owned(db, { owner: 'asha' }))[0]?.count)).toBe(2)
      expect(Number((await owned(other.db, { owner: 'asha' }))[0]?.count)).toBe(0)
      expect(Number((await owned(db, { owner: 'asha' }))[0]?.count)).toBe(2)
      expect(built).toBe(2)
    } finally {
      await other.cleanup()
    }
  })

  it('sends an argument as the dialect plugin sends a value: a hostile NUL finds nothing, no error (PostgreSQL refuses NUL in text)', async () => {
    const byOwner = compiledOnce((db: DB, { owner }: { owner: string }) => things(db).selectFrom('compiled_once_things').select('id').where('owner', '=', owner))
    expect(await byOwner(db, { owner: 'asha\u0000' })).toEqual([])
    expect(await byOwner(db, { owner: 'asha' })).toEqual([{ id: 'a' }, { id: 'b' }])
  })

  it('refuses a write, and an argument that does not reach the statement as a parameter', async () => {
    const write = compiledOnce((db: DB, { owner }: { owner: string }) => things(db).deleteFrom('compiled_once_things').where('owner', '=', owner) as never)
    await expect(write(db, { owner: 'asha' })).rejects.toThrow('compiledOnce is for reads only')
    const inlined = compiledOnce((db: DB, { owner }: { owner: string }) => things(db).selectFrom('compiled_once_things').select('id').where('owner', '=', sql.lit(owner)))
    await expect(inlined(db, { owner: 'asha' })).rejects.toThrow('the argument owner is not a parameter of the query')
    const twice = compiledOnce((db: DB, { owner }: { owner: string }) =>
      things(db).selectFrom('compiled_once_things').select('id').where('owner', '=', owner).where('id', 'like', `${owner}%`),
    )
    await expect(twice(db, { owner: 'asha' })).rejects.toThrow('an argument is used other than as a whole parameter')
    const unused = compiledOnce((db: DB, _args: { owner: string }) => things(db).selectFrom('compiled_once_things').select('id'))
    await expect(unused(db, { owner: 'asha' })).rejects.toThrow('the argument owner is not a parameter of the query')
    expect(await things(db).selectFrom('compiled_once_things').select('id').execute()).toHaveLength(3)
  })
})
