// Online backup of the shop's SQLite file with SQLite's backup API (better-sqlite3 `backup()`).
// The copy is one consistent snapshot: all pages are copied in a single step inside one read
// transaction, which in WAL mode never blocks the running shop's writers.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import SQLite from 'better-sqlite3'

export interface BackupResult {
  /** The finished copy. */
  path: string
  pages: number
  bytes: number
  milliseconds: number
}

/** `shop-2026-11-23T00-45-25-123Z.sqlite`: sorts by time, safe on every file system. */
export function backupFileName(now = new Date()): string {
  return `shop-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`
}

/** A backup that could not be made; the message is one line for the operator. */
export class BackupError extends Error {
  override name = 'BackupError'
}

/** Copies the database at `databasePath` into a new timestamped file in `backupDir` and checks the copy. */
export async function backupDatabase(databasePath: string, backupDir: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now()
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath} to back up.`)
  mkdirSync(backupDir, { recursive: true })
  const target = resolve(join(backupDir, backupFileName(now)))
  const partial = `${target}.partial`
  const source = new SQLite(databasePath, { fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    // The first step only measures; returning the largest step then copies every page at once, so
    // writes by the shop between steps can never restart (or starve) the backup.
    const progress = await source.backup(partial, { progress: () => 0x7fffffff })
    const copy = new SQLite(partial)
    let check: unknown
    let pageSize: number
    try {
      // A single self-contained file (no -wal beside it); the shop turns WAL back on when it opens it.
      copy.pragma('journal_mode = DELETE')
      check = copy.pragma('integrity_check', { simple: true })
      pageSize = Number(copy.pragma('page_size', { simple: true }))
    } finally {
      copy.close()
    }
    if (check !== 'ok') throw new BackupError(`The backup copy failed its integrity check: ${String(check)}`)
    renameSync(partial, target)
    return { path: target, pages: progress.totalPages, bytes: progress.totalPages * pageSize, milliseconds: performance.now() - started }
  } catch (error) {
    for (const file of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(file, { force: true })
    throw error
  } finally {
    source.close()
  }
}
