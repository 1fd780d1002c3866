// A throwaway PostgreSQL for tests: a cluster made with initdb in a temp dir, listening on 127.0.0.1
// at a free port, stopped and removed afterwards; or the server of TEST_DATABASE_URL when set. Each
// test file (or test) gets a fresh database of its own. Never skipped: without PostgreSQL's binaries
// the test fails and says how to get them.
import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'

export interface PostgresServer {
  /** postgres://... of the server's maintenance database ('postgres'). */
  url: string
  stop(): void
}

export const MISSING_POSTGRES =
  'PostgreSQL binaries (initdb, pg_ctl) not found. Install Debian\'s `postgresql` package (apt-get install -y postgresql; .ci/run does), set PG_BIN to their folder, or set TEST_DATABASE_URL to a server the tests may create databases on.'

/** The folder of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else pg_config's. */
export function findPostgresBin(): string {
  const candidates: string[] = []
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN)
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort((a, b) => Number(b) - Number(a))) candidates.push(join(root, version, 'bin'))
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' })
  if (config.status === 0) candidates.push(config.stdout.trim())
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
  if (!found) throw new Error(MISSING_POSTGRES)
  return found
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user (PG_TEST_USER). */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const name = process.env.PG_TEST_USER ?? 'postgres'
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`))
  if (!line) throw new Error(`Running as root, and there is no "${name}" user to own a PostgreSQL cluster (initdb refuses root). Create one or set PG_TEST_USER.`)
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function run(bin: string, args: string[], owner: { uid: number; gid: number } | undefined): void {
  const result = spawnSync(bin, args, { encoding: 'utf8', ...(owner ?? {}), timeout: 60_000 })
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout || result.error}`)
  }
}

/** Starts a cluster of its own (TEST_DATABASE_URL aside); `stop()` is synchronous, so it also runs on exit. */
export async function startPostgres(): Promise<PostgresServer> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop() {} }
  const bin = findPostgresBin()
  const owner = clusterOwner()
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'))
  if (owner) chownSync(dir, owner.uid, owner.gid)
  const data = join(dir, 'data')
  let started = false
  const stop = () => {
    if (started) {
      started = false
      spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...(owner ?? {}), stdio: 'ignore' })
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions'], owner)
    const port = await freePort()
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
    run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'], owner)
    started = true
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop }
  } catch (error) {
    stop()
    throw error
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

let counter = 0

/** A new empty database (optionally a copy of `template`) on the server; answers its URL. */
export async function createDatabase(serverUrl: string, template?: string): Promise<{ name: string; url: string }> {
  const name = `shop_test_${process.pid}_${Date.now().toString(36)}_${counter++}`
  await admin(serverUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`))
  return { name, url: withDatabase(serverUrl, name) }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`))
}

let shared: Promise<PostgresServer> | undefined

/**
 * One server for this process (TEST_DATABASE_URL's, or a cluster started on first use and stopped
 * when the process exits): what tests/helpers/test-db.ts uses under TEST_DB=postgres.
 */
export function sharedPostgres(): Promise<PostgresServer> {
  shared ??= startPostgres().then((server) => {
    process.once('exit', () => server.stop())
    return server
  })
  return shared
}

/**
 * For a test file: a fresh database on a PostgreSQL server for the whole file, dropped after it
 * (the cluster, when this file started one, is stopped). Read `url` inside tests.
 */
export function usePostgresDatabase(): { readonly url: string; readonly serverUrl: string } {
  let server: PostgresServer | undefined
  let database: { name: string; url: string } | undefined
  beforeAll(async () => {
    server = await startPostgres()
    database = await createDatabase(server.url)
  }, 120_000)
  afterAll(async () => {
    if (server && database) await dropDatabase(server.url, database.name)
    server?.stop()
  })
  return {
    get url() {
      if (!database) throw new Error('PostgreSQL database not ready (used outside a test?)')
      return database.url
    },
    get serverUrl() {
      if (!server) throw new Error('PostgreSQL server not ready (used outside a test?)')
      return server.url
    },
  }
}
