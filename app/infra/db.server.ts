// The process-wide database handle, opened on first use: DATABASE_URL (PostgreSQL) when set, else DATABASE_PATH (SQLite).
import { type DB, openDatabase, sqliteDataVersion } from '../../db/database'
import { shopWritesPlugin, watchExternalCommits } from './shop-writes.server'
import { getConfig } from './config.server'

let db: DB | undefined

export function getDb(): DB {
  if (!db) {
    const config = getConfig()
    const opened = openDatabase(config.DATABASE_URL ?? config.DATABASE_PATH)
    const dataVersion = sqliteDataVersion(opened)
    if (dataVersion) watchExternalCommits(dataVersion)
    // Writes that change what a visitor's page shows move the page cache's generation (ADR 042).
    db = opened.withPlugin(shopWritesPlugin)
  }
  return db
}
