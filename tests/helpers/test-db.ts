// A fresh, migrated SQLite database in its own temp directory, for service tests; with
// TEST_DB=postgres (npm run test:pg) a fresh, migrated PostgreSQL database instead (path is its URL).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { sql } from 'kysely'
import { type DB, migrateToLatest, openDatabase } from '../../db/database'
import { DEFAULT_POOL_SIZE } from '../../db/postgres'
import { createDatabase, dropDatabase, sharedPostgres } from './postgres'

export interface TestDb {
  db: DB
  path: string
  cleanup(): Promise<void>
}

/** Whether the service tests run on PostgreSQL (TEST_DB=postgres) rather than SQLite. */
export const onPostgres = process.env.TEST_DB === 'postgres'

let template: Promise<string> | undefined

/** A migrated database for this process to copy: `create database ... template` is much faster than migrating. */
function migratedTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const { name, url } = await createDatabase(serverUrl)
    const db = openDatabase(url)
    try {
      await migrateToLatest(db)
    } finally {
      await db.destroy()
    }
    return name
  })()
  return template
}

async function createPostgresTestDb(): Promise<TestDb> {
  const server = await sharedPostgres()
  const { name, url } = await createDatabase(server.url, await migratedTemplate(server.url))
  const db = openDatabase(url)
  // Open the pool's connections up front: a test's concurrent calls then really run side by side,
  // instead of each waiting for a new connection and finishing one after another.
  await Promise.all(Array.from({ length: DEFAULT_POOL_SIZE }, () => sql`select 1`.execute(db)))
  let cleaned = false
  return {
    db,
    path: url,
    async cleanup() {
      if (cleaned) return
      cleaned = true
      await db.destroy()
      await dropDatabase(server.url, name)
    },
  }
}

/**
 * A fresh migrated database: PostgreSQL under TEST_DB=postgres, else SQLite. `{ sqlite: true }` for
 * a test about SQLite by nature (it runs on SQLite under `npm run test:pg` too).
 */
export async function createTestDb({ sqlite = false }: { sqlite?: boolean } = {}): Promise<TestDb> {
  if (onPostgres && !sqlite) return createPostgresTestDb()
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
