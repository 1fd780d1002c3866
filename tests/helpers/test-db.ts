// A fresh, migrated SQLite database in its own temp directory, for service tests.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
