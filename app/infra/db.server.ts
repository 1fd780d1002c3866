// The process-wide database handle, opened on first use from DATABASE_PATH.
import { type DB, openDatabase } from '../../db/database'
import { getConfig } from './config.server'

let db: DB | undefined

export function getDb(): DB {
  db ??= openDatabase(getConfig().DATABASE_PATH)
  return db
}
