// Crash safety: runs a write load (shoppers paying through the TEST MODE gateway, an admin editing
// products) against the built server, SIGKILLs it mid-load, restarts it on the same database and
// checks that nothing acknowledged was lost and nothing half-done was kept. With several workers on
// PostgreSQL (TEST_SERVER_WORKERS), runWorkerKillRounds SIGKILLs one worker at a time instead.
import { mkdtempSync, rmSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { expect } from 'vitest'
import { openDatabase } from '../../db/database'
import { databaseOf, type RunningServer, serversOnPostgres, startServer } from '../integration/server'
import { statFields } from './proc-stat'
import { client, type Shopper } from './shop-api'
import { edit, INITIAL_STOCK, insertProducts, type Ledger, PRODUCT, shop } from './write-load'

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' }
// Every shopper pays from one address (loopback), and each kill leaves their checkout unpaid and
// holding: the per-address limits of ADR 050 (10 units of a product, 30 unpaid checkouts an hour) are
// for real networks, not for this load.
const ENV = { SEED_DEMO: '0', AUTH_RATE_LIMIT: '10000', MAX_UNITS_PER_ORDER: '99', UNPAID_CHECKOUTS_PER_HOUR: '10000', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }

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
  const database = databaseOf(dir)
  const db = openDatabase(database)
  try {
    // SQLite's file checks; PostgreSQL enforces its foreign keys itself and has no such pragma.
    if (!database.startsWith('postgres')) {
      const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }])
      expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([])
    }

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

export interface WorkerCrashOptions {
  kills: number
  shoppers: number
  /** Kill a worker once this many payments were acknowledged since the last kill (plus a random delay). */
  killAfterPaid: number
}

export interface WorkerCrashReport {
  workers: number
  kills: number
  /** Workers the primary forked in place of the killed ones (each answered before the next kill). */
  replaced: number
  acknowledgedPaid: number
  paidInDatabase: number
  /** Payments acknowledged while a killed worker was not yet replaced (the others kept answering). */
  paidWhileReplacing: number
  acknowledgedEdits: number
  /** Requests that failed: each was in flight on (or sent over a connection to) the killed worker. */
  interrupted: number
  milliseconds: number
}

interface Worker {
  id: string
  pid: number
}

/** The workers the primary's output says are serving and have not stopped. */
function servingWorkers(output: string): Worker[] {
  const stopped = new Set([...output.matchAll(/Worker (\d+) \(process \d+\) stopped/g)].map((m) => m[1]))
  return [...output.matchAll(/Worker (\d+) \(process (\d+)\) is serving on/g)]
    .map((m) => ({ id: m[1] as string, pid: Number(m[2]) }))
    .filter((w) => !stopped.has(w.id))
}

/** The parent process of `pid` (field 4 of /proc/<pid>/stat), to be sure a victim is a worker of ours. */
function parentOf(pid: number): number {
  return Number(statFields(pid)[1])
}

/** A GET over a connection of its own (no keep-alive): the primary hands it to a worker in turn. */
function freshGet(url: string): Promise<{ status: number; worker: string }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, worker: String(res.headers['x-worker'] ?? '') }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** A request that failed on the network (the connection died with its worker, or was never answered), not an answer. */
function isNetworkFailure(error: unknown): boolean {
  // 'fetch failed': no answer; 'terminated': the answer cut off mid-body; TimeoutError: never answered.
  return (error instanceof TypeError && ['fetch failed', 'terminated'].includes(error.message)) || (error instanceof DOMException && error.name === 'TimeoutError')
}

/**
 * What one kill may cost one client loop: the request the killed worker was answering, and the
 * loop's next request when the primary handed its new connection to the worker in the moment it
 * died, before the primary noticed (never answered: it ends at the 30 s timeout). A CI run on
 * 2026-11-26 saw one loop fail twice after the last of 10 kills, the second time by that timeout.
 */
const MAX_FAILURES_PER_LOOP_AND_KILL = 2

/**
 * With TEST_SERVER_WORKERS=N (N >= 2) on PostgreSQL: runs the write load against N node:cluster
 * workers and SIGKILLs one worker (never the primary) `kills` times. The load never pauses: the
 * only failures allowed are requests that were on the killed worker (network failures, at most
 * MAX_FAILURES_PER_LOOP_AND_KILL per client loop per kill, never an error answer); the other
 * workers answer meanwhile, the primary forks a replacement that serves before the next kill, and
 * at the end every acknowledged payment and edit is in the database with the stock it took.
 */
export async function runWorkerKillRounds(options: WorkerCrashOptions): Promise<WorkerCrashReport> {
  const workers = Number(process.env.TEST_SERVER_WORKERS ?? 0)
  if (!serversOnPostgres || !(workers >= 2)) throw new Error('runWorkerKillRounds needs TEST_SERVER_WORKERS=N (N >= 2): several workers on PostgreSQL')
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'shop-worker-crash-'))
  let server: RunningServer | undefined
  // A connection the primary handed to a worker as it died may never be answered: such a request
  // ends after 30 s (counted like a request cut off by the kill) instead of stalling its loop.
  const api = client(() => server as RunningServer, { timeoutMs: 30_000 })
  const ledger: Ledger = { paid: new Set(), titles: new Map(), interrupted: 0 }
  let done = false
  let kills = 0
  /** Per kill (index = kills so far), the failures of each client loop. */
  const failures: Map<number, Map<number, number>> = new Map()
  try {
    server = await startServer(ENV, { dir })
    const primary = server.pid
    await insertProducts(dir)
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const shoppers: { who: Shopper; addressId: string }[] = []
    for (let i = 0; i < options.shoppers; i++) {
      const who = await api.registerAndLogin(`Worker crash buyer ${i}`, `worker-crash${i}@example.com`)
      const address = await api.addAddress(who)
      expect(address.status).toBe(201)
      shoppers.push({ who, addressId: address.body.data._id })
    }
    expect(servingWorkers(server.output())).toHaveLength(workers)
    console.log(`${workers} workers serving, ${options.shoppers} shoppers ready (${Math.round((performance.now() - started) / 1000)} s)`)

    let paidSinceKill = 0
    const onPaid = () => {
      paidSinceKill += 1
    }
    // A loop goes on after a failure (a fresh round: shop() first empties the cart line) until done.
    // A failure before any kill, an error answer, or a second failure of one loop for one kill ends the run.
    const keepGoing = async (loop: number, work: () => Promise<void>) => {
      while (!done) {
        try {
          await work()
        } catch (error) {
          if (kills === 0 || !isNetworkFailure(error)) throw error
          const perLoop = failures.get(kills) ?? new Map<number, number>()
          failures.set(kills, perLoop)
          perLoop.set(loop, (perLoop.get(loop) ?? 0) + 1)
          if ((perLoop.get(loop) ?? 0) > MAX_FAILURES_PER_LOOP_AND_KILL)
            throw new Error(`Client loop ${loop} failed ${perLoop.get(loop)} times after kill ${kills}: only requests on the killed worker may fail`, { cause: error })
          ledger.interrupted += 1
        }
      }
    }
    const stopped = () => done
    const loops = [
      ...shoppers.map(({ who, addressId }, i) => keepGoing(i, () => shop(api, who, addressId, ledger, stopped, onPaid))),
      keepGoing(shoppers.length, () => edit(api, admin, ledger, stopped)),
    ]
    let failed: unknown
    const ended = Promise.all(loops).catch((error) => {
      failed = error
    })
    const check = () => {
      if (failed) throw failed
    }

    let replaced = 0
    let paidWhileReplacing = 0
    const awaitPayments = async () => {
      const deadline = Date.now() + 120_000
      while (paidSinceKill < options.killAfterPaid) {
        check()
        if (Date.now() > deadline) throw new Error(`The load stalled: ${paidSinceKill} payments in 120 s after kill ${kills}`)
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    for (let round = 0; round < options.kills; round++) {
      await awaitPayments()
      await new Promise((r) => setTimeout(r, Math.random() * 50))
      const before = servingWorkers(server.output())
      expect(before).toHaveLength(workers)
      const victim = before[Math.floor(Math.random() * before.length)] as Worker
      // Never the primary: a worker forked by it.
      expect(victim.pid).not.toBe(primary)
      expect(parentOf(victim.pid)).toBe(primary)
      const paidAtKill = ledger.paid.size
      kills += 1
      paidSinceKill = 0
      process.kill(victim.pid, 'SIGKILL')

      // The primary notices; meanwhile, and after, the other workers answer every new connection.
      const deadline = Date.now() + 60_000
      while (!server.output().includes(`Worker ${victim.id} (process ${victim.pid}) stopped (SIGKILL)`)) {
        check()
        if (Date.now() > deadline) throw new Error('The primary did not notice the killed worker')
        await new Promise((r) => setTimeout(r, 20))
      }
      for (let i = 0; i < workers * 2; i++) {
        const probe = await freshGet(`${server.url}/healthz`)
        expect(probe.status).toBe(200)
        expect(probe.worker).not.toBe(victim.id)
      }
      // A replacement is forked and serves.
      while (servingWorkers(server.output()).length < workers) {
        check()
        if (Date.now() > deadline) throw new Error(`No replacement for worker ${victim.id}:\n${server.output().slice(-2000)}`)
        await new Promise((r) => setTimeout(r, 20))
      }
      replaced += 1
      paidWhileReplacing += ledger.paid.size - paidAtKill
      console.log(
        `kill ${kills}: worker ${victim.id} (process ${victim.pid}) replaced; ${ledger.paid.size - paidAtKill} payments acknowledged meanwhile, ${ledger.paid.size} in all, ${ledger.interrupted} requests interrupted (${Math.round((performance.now() - started) / 1000)} s)`,
      )
      const fresh = servingWorkers(server.output()).find((w) => !before.some((b) => b.id === w.id)) as Worker
      expect(parentOf(fresh.pid)).toBe(primary)
    }
    // The load ends with every loop still paying; the last payments land after the last replacement.
    await awaitPayments()
    done = true
    await ended
    check()
    for (const perLoop of failures.values()) expect(perLoop.size).toBeLessThanOrEqual(loops.length)

    const after = await checkDatabase(dir, ledger)
    expect(await api.stockOf(PRODUCT)).toBe(after.available)
    return {
      workers,
      kills,
      replaced,
      acknowledgedPaid: ledger.paid.size,
      paidInDatabase: after.paidInDatabase,
      paidWhileReplacing,
      acknowledgedEdits: [...ledger.titles.values()].reduce((sum, t) => sum + t.acknowledged, 0),
      interrupted: ledger.interrupted,
      milliseconds: performance.now() - started,
    }
  } catch (error) {
    console.error(`The server said:\n${server?.output().slice(-4000)}`)
    throw error
  } finally {
    done = true
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
