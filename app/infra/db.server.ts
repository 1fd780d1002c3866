// The process-wide database handle, opened on first use: DATABASE_URL (PostgreSQL) when set, else DATABASE_PATH (SQLite).
import { type DB, openDatabase } from '../../db/database'
import { getConfig } from './config.server'

let db: DB | undefined

export function getDb(): DB {
  if (!db) {
    const config = getConfig()
    db = openDatabase(config.DATABASE_URL ?? config.DATABASE_PATH)
  }
  return db
}
