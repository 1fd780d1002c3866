// Crash safety: runs a write load (shoppers paying through the TEST MODE gateway, an admin editing
// products) against the built server, SIGKILLs it mid-load, restarts it on the same database and
// checks that nothing acknowledged was lost and nothing half-done was kept.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { expect } from 'vitest'
import { openDatabase } from '../../db/database'
import { type RunningServer, startServer } from '../integration/server'
import { client, type Shopper } from './shop-api'
import { edit, INITIAL_STOCK, insertProducts, type Ledger, PRODUCT, shop } from './write-load'

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' }
const ENV = { SEED_DEMO: '0', AUTH_RATE_LIMIT: '10000', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }

export interface CrashOptions {
  crashes: number
  shoppers: number
  /** Kill once this many payments were acknowledged in the current round (plus a random delay). */
  killAfterPaid: number
}

export interface CrashReport {
  crashes: number
  acknowledgedPaid: number
  paidInDatabase: number
  acknowledgedEdits: number
  /** Requests that were in flight (or refused) when the server died. */
  interrupted: number
  milliseconds: number
}

/** Opens the database after a crash and checks it against what the clients were told. */
async function checkDatabase(dir: string, ledger: Ledger) {
  const db = openDatabase(join(dir, 'shop.sqlite'))
  try {
    const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)
    expect(integrity.rows).toEqual([{ integrity_check: 'ok' }])
    expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([])

    const orders = await db.selectFrom('orders').select(['id', 'payment_status', 'order_status', 'needs_refund']).execute()
    const status = new Map(orders.map((o) => [o.id, o]))
    for (const id of ledger.paid) {
      expect(status.get(id), `acknowledged order ${id}`).toMatchObject({ payment_status: 'paid', order_status: 'confirmed', needs_refund: 0 })
    }
    const paid = orders.filter((o) => o.payment_status === 'paid')
    // A paid order is whole: its confirmation history and its payment row committed with it.
    const confirmedHistory = await db.selectFrom('order_status_history').select('order_id').where('status', '=', 'confirmed').execute()
    const paidPayments = await db.selectFrom('payments').select('order_id').where('status', '=', 'paid').execute()
    expect(new Set(confirmedHistory.map((h) => h.order_id))).toEqual(new Set(paid.map((o) => o.id)))
    expect(new Set(paidPayments.map((p) => p.order_id))).toEqual(new Set(paid.map((o) => o.id)))
    // Its confirmation mail was queued in the same transaction: one outbox row per paid order, none
    // for an unpaid one (the mail worker sends it after a restart; tests/integration/mail.test.ts).
    const confirmations = await db.selectFrom('mail_outbox').select('dedupe_key').where('kind', '=', 'order-confirmed').execute()
    expect(confirmations.map((c) => c.dedupe_key).sort()).toEqual(paid.map((o) => `order-confirmed:${o.id}`).sort())
    // No refund anywhere: every checkout of this load is covered by the stock and paid once.
    expect(await db.selectFrom('refunds').select('order_id').execute()).toEqual([])

    const sold = await db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select((eb) => eb.fn.sum<number>('order_lines.quantity').as('quantity'))
      .where('orders.payment_status', '=', 'paid')
      .where('order_lines.product_id', '=', PRODUCT)
      .executeTakeFirstOrThrow()
    const stock = await db.selectFrom('products').select('total_stock').where('id', '=', PRODUCT).executeTakeFirstOrThrow()
    expect(stock.total_stock).toBe(INITIAL_STOCK - Number(sold.quantity ?? 0))

    for (const [id, { sent, acknowledged }] of ledger.titles) {
      const row = await db.selectFrom('products').select('title').where('id', '=', id).executeTakeFirstOrThrow()
      // The last acknowledged title, or one sent after it that committed before the kill.
      if (acknowledged > 0) expect(sent.slice(acknowledged - 1)).toContain(row.title)
    }
    // Checkouts cut off by the kill still hold their stock after the restart (holds live in the file).
    const held = await db
      .selectFrom('stock_holds')
      .select((eb) => eb.fn.sum<number>('quantity').as('quantity'))
      .where('product_id', '=', PRODUCT)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirstOrThrow()
    return { paidInDatabase: paid.length, stock: stock.total_stock, available: stock.total_stock - Number(held.quantity ?? 0) }
  } finally {
    await db.destroy()
  }
}

/** Runs the load, kills the server `crashes` times, restarts and checks after each kill. */
export async function runCrashRounds(options: CrashOptions): Promise<CrashReport> {
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'shop-crash-'))
  let server: RunningServer | undefined
  const api = client(() => server as RunningServer)
  const ledger: Ledger = { paid: new Set(), titles: new Map(), interrupted: 0 }
  try {
    server = await startServer(ENV, { dir })
    await insertProducts(dir)
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const shoppers: { who: Shopper; addressId: string }[] = []
    for (let i = 0; i < options.shoppers; i++) {
      const who = await api.registerAndLogin(`Crash buyer ${i}`, `crash${i}@example.com`)
      const address = await api.addAddress(who)
      expect(address.status).toBe(201)
      shoppers.push({ who, addressId: address.body.data._id })
    }

    let paidInDatabase = 0
    for (let crash = 0; crash < options.crashes; crash++) {
      let killed = false
      let paidThisRound = 0
      let reachedThreshold: () => void = () => {}
      const threshold = new Promise<void>((done) => {
        reachedThreshold = done
      })
      const onPaid = () => {
        paidThisRound += 1
        if (paidThisRound >= options.killAfterPaid) reachedThreshold()
      }
      const stopped = () => killed
      // Before the kill every call must succeed; after it, failures are the crash and end the loop.
      const guard = (work: Promise<void>) =>
        work.catch((error) => {
          if (!killed) throw error
          ledger.interrupted += 1
        })
      const loops = [
        ...shoppers.map(({ who, addressId }) => guard(shop(api, who, addressId, ledger, stopped, onPaid))),
        guard(edit(api, admin, ledger, stopped)),
      ]
      const failed = Promise.all(loops).then(() => {
        if (!killed) throw new Error('A load loop ended before the kill')
      })
      await Promise.race([threshold, failed])
      // A loop failing from here on is reported by `await Promise.all(loops)` below.
      failed.catch(() => {})
      await new Promise((r) => setTimeout(r, Math.random() * 50))
      killed = true
      await server.kill('SIGKILL')
      await Promise.all(loops)

      const after = await checkDatabase(dir, ledger)
      paidInDatabase = after.paidInDatabase
      server = await startServer(ENV, { dir })
      // The restarted shop serves the same stock, less live holds (and the next round orders from it).
      expect(await api.stockOf(PRODUCT)).toBe(after.available)
    }
    return {
      crashes: options.crashes,
      acknowledgedPaid: ledger.paid.size,
      paidInDatabase,
      acknowledgedEdits: [...ledger.titles.values()].reduce((sum, t) => sum + t.acknowledged, 0),
      interrupted: ledger.interrupted,
      milliseconds: performance.now() - started,
    }
  } catch (error) {
    console.error(`The server said:\n${server?.output().slice(-4000)}`)
    throw error
  } finally {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
