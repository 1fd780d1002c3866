// `npm run db:backup` while the shop takes payments, then a restore as the README describes it:
// the copy passes `PRAGMA integrity_check`, holds every payment acknowledged before it was taken
// with stock that matches them, and a server started on a restored copy serves that data.
// About SQLite by nature (its file, `PRAGMA integrity_check`, copying the file back): it runs on
// SQLite on purpose under `npm run test:pg` too ({ sqlite: true }); the PostgreSQL backup and
// restore is tests/integration/backup-postgres.test.ts.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'
import { client, type Shopper } from '../helpers/shop-api'
import { INITIAL_STOCK, insertProducts, type Ledger, PRODUCT, shop } from '../helpers/write-load'
import { type RunningServer, runServerCommand, startServer } from './server'

const ENV = { SEED_DEMO: '0', AUTH_RATE_LIMIT: '10000' }
const dirs: string[] = []
let server: RunningServer | undefined
const api = client(() => server as RunningServer)

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

afterAll(async () => {
  await server?.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** What a copy holds: its integrity, paid orders and the stock of the product on sale. */
function readCopy(path: string) {
  const copy = new SQLite(path, { readonly: true })
  try {
    const paid = copy.prepare("SELECT id, user_id FROM orders WHERE payment_status = 'paid'").all() as { id: string; user_id: string }[]
    const sold = copy
      .prepare(
        "SELECT coalesce(sum(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.payment_status = 'paid' AND l.product_id = ?",
      )
      .pluck()
      .get(PRODUCT) as number
    const stock = copy.prepare('SELECT total_stock FROM products WHERE id = ?').pluck().get(PRODUCT) as number
    // Checkouts in flight when the copy was taken hold units (ADR 032): shoppers see the stock less those.
    const held = copy
      .prepare('SELECT coalesce(sum(quantity), 0) FROM stock_holds WHERE product_id = ? AND expires_at > ?')
      .pluck()
      .get(PRODUCT, new Date().toISOString()) as number
    return {
      integrity: copy.pragma('integrity_check', { simple: true }),
      paid: new Set(paid.map((o) => o.id)),
      owners: new Map(paid.map((o) => [o.id, o.user_id])),
      sold,
      stock,
      held,
    }
  } finally {
    copy.close()
  }
}

it('backs up online during a payment load and restores onto a fresh server', async () => {
  const dir = tempDir('shop-live-')
  const backupDir = tempDir('shop-backups-')
  server = await startServer(ENV, { dir, sqlite: true })
  await insertProducts(dir)
  const shoppers: { who: Shopper; addressId: string }[] = []
  for (const name of ['Asha', 'Ravi', 'Meera']) {
    const who = await api.registerAndLogin(name, `${name.toLowerCase()}@example.com`)
    shoppers.push({ who, addressId: (await api.addAddress(who)).body.data._id })
  }

  const ledger: Ledger = { paid: new Set(), titles: new Map(), interrupted: 0 }
  let stopped = false
  const load = Promise.all(shoppers.map(({ who, addressId }) => shop(api, who, addressId, ledger, () => stopped, () => {})))
  const waitForPaid = async (count: number) => {
    while (ledger.paid.size < count) await new Promise((r) => setTimeout(r, 20))
  }
  let paidBefore = new Set<string>()
  let run: { code: number | null; output: string }
  try {
    await waitForPaid(5)
    paidBefore = new Set(ledger.paid)
    run = await runServerCommand({ DATABASE_PATH: join(dir, 'shop.sqlite'), BACKUP_DIR: backupDir }, ['backup'])
    // The shop goes on taking payments after the backup.
    await waitForPaid(ledger.paid.size + 3)
  } finally {
    stopped = true
    await load
  }
  expect(run.code, run.output).toBe(0)
  expect(run.output).toMatch(/Backed up the database to .*shop-.*\.sqlite \(.* MB\) in \d+ ms\./)
  console.log(`BACKUP: ${run.output.trim()} (${paidBefore.size} payments acknowledged before it, ${ledger.paid.size} in all)`)
  const files = readdirSync(backupDir)
  expect(files).toEqual([expect.stringMatching(/^shop-.*\.sqlite$/)])
  const backup = join(backupDir, files[0] as string)

  const copy = readCopy(backup)
  expect(copy.integrity).toBe('ok')
  for (const id of paidBefore) expect(copy.paid.has(id), `paid order ${id} in the copy`).toBe(true)
  expect(copy.stock).toBe(INITIAL_STOCK - copy.sold)

  // Restore as the README says: stop the shop, copy the file to DATABASE_PATH (no -wal/-shm
  // beside it), start.
  await server.stop()
  const restoredDir = tempDir('shop-restored-')
  copyFileSync(backup, join(restoredDir, 'shop.sqlite'))
  server = await startServer(ENV, { dir: restoredDir, sqlite: true })
  expect(await api.stockOf(PRODUCT)).toBe(copy.stock - copy.held)
  // The restored shop knows the accounts (a fresh login) and their paid orders, as in the copy.
  const asha = await api.login('asha@example.com', 'resin-lover-1')
  expect(asha.id).toBe(shoppers[0]?.who.id)
  const paidHere = (await api.ordersOf(asha)).filter((o) => o.paymentStatus === 'paid').map((o) => o._id)
  expect(paidHere.length).toBeGreaterThan(0)
  for (const id of paidHere) expect(copy.paid.has(id)).toBe(true)
  const ashasInCopy = [...copy.paid].filter((id) => copy.owners.get(id) === asha.id)
  expect(new Set(paidHere)).toEqual(new Set(ashasInCopy))
}, 90_000)
