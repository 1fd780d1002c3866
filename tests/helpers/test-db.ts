// A fresh, migrated SQLite database in its own temp directory, for service tests.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { type DB, migrateToLatest, openDatabase } from '../../db/database'

export interface TestDb {
  db: DB
  path: string
  cleanup(): Promise<void>
}

export async function createTestDb(): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-db-'))
  const path = join(dir, 'test.sqlite')
  const db = openDatabase(path)
  try {
    await migrateToLatest(db)
  } catch (error) {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  let cleaned = false
  return {
    db,
    path,
    async cleanup() {
      if (cleaned) return
      cleaned = true
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A fresh database for every test of the file (or one for the whole file with `{ perFile: true }`),
 * handed to `ready` (keep it, seed it) before the test runs and removed after it.
 */
export function withTestDb(
  ready: (db: DB, testDb: TestDb) => unknown,
  { perFile = false, timeout }: { perFile?: boolean; timeout?: number } = {},
): void {
  let testDb: TestDb | undefined
  ;(perFile ? beforeAll : beforeEach)(async () => {
    testDb = await createTestDb()
    await ready(testDb.db, testDb)
  }, timeout)
  ;(perFile ? afterAll : afterEach)(async () => {
    await testDb?.cleanup()
  })
}
