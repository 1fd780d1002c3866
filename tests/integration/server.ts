// Starts the built production server (`node server/start.js`) on a free port with a fresh database.
// Under TEST_DB=postgres (`npm run test:pg`) or with TEST_SERVER_WORKERS=N set (e.g.
// `TEST_SERVER_WORKERS=4 npm run test:stress -- load last-unit`) a server without a DATABASE_URL of
// its own gets a fresh database on a throwaway PostgreSQL (tests/helpers/postgres.ts), and N worker
// processes (ADR 040; 1 when TEST_SERVER_WORKERS is unset). Tests reach the database through
// `database` (or databaseOf(dir)), never by opening dir/shop.sqlite themselves; a test about SQLite
// by nature passes `{ sqlite: true }`.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createDatabase, sharedPostgres } from '../helpers/postgres'
import { keepDemoUploads, takeDemoUploads } from './demo-uploads'

const root = resolve(import.meta.dirname, '../..')

export interface RunningServer {
  url: string
  /** Holds the database (shop.sqlite) and uploads; removed by stop() unless it was given. */
  dir: string
  /** What openDatabase takes to reach the shop's database: its SQLite file, or its DATABASE_URL. */
  database: string
  pid: number
  output: () => string
  /** SIGTERM (a graceful stop), then removes the temp dir. */
  stop: () => Promise<void>
  /** Sends a signal (e.g. SIGKILL for a crash) and waits for the process to end; keeps the dir. */
  kill: (signal?: NodeJS.Signals) => Promise<void>
}

export interface StartOptions {
  /** Serve from this directory (its shop.sqlite and uploads), e.g. to restart on the same database. */
  dir?: string
  /** How long to wait for the first answer (default 180 s: seeding the demo shop on a busy machine takes a while). */
  startTimeoutMs?: number
  /** A test about SQLite by nature (its file, its backup): SQLite even under TEST_DB=postgres. */
  sqlite?: boolean
  /** Encode the demo's pictures afresh (a test of the first start's memory) rather than take the run's kept ones (demo-uploads.ts). */
  freshDemoArt?: boolean
  /** Node's own flags for the server, e.g. START_NODE_FLAGS (what `npm start` gives it). */
  nodeArgs?: string[]
}

/** The node flags `npm start` gives the server (package.json): its heap's cap, growth and young generation (ADR 018, ADR 108, ADR 116). */
export const START_NODE_FLAGS: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .filter((arg: string) => arg.startsWith('--'))

/** Whether servers get a PostgreSQL database: `npm run test:pg` (TEST_DB=postgres) or TEST_SERVER_WORKERS. */
export const serversOnPostgres = process.env.TEST_DB === 'postgres' || Boolean(process.env.TEST_SERVER_WORKERS)

/** Where a server directory records the PostgreSQL database it was given (a restart on the dir finds it again). */
const DATABASE_URL_FILE = 'database-url'

/**
 * What openDatabase takes to reach the database of the server directory `dir`: the PostgreSQL
 * database startServer gave it, else its SQLite file.
 */
export function databaseOf(dir: string): string {
  const file = join(dir, DATABASE_URL_FILE)
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : join(dir, 'shop.sqlite')
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => done(port))
    })
  })
}

/** Runs `node server/start.js` with the given environment until stop(). */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'shop-http-'))
  const port = await freePort()
  if (serversOnPostgres && !options.sqlite && !env.DATABASE_URL) {
    // A restart on a directory reuses its database; a new directory gets a fresh one.
    let url = existsSync(join(dir, DATABASE_URL_FILE)) ? databaseOf(dir) : undefined
    if (!url) {
      url = (await createDatabase((await sharedPostgres()).url)).url
      writeFileSync(join(dir, DATABASE_URL_FILE), url)
    }
    env = { DATABASE_URL: url, WEB_CONCURRENCY: process.env.TEST_SERVER_WORKERS ?? '1', ...env }
  }
  const database = env.DATABASE_URL ?? join(dir, 'shop.sqlite')
  const uploads = join(dir, 'uploads')
  const seedsDemo = env.SEED_DEMO === '1' && !options.freshDemoArt
  if (seedsDemo) takeDemoUploads(uploads)
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), join(root, 'server/start.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'shop.sqlite'),
      UPLOADS_DIR: uploads,
      SEED_DEMO: '0',
      // The demo's Diwali offer would change the demo pieces' prices the tests check (as in playwright.config.ts).
      SEED_DEMO_OFFERS: '0',
      // The demo shop prices delivery by zone (ADR 093); the specs check the flat fee unless they say zones.
      DELIVERY_PRICING: 'flat',
      // Without Razorpay keys and without the demo shop the server refuses to start: the tests use
      // the TEST MODE gateway unless they set keys (or override this).
      PAYMENT_TEST_MODE: '1',
      // Cheap password hashes (test-only; the real cost is checked in passwords.server.test.ts).
      PASSWORD_TEST_COST: '1',
      COOKIE_SECURE: '0',
      SESSION_SECRET: 'integration-secret-integration-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const running = () => child.exitCode === null && child.signalCode === null
  // Seeding the demo shop encodes its images with sharp: slow on a busy 2-core machine.
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000)
  for (;;) {
    if (!running()) throw new Error(`The server exited early:\n${output}`)
    try {
      const response = await fetch(`${url}/shop/about-us`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  if (seedsDemo) keepDemoUploads(uploads)
  return {
    url,
    dir,
    database,
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (running()) {
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dir) rmSync(dir, { recursive: true, force: true })
    },
    async kill(signal = 'SIGKILL') {
      if (running()) {
        child.kill(signal)
        await exited
      }
    },
  }
}

/** Runs the server command to completion (for start-up failures); resolves to its exit code and output. */
export async function runServerCommand(env: Record<string, string>, args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-cmd-'))
  return new Promise<{ code: number | null; output: string }>((done) => {
    let output = ''
    const child = spawn(process.execPath, [join(root, 'server/start.js'), ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_PATH: join(dir, 'shop.sqlite'),
        UPLOADS_DIR: join(dir, 'uploads'),
        SEED_DEMO: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (c) => {
      output += c
    })
    child.stderr.on('data', (c) => {
      output += c
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      rmSync(dir, { recursive: true, force: true })
      done({ code, output })
    })
  })
}
