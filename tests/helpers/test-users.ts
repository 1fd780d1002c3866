// A fresh migrated database per test with the given users in it: the set-up most service tests
// repeat (create, insert users, clean up), in one call at the top of a file.
import { afterEach, beforeEach } from 'vitest'
import type { DB } from '../../db/database'
import { createTestDb, type TestDb } from './test-db'

export interface TestUser {
  id: string
  userName: string
  email: string
  role?: 'admin' | 'user'
}

/** Registers beforeEach/afterEach hooks; read `.db` inside the tests (a new database each time). */
export function freshDbWithUsers(users: TestUser[]): { readonly db: DB } {
  let testDb: TestDb | undefined
  beforeEach(async () => {
    testDb = await createTestDb()
    await testDb.db
      .insertInto('users')
      .values(users.map((u) => ({ id: u.id, user_name: u.userName, email: u.email, password_hash: 'x', role: u.role ?? 'user' })))
      .execute()
  })
  afterEach(async () => {
    await testDb?.cleanup()
    testDb = undefined
  })
  return {
    get db() {
      if (!testDb) throw new Error('freshDbWithUsers: the database exists only inside a test')
      return testDb.db
    },
  }
}
