// The backup copy itself: a timestamped file with every committed row, taken while another
// connection keeps writing; a missing database fails without leaving a partial file. About SQLite
// by nature (its backup API and file): it runs on SQLite under `npm run test:pg` too; the
// PostgreSQL backup is tests/integration/backup-postgres.test.ts.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { BackupError, backupDatabase, backupFileName } from './backup'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'shop-backup-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

it('names copies by time, sortably and without colons', () => {
  expect(backupFileName(new Date('2026-11-23T00:45:25.123Z'))).toBe('shop-2026-11-23T00-45-25-123Z.sqlite')
})

it('copies a WAL database while another connection writes: integrity ok, a consistent snapshot', async () => {
  const path = join(dir, 'shop.sqlite')
  const writer = new SQLite(path)
  writer.pragma('journal_mode = WAL')
  writer.exec('CREATE TABLE ledger (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL); CREATE TABLE total (sum INTEGER NOT NULL)')
  writer.exec('INSERT INTO total VALUES (0)')
  const insert = writer.prepare('INSERT INTO ledger (amount) VALUES (?)')
  const add = writer.transaction((amount: number) => {
    insert.run(amount)
    writer.prepare('UPDATE total SET sum = sum + ?').run(amount)
  })
  // Enough rows for a copy of many pages.
  writer.transaction(() => {
    for (let i = 0; i < 20_000; i++) add(i % 97)
  })()
  const timer = setInterval(() => {
    for (let i = 0; i < 50; i++) add(1)
  }, 1)
  try {
    const backup = await backupDatabase(path, join(dir, 'backups'))
    expect(backup.path).toMatch(/backups\/shop-.*\.sqlite$/)
    expect(backup.pages).toBeGreaterThan(10)
    const copy = new SQLite(backup.path, { readonly: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
      const rows = copy.prepare('SELECT count(*) AS n, sum(amount) AS s FROM ledger').get() as { n: number; s: number }
      const total = copy.prepare('SELECT sum FROM total').get() as { sum: number }
      expect(rows.n).toBeGreaterThanOrEqual(20_000)
      // Both tables come from the same moment.
      expect(total.sum).toBe(rows.s)
    } finally {
      copy.close()
    }
  } finally {
    clearInterval(timer)
    writer.close()
  }
  expect(readdirSync(join(dir, 'backups'))).toHaveLength(1)
})

it('fails on a missing database and leaves no partial file', async () => {
  const missing = join(dir, 'missing.sqlite')
  const failure = backupDatabase(missing, join(dir, 'backups'))
  await expect(failure).rejects.toThrow(BackupError)
  await expect(failure).rejects.toThrow(`There is no database at ${missing} to back up.`)
  expect(existsSync(missing)).toBe(false)
  expect(existsSync(join(dir, 'backups'))).toBe(false)
})
