// Playwright global setup for `npm run test:e2e:pg` (playwright.pg.config.ts): a throwaway PostgreSQL
// cluster (tests/helpers/postgres.ts), a fresh database on it, and the built shop on that database with
// WEB_CONCURRENCY=2 (`node server/start.js`: the primary migrates and seeds the demo shop, then two
// node:cluster workers serve; ADR 040). Playwright starts a config's `webServer` before its global
// setup, so the server is started here, after the database exists. Resolves to the teardown: the
// shop stopped (SIGTERM, as systemd does), the cluster stopped and removed.
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { FullConfig } from '@playwright/test'
import { createDatabase, startPostgres } from '../helpers/postgres'
import { E2E_PG_WORKERS, PG_BASE_URL, PG_PORT } from './settings'

const START_TIMEOUT_MS = 180_000

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const root = dirname(config.configFile ?? join(process.cwd(), 'playwright.pg.config.ts'))
  const tmp = join(root, '.tmp/e2e-pg')
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  // Generated demo images are content-addressed: kept between runs (like the SQLite run's
  // .tmp/e2e-uploads), so seeding does not make them again. See the rename after the start.
  const uploads = join(root, '.tmp/e2e-pg-uploads')
  const kept = `${uploads}.kept`
  if (existsSync(kept)) {
    rmSync(uploads, { recursive: true, force: true })
    renameSync(kept, uploads)
  }

  const postgres = await startPostgres()
  process.once('exit', () => postgres.stop())
  let shop: ChildProcess | undefined
  const log = join(tmp, 'server.log')
  try {
    const database = await createDatabase(postgres.url)
    shop = spawn(process.execPath, ['server/start.js'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PG_PORT),
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: String(E2E_PG_WORKERS),
        UPLOADS_DIR: uploads,
        SEED_DEMO: '1',
        SEED_DEMO_OFFERS: '0',
        // As in playwright.config.ts: the demo shop prices by zone (ADR 093), the specs check the flat fee.
        DELIVERY_PRICING: 'flat',
        COOKIE_SECURE: '0',
        AUTH_RATE_LIMIT: '1000',
        // Cheap password hashes for the many logins (test-only, never in production).
        PASSWORD_TEST_COST: '1',
        // The SQLite run's secret: tests/e2e/mail.spec.ts signs TEST MODE payments with a key derived from it.
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
        // As in playwright.config.ts: tests/e2e/parcel-tracking.spec.ts posts the courier's scans with it.
        SHIPROCKET_WEBHOOK_TOKEN: 'e2e-shiprocket-webhook-token',
      },
    })
    const out = createWriteStream(log)
    shop.stdout?.pipe(out)
    shop.stderr?.pipe(out)
    await waitForWorkers(shop, log)
  } catch (error) {
    await stopShop(shop)
    postgres.stop()
    throw error
  }
  // Every image the browser meets from here on is read from the database by the worker that is
  // asked for it (ADR 040): the disk cache the seed filled is moved aside (kept for the next run).
  renameSync(uploads, kept)
  console.log(`PostgreSQL smoke: the shop runs ${E2E_PG_WORKERS} workers on ${PG_BASE_URL} (log: .tmp/e2e-pg/server.log)`)

  return async () => {
    await stopShop(shop)
    postgres.stop()
  }
}

/** Resolves when every worker said it serves and the home page answers 200. */
async function waitForWorkers(shop: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  const output = () => (existsSync(log) ? readFileSync(log, 'utf8') : '')
  for (;;) {
    if (shop.exitCode !== null || shop.signalCode !== null) throw new Error(`The shop exited while starting:\n${output()}`)
    const serving = output().match(/Worker \d+ \(process \d+\) is serving on/g)?.length ?? 0
    if (serving >= E2E_PG_WORKERS) {
      const ok = await fetch(`${PG_BASE_URL}/shop/home`)
        .then(async (r) => {
          await r.arrayBuffer()
          return r.status === 200
        })
        .catch(() => false)
      if (ok) return
    }
    if (Date.now() > deadline) throw new Error(`The shop did not start within ${START_TIMEOUT_MS / 1000} s:\n${output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** SIGTERM: the primary stops its workers (they finish their requests); SIGKILL after 15 s. */
async function stopShop(shop: ChildProcess | undefined): Promise<void> {
  if (!shop || shop.exitCode !== null || shop.signalCode !== null) return
  const exited = new Promise((r) => shop.once('exit', r))
  shop.kill('SIGTERM')
  const timer = setTimeout(() => shop.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
