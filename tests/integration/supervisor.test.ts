// The shop comes back after a crash: `npm start`'s command (server/supervise.js, which the systemd
// unit in deploy/ runs too) is started on a temp database, the shop process is SIGKILLed, and
// /healthz answers again from a new process. The unit file itself is checked with systemd-analyze.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, sharedPostgres } from '../helpers/postgres'
import { serversOnPostgres } from './server'

const root = resolve(import.meta.dirname, '../..')
/** `npm start` without npm: its node flags and script, as package.json has them. */
const startArgs: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.split(' ').slice(1)
const unit = readFileSync(join(root, 'deploy/resin-shop.service'), 'utf8')
const started: ChildProcess[] = []
const dirs: string[] = []

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

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

/** Starts `npm start` on a temp SQLite database, or under `npm run test:pg` a fresh PostgreSQL one. */
async function supervise(env: Record<string, string>, options: { detached?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-supervise-'))
  dirs.push(dir)
  const database: Record<string, string> = serversOnPostgres ? { DATABASE_URL: (await createDatabase((await sharedPostgres()).url)).url } : {}
  const child = spawn(process.execPath, startArgs, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'shop.sqlite'),
      UPLOADS_DIR: join(dir, 'uploads'),
      SEED_DEMO: '0',
      // No Razorpay keys and no demo shop: the TEST MODE gateway must be asked for.
      PAYMENT_TEST_MODE: '1',
      PASSWORD_TEST_COST: '1',
      SESSION_SECRET: 'integration-secret-integration-secret',
      ...database,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  })
  started.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { child, exited, output: () => output }
}

/** Polls until /healthz answers 200 with ok: true and `ready` holds; fails after the deadline. */
async function healthy(url: string, ready: () => boolean, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const response = await fetch(`${url}/healthz`)
      const body = await response.json()
      if (response.status === 200 && body.ok === true && ready()) return body
    } catch {
      // not listening (yet, or again)
    }
    if (Date.now() > deadline) throw new Error('/healthz did not answer ok in time')
    await new Promise((r) => setTimeout(r, 100))
  }
}

const shopPids = (output: string) => [...output.matchAll(/started the shop \(process (\d+)\)/g)].map((m) => Number(m[1]))

describe('npm start (server/supervise.js)', () => {
  it('starts the shop again after it is SIGKILLed, and stops it all on SIGTERM', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const run = await supervise({ PORT: String(port) })
    const first = await healthy(url, () => shopPids(run.output()).length === 1)
    expect(first).toMatchObject({ ok: true, database: 'ok' })
    expect(first.build).toEqual(expect.any(String))
    const [crashed] = shopPids(run.output())
    // The shop runs with the allocator settings the supervisor gives it (ADR 044, ADR 116).
    const environ = readFileSync(`/proc/${crashed}/environ`, 'utf8').split('\0')
    expect(environ).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072', 'MALLOC_TRIM_THRESHOLD_=131072']))
    // A shop that serves pages has not loaded libvips: the first image read loads it (ADR 117).
    expect((await fetch(`${url}/shop/home`)).status).toBe(200)
    expect(readFileSync(`/proc/${crashed}/maps`, 'utf8')).not.toContain('libvips')
    process.kill(crashed as number, 'SIGKILL')

    await healthy(url, () => shopPids(run.output()).length === 2)
    const [, restarted] = shopPids(run.output())
    expect(restarted).not.toBe(crashed)
    expect(run.output()).toContain('the shop stopped (SIGKILL)')

    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    // The shop process went with it, gracefully.
    expect(run.output()).toContain('Supervisor: the shop stopped (exit code 0).')
    expect(() => process.kill(restarted as number, 0)).toThrow()
  }, 400_000)

  it('stops gracefully on Ctrl-C, which reaches the supervisor and the shop at once', async () => {
    const port = await freePort()
    const run = await supervise({ PORT: String(port) }, { detached: true })
    await healthy(`http://127.0.0.1:${port}`, () => shopPids(run.output()).length === 1)
    process.kill(-(run.child.pid as number), 'SIGINT')
    expect(await run.exited).toBe(0)
    expect(run.output()).toContain('Supervisor: the shop stopped (exit code 0).')
    expect(shopPids(run.output())).toHaveLength(1)
  }, 400_000)

  it('does not restart a shop whose configuration is invalid: exits 78 with the message', async () => {
    const run = await supervise({ PORT: 'eighty' })
    expect(await run.exited).toBe(78)
    expect(shopPids(run.output())).toHaveLength(1)
    expect(run.output()).toContain('Invalid configuration: PORT: ')
    expect(run.output()).toContain('not restarting')
  }, 60_000)
})

describe('deploy/resin-shop.service', () => {
  it('parses cleanly (systemd-analyze verify)', () => {
    const result = spawnSync('systemd-analyze', ['verify', join(root, 'deploy/resin-shop.service')], { encoding: 'utf8' })
    expect(result.error, 'systemd-analyze is needed: apt-get install -y systemd').toBeUndefined()
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('')
    expect(result.status).toBe(0)
  })

  it('runs what npm start runs, restarts always, as a non-root user with the hardening the README promises', () => {
    const setting = (key: string) => [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1])
    expect(setting('ExecStart')).toEqual([`/usr/bin/node ${startArgs.join(' ')}`])
    expect(setting('Restart')).toEqual(['always'])
    expect(setting('RestartPreventExitStatus')).toEqual(['78'])
    expect(setting('User')[0]).toMatch(/^(?!root$)\S+$/)
    expect(setting('EnvironmentFile')).toHaveLength(1)
    expect(setting('NoNewPrivileges')).toEqual(['yes'])
    expect(setting('ProtectSystem')).toEqual(['strict'])
    expect(setting('PrivateTmp')).toEqual(['yes'])
    expect(setting('ReadWritePaths')[0]?.split(' ').map((path) => path.split('/').at(-1))).toEqual(['db', 'uploads', 'backups'])
  })
})
