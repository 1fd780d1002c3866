// Online backup of the shop's SQLite file with SQLite's backup API (better-sqlite3 `backup()`).
// The copy is one consistent snapshot: all pages are copied in a single step inside one read
// transaction, which in WAL mode never blocks the running shop's writers. On PostgreSQL: pg_dump
// (backupPostgres), also one snapshot, also online.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import SQLite from 'better-sqlite3'

export interface BackupResult {
  /** The finished copy. */
  path: string
  /** SQLite's pages copied (not for pg_dump). */
  pages?: number
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

// --- PostgreSQL ---------------------------------------------------------------------------------

/** `shop-2026-11-23T00-45-25-123Z.pgdump`: pg_dump's custom format (restore with pg_restore). */
export function postgresBackupFileName(now = new Date()): string {
  return backupFileName(now).replace(/\.sqlite$/, '.pgdump')
}

/** A PostgreSQL client program: PG_BIN's, else the newest installed server's, else the one on PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name)
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      const tool = join(root, version, 'bin', name)
      if (existsSync(tool)) return tool
    }
  }
  return name
}

/** The URL without its password, and the password for PGPASSWORD (never on a command line others can read). */
export function postgresConnection(url: string): { url: string; env: Record<string, string> } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {} }
}

function run(tool: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => {
      stdout += c
    })
    child.stderr.on('data', (c) => {
      stderr += c
    })
    child.once('error', (error) => done({ code: null, stdout, stderr: error.message }))
    child.once('close', (code) => done({ code, stdout, stderr }))
  })
}

/**
 * Backs up the PostgreSQL database at `url` with pg_dump (one consistent snapshot, taken while the
 * shop runs) into a new timestamped custom-format file in `backupDir`, checked by pg_restore --list.
 */
export async function backupPostgres(url: string, backupDir: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now()
  mkdirSync(backupDir, { recursive: true })
  const target = resolve(join(backupDir, postgresBackupFileName(now)))
  const partial = `${target}.partial`
  const connection = postgresConnection(url)
  try {
    const dump = await run(postgresTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${connection.url}`], connection.env)
    if (dump.code !== 0) {
      throw new BackupError(`pg_dump failed (${dump.code ?? 'not found: install the postgresql-client package or set PG_BIN'}): ${dump.stderr.trim().split('\n')[0] ?? ''}`)
    }
    const list = await run(postgresTool('pg_restore'), ['--list', partial], {})
    if (list.code !== 0 || !/TABLE DATA public orders /.test(list.stdout)) {
      throw new BackupError(`The backup could not be read back by pg_restore --list: ${list.stderr.trim().split('\n')[0] ?? 'no orders table in it'}`)
    }
    renameSync(partial, target)
    return { path: target, bytes: statSync(target).size, milliseconds: performance.now() - started }
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
}
