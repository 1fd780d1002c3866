// The scaling curve (ADR 040): throughput of the listing page and the products API with
// SQLite's one process, and with 1, 2 and 4 worker processes (WEB_CONCURRENCY) on a throwaway
// PostgreSQL, each with the same 1,000 synthetic products, 16 connections for SCALING_SECONDS
// (default 5) per figure. Zero errors allowed; the table is printed. The figures depend on the
// machine's cores: on a 2-core machine more than 2 processes cannot add much.
import { join } from 'node:path'
import autocannon from 'autocannon'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { seedSyntheticProducts } from '../../db/seed/synthetic'
import { usePostgresDatabase } from '../helpers/postgres'
import { type RunningServer, startServer } from '../integration/server'

const SECONDS = Number(process.env.SCALING_SECONDS ?? 5)
const CONNECTIONS = 16
const PRODUCTS = 1000
const TARGETS = [
  { name: 'listing', path: '/shop/listing?category=jewellery,home-decor&sortBy=price-lowtohigh' },
  { name: 'products API', path: '/api/shop/products/get?sortBy=price-hightolow' },
] as const

interface Figure {
  setup: string
  target: string
  rps: number
  p50: number
  p99: number
}

const figures: Figure[] = []

async function measure(server: RunningServer, setup: string): Promise<void> {
  for (const target of TARGETS) {
    const result = await autocannon({ url: server.url + target.path, connections: CONNECTIONS, duration: SECONDS, timeout: 30 })
    expect(result.errors, `${setup} ${target.name}`).toBe(0)
    expect(result.timeouts, `${setup} ${target.name}`).toBe(0)
    expect(result.non2xx, `${setup} ${target.name}`).toBe(0)
    expect(result.requests.total).toBeGreaterThan(0)
    figures.push({ setup, target: target.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 })
  }
}

describe('scaling: SQLite x1, PostgreSQL x1, x2, x4', () => {
  const pg = usePostgresDatabase()

  afterAll(() => {
    const lines = figures.map(
      (f) => `${f.setup.padEnd(16)} ${f.target.padEnd(13)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms`,
    )
    console.log(`SCALING (${CONNECTIONS} connections, ${SECONDS} s each, ${PRODUCTS} products):\n${lines.join('\n')}`)
  })

  it('SQLite, one process', async () => {
    const server = await startServer({ SEED_DEMO: '0' })
    try {
      const db = openDatabase(join(server.dir, 'shop.sqlite'))
      await seedSyntheticProducts(db, PRODUCTS)
      await db.destroy()
      await measure(server, 'SQLite x1')
    } finally {
      await server.stop()
    }
  })

  for (const workers of [1, 2, 4]) {
    it(`PostgreSQL, ${workers} process${workers > 1 ? 'es' : ''}`, async () => {
      const server = await startServer({ SEED_DEMO: '0', DATABASE_URL: pg.url, WEB_CONCURRENCY: String(workers) })
      try {
        // Every worker listening before the clock starts.
        const serving = () => server.output().match(/Worker \d+ \(process \d+\) is serving on/g)?.length ?? 0
        for (const deadline = Date.now() + 60_000; workers > 1 && serving() < workers; ) {
          if (Date.now() > deadline) throw new Error(`Not every worker started:\n${server.output()}`)
          await new Promise((r) => setTimeout(r, 100))
        }
        if (workers === 1) {
          const db = openDatabase(pg.url)
          await seedSyntheticProducts(db, PRODUCTS)
          await db.destroy()
        }
        await measure(server, `PostgreSQL x${workers}`)
      } finally {
        await server.stop()
      }
    })
  }
})
