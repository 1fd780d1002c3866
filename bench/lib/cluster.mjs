// The scaling curve (issue 19, ADR 040): throughput of the listing page and the products API with
// SQLite's one process, and with 1, 2 and 4 worker processes (WEB_CONCURRENCY, node:cluster) on
// PostgreSQL, on the same catalogue (the demo shop plus the bench's synthetic products, seeded on
// SQLite and moved with `node server/start.js copy`, the db:copy tool). Each figure is autocannon at
// 10 and 50 connections, without compression and with a phone browser's Accept-Encoding.
// PostgreSQL is a throwaway cluster made with initdb in a temp folder on 127.0.0.1 (as root it runs as
// the `postgres` user), the same way as tests/helpers/postgres.ts (which is TypeScript for Vitest).
// The load generator runs on the same machine and takes a core of its own: on 2 cores the figures
// show the cost of more processes, not the gain of more machines.
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { createDataDir, root, seedProducts, startServer } from './server.mjs'

export const CLUSTER_TARGETS = [
  { name: 'listing HTML', path: '/shop/listing' },
  { name: 'products API', path: '/api/shop/products/get?page=1' },
]
/** No Accept-Encoding (what autocannon sends) and a phone browser's. */
export const CLUSTER_ENCODINGS = [
  { name: 'identity', headers: {} },
  { name: 'br, gzip, deflate', headers: { 'accept-encoding': 'br, gzip, deflate' } },
]
export const CLUSTER_WORKERS = [1, 2, 4]

function postgresBin() {
  const candidates = []
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN)
  const base = '/usr/lib/postgresql'
  if (existsSync(base)) for (const v of readdirSync(base).sort((a, b) => Number(b) - Number(a))) candidates.push(join(base, v, 'bin'))
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
  if (!found) throw new Error("The cluster section needs PostgreSQL's binaries (Debian's `postgresql` package, or PG_BIN); or leave it out with --skip=cluster.")
  return found
}

/** initdb refuses root: as root the cluster belongs to the `postgres` user. */
function clusterOwner() {
  if (process.getuid?.() !== 0) return undefined
  const name = process.env.PG_TEST_USER ?? 'postgres'
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`))
  if (!line) throw new Error(`Running as root and there is no "${name}" user to own a PostgreSQL cluster (set PG_TEST_USER).`)
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

function must(bin, args, owner) {
  const result = spawnSync(bin, args, { encoding: 'utf8', ...(owner ?? {}), timeout: 60_000 })
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`)
}

/** A throwaway cluster on `port`; answers the URL of an empty database `shop` and `stop()`. */
async function startPostgres(port) {
  const bin = postgresBin()
  const owner = clusterOwner()
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-pg-'))
  if (owner) chownSync(dir, owner.uid, owner.gid)
  const data = join(dir, 'data')
  let started = false
  const stop = () => {
    if (started) spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...(owner ?? {}), stdio: 'ignore' })
    started = false
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    must(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions'], owner)
    // fsync off as in the tests: the figures are reads; a managed PostgreSQL keeps its durability.
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c max_connections=200`
    must(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'], owner)
    started = true
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
    await client.connect()
    await client.query('create database shop')
    await client.end()
    return { url: `postgres://postgres@127.0.0.1:${port}/shop`, stop }
  } catch (error) {
    stop()
    throw error
  }
}

const round1 = (n) => Math.round(n * 10) / 10

function load(url, connections, seconds, headers) {
  return new Promise((done, fail) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers, timeout: 30 }, (error, result) => (error ? fail(error) : done(result)))
  })
}

async function measure(url, setup, workers, seconds, connections) {
  const rows = []
  for (const target of CLUSTER_TARGETS) {
    for (const encoding of CLUSTER_ENCODINGS) {
      await load(url + target.path, 10, 1, encoding.headers) // warm-up: every worker's caches and pool
      for (const c of connections) {
        const r = await load(url + target.path, c, seconds, encoding.headers)
        rows.push({
          setup,
          workers,
          target: target.name,
          path: target.path,
          encoding: encoding.name,
          connections: c,
          rps: Math.round(r.requests.average),
          p50Ms: r.latency.p50,
          p99Ms: r.latency.p99,
          kBPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total / 100) / 10 : null,
          errors: r.errors + r.non2xx,
        })
      }
    }
  }
  return rows
}

/** Waits until `count` workers said they serve (the primary answers nothing itself). */
async function allWorkersServing(server, count) {
  for (const deadline = Date.now() + 120_000; ; ) {
    const serving = server.output().match(/Worker \d+ \(process \d+\) is serving on/g)?.length ?? 0
    if (count === 1 || serving >= count) return
    if (Date.now() > deadline) throw new Error(`Not every worker started:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Runs the curve; `port` and `port + 1` (PostgreSQL) are used. Answers the rows (one per setup,
 * target, encoding and connection count) and what was measured.
 */
export async function measureCluster({ products, seconds, port, connections = [10, 50], log = () => {} }) {
  const data = createDataDir('shop-bench-cluster-')
  // The machine's load average (1 min) around each setup: other work on a shared machine shows here.
  const loadAverage = {}
  let postgres
  try {
    log(`cluster: seeding SQLite (demo + ${products} products)`)
    seedProducts(data, products)
    const rows = []
    const sqlite = await startServer(data, port)
    try {
      log('cluster: SQLite, one process')
      loadAverage['SQLite x1'] = [round1(loadavg()[0])]
      rows.push(...(await measure(sqlite.url, 'SQLite x1', 1, seconds, connections)))
      loadAverage['SQLite x1'].push(round1(loadavg()[0]))
    } finally {
      await sqlite.stop()
    }
    postgres = await startPostgres(port + 1)
    log('cluster: copying the shop into PostgreSQL (db:copy)')
    const copy = spawnSync(process.execPath, [join(root, 'server/start.js'), 'copy', '--to', postgres.url], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...data.env },
      encoding: 'utf8',
    })
    if (copy.status !== 0) throw new Error(`db:copy failed:\n${copy.stdout}\n${copy.stderr}`)
    const copied = Number(/^products: (\d+) rows/m.exec(copy.stdout)?.[1] ?? 0)
    log(`cluster: copied ${copied} products (row counts and money sums checked by db:copy)`)
    for (const workers of CLUSTER_WORKERS) {
      log(`cluster: PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`)
      const server = await startServer(data, port, {
        DATABASE_URL: postgres.url,
        WEB_CONCURRENCY: String(workers),
        // A cache of its own: the images come from the database.
        UPLOADS_DIR: join(data.dir, `uploads-pg-${workers}`),
      })
      try {
        await allWorkersServing(server, workers)
        const setup = `PostgreSQL x${workers}`
        loadAverage[setup] = [round1(loadavg()[0])]
        rows.push(...(await measure(server.url, setup, workers, seconds, connections)))
        loadAverage[setup].push(round1(loadavg()[0]))
      } finally {
        await server.stop()
      }
    }
    return { products, copiedProducts: copied, seconds, connections, loadAverage, rows }
  } finally {
    postgres?.stop()
    data.remove()
  }
}
