// Spawns the production server (`node server/start.js`) on a temp database, and reads its memory.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '../..')
const startScript = join(root, 'server/start.js')
/** The node flags `npm start` gives the server (its heap limit): the bench measures what runs. */
const START_FLAGS = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .filter((arg) => arg.startsWith('--'))
  // Extra node flags for a profile of the bench's server, e.g. BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'.
  .concat((process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean))

/** A temp directory holding one database and its uploads. */
export function createDataDir(prefix = 'shop-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return {
    dir,
    env: { DATABASE_PATH: join(dir, 'shop.sqlite'), UPLOADS_DIR: join(dir, 'uploads') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** The bench server's session secret: the TEST MODE gateway's secret is derived from it (bench/lib/sale-day.mjs). */
export const BENCH_SESSION_SECRET = 'benchmark-secret-benchmark-secret-0123'

function baseEnv(data, extra = {}) {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    COOKIE_SECURE: '0',
    SESSION_SECRET: BENCH_SESSION_SECRET,
    AUTH_RATE_LIMIT: '1000',
    SEED_DEMO: '1',
    // The scale runs start with SEED_DEMO=0 and no Razorpay keys: the TEST MODE gateway must be asked for.
    PAYMENT_TEST_MODE: '1',
    // The flat fee every figure before 27 Nov (ADR 093) was measured with (DELIVERY_FEE unset: ₹0): the demo
    // shop now prices by zone, which the pages would otherwise measure. See bench/README.md.
    DELIVERY_PRICING: 'flat',
    // What server/supervise.js (npm start, the systemd unit) gives the shop (ADR 044, ADR 116).
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    MALLOC_TRIM_THRESHOLD_: '131072',
    // The shop's default, said here: the sale day's shoppers each come from their own address through
    // X-Forwarded-For (bench/lib/sale-day.mjs), which only a trusted proxy may tell.
    TRUST_PROXY: 'loopback',
    ...data.env,
    ...extra,
  }
}

export function buildApp() {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error('npm run build failed')
}

/** `node server/start.js seed --products N` (bootstraps first: migrations and, with SEED_DEMO=1, the demo catalogue). */
export function seedProducts(data, count, extra = {}) {
  const started = performance.now()
  const result = spawnSync(process.execPath, [startScript, 'seed', '--products', String(count)], {
    cwd: root,
    env: baseEnv(data, extra),
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`Seeding failed:\n${result.stdout}\n${result.stderr}`)
  return performance.now() - started
}

/** Starts the server and resolves once `probePath` answers 200; `startMs` is the cold start time. */
export async function startServer(data, port, extra = {}, probePath = '/shop/home') {
  const started = performance.now()
  let output = ''
  const child = spawn(process.execPath, [...START_FLAGS, startScript], {
    cwd: root,
    env: baseEnv(data, { PORT: String(port), ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (c) => {
    output += c
  })
  child.stderr.on('data', (c) => {
    output += c
  })
  const exited = new Promise((done) => child.once('exit', done))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`)
    try {
      const response = await fetch(url + probePath)
      await response.arrayBuffer()
      if (response.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 20))
  }
  return {
    url,
    pid: child.pid,
    startMs: performance.now() - started,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    return kb / 1024
  } catch {
    return 0
  }
}

/**
 * CPU time a process has used so far, all its threads (ms; Linux's /proc, else 0): what a load cost
 * the server whatever else the machine was doing meanwhile.
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  } catch {
    return 0
  }
}

/** Samples a process's RSS every 25 ms while `work` runs; resolves to [work's result, peak MB]. */
export async function withPeakRss(pid, work) {
  let peak = rssMb(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid))
  }, 25)
  try {
    const result = await work()
    peak = Math.max(peak, rssMb(pid))
    return [result, peak]
  } finally {
    clearInterval(timer)
  }
}

/** Logs in through the JSON API; returns the session cookie and the bearer token. */
export async function apiLogin(url, email, password) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  })
  const body = await response.json()
  if (!response.ok || !body.success) throw new Error(`Login failed for ${email}: ${JSON.stringify(body)}`)
  const cookie = (response.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ')
  return { cookie, token: body.token }
}
