// The shop process (`npm start` runs it under server/supervise.js): build the app if needed, then migrate, seed and serve it.
// With WEB_CONCURRENCY=N above 1 (PostgreSQL only) this process is the cluster's primary: it migrates
// and seeds once, then forks N workers (this script again, under node:cluster) that serve, and
// replaces a worker that dies (docs/decisions/040-several-processes.md).
// Serving, the shop first prepares itself (migrate, tidy, seed the demo shop) in a short-lived child
// process (`node server/start.js prepare`): seeding encodes dozens of images with sharp, and the
// memory libvips and the allocator keep afterwards (~190 MB) goes with that child instead of staying
// in the serving process for its whole life (docs/decisions/044-flat-memory-and-lcp.md).
// `node server/start.js migrate`: only bring the database schema up to date.
// `node server/start.js seed --products N`: add N synthetic products to the catalogue.
// `node server/start.js copy --to postgres://...`: copy the SQLite shop into an empty PostgreSQL database.
// `node server/start.js backup [dir]`: copy the database (online, consistent) into BACKUP_DIR or dir.
import { spawn, spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const serverBuild = join(root, 'build/server/index.js')
const clientDir = join(root, 'build/client')

/** Source files only: the database and secrets under db/ change at run time and are not sources. */
const SOURCE_FILE = /\.(ts|tsx|js|mjs|css|json|svg|png|ico|txt|webmanifest)$/

/** Newest modification time under the given paths (the app's sources). */
function newestSourceTime(paths) {
  let newest = 0
  const visit = (path) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry))
    } else if (SOURCE_FILE.test(path)) {
      newest = Math.max(newest, stat.mtimeMs)
    }
  }
  for (const path of paths) visit(join(root, path))
  return newest
}

function buildIsCurrent() {
  if (!existsSync(serverBuild) || !existsSync(clientDir)) return false
  const sources = ['app', 'db', 'migrations', 'server', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']
  return statSync(serverBuild).mtimeMs >= newestSourceTime(sources)
}

// A worker runs after its primary has built the app, and the prepare child after its parent.
const command = process.argv[2]
if (cluster.isPrimary && command !== 'prepare' && !buildIsCurrent()) {
  console.log('Building the app (first start or changed sources)...')
  const result = spawnSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.')
    process.exit(1)
  }
}

/** A worker that ran this long before dying is replaced at once; quicker deaths wait a little, up to 10 s. */
const WORKER_STABLE_MS = 30_000
const EX_CONFIG = 78

/** The cluster's primary: forks `count` workers, replaces any that dies, stops them all on SIGTERM/SIGINT. */
function runWorkers(count) {
  let stopping = false
  let delay = 0
  const started = new Map()
  const fork = () => {
    const worker = cluster.fork()
    started.set(worker.id, Date.now())
    // A message to a worker that died meanwhile fails on its closed channel: never the primary's end
    // ('exit' replaces the worker).
    worker.on('error', (error) => console.error(`Worker ${worker.id}: ${error.message}`))
  }
  cluster.on('exit', (worker, code, signal) => {
    const ranMs = Date.now() - (started.get(worker.id) ?? 0)
    started.delete(worker.id)
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0)
      return
    }
    if (code === EX_CONFIG) {
      console.error('The configuration is invalid (see above); stopping every worker.')
      stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.kill('SIGTERM')
      process.exitCode = EX_CONFIG
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(EX_CONFIG)
      return
    }
    delay = ranMs >= WORKER_STABLE_MS ? 0 : Math.min(10_000, Math.max(250, delay * 2))
    console.error(`Worker ${worker.id} (process ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); starting another in ${delay / 1000} s.`)
    setTimeout(() => {
      if (!stopping) fork()
    }, delay)
  })
  for (const name of ['SIGTERM', 'SIGINT']) {
    process.on(name, () => {
      if (stopping) return
      stopping = true
      const workers = Object.values(cluster.workers ?? {})
      if (workers.length === 0) process.exit(0)
      // Each worker finishes its requests and its mail in flight (server/app.ts), then exits.
      for (const worker of workers) worker?.process.kill('SIGTERM')
      setTimeout(() => process.exit(process.exitCode ?? 0), 10_000).unref()
    })
  }
  // A worker's write that changes a browse page: every other worker drops its cached pages (ADR 042).
  cluster.on('message', (from, message) => {
    if (message?.type !== 'shop-write') return
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker || worker.id === from.id || !worker.isConnected()) continue
      // A worker killed meanwhile cannot take it (its replacement starts with an empty cache).
      worker.send(message, () => {})
    }
  })
  for (let i = 0; i < count; i++) fork()
  console.log(`Started ${count} worker processes (WEB_CONCURRENCY=${count}).`)
}

/**
 * Runs `node server/start.js prepare` (this script, same node flags) and resolves to how it ended.
 * A stop signal meanwhile goes on to the child: the shop then stops without serving.
 */
function prepareInChild() {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), 'prepare'], { stdio: 'inherit' })
    let stopped = false
    const forward = (signal) => {
      stopped = true
      child.kill(signal)
    }
    process.on('SIGTERM', forward)
    process.on('SIGINT', forward)
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', forward)
      process.off('SIGINT', forward)
      done({ code, signal, stopped })
    })
  })
}

/** Prepares the shop in a child process; exits this one as the child did when it failed (78 stays 78). */
async function prepareOrExit(preparing) {
  const { code, signal, stopped } = await preparing
  if (code === 0 && !stopped) return
  if (stopped) {
    console.log('Stopped before serving.')
    process.exit(0)
  }
  // A configuration error (78) has said its one line already.
  if (code !== EX_CONFIG) console.error(`Preparing the shop failed (${signal ?? `exit code ${code}`}).`)
  process.exit(code ?? 1)
}

process.env.NODE_ENV ??= 'production'
const serving = cluster.isPrimary && (command === undefined || command === '')
// The child prepares while this process loads the app.
const preparing = serving ? prepareInChild() : null
const server = await import(serverBuild)
try {
  if (cluster.isWorker) {
    await server.startServer(clientDir, { prepared: true })
  } else if (command === 'prepare') {
    await server.prepareShop()
    process.exit(0)
  } else if (command === 'migrate') {
    const applied = await server.migrateDatabase()
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.')
  } else if (command === 'seed') {
    const flag = process.argv.indexOf('--products')
    const count = Number(flag > 0 ? process.argv[flag + 1] : Number.NaN)
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
      console.error('Usage: npm run db:seed -- --products N   (N from 1 to 1000000)')
      process.exit(1)
    }
    const started = Date.now()
    const added = await server.seedSynthetic(count)
    console.log(`Added ${added} synthetic products in ${Date.now() - started} ms.`)
  } else if (command === 'copy') {
    const flag = process.argv.indexOf('--to')
    const started = Date.now()
    const tables = await server.copyDatabaseTo(flag > 0 ? (process.argv[flag + 1] ?? '') : '')
    for (const t of tables) console.log(`${t.table}: ${t.rows} rows${Object.entries(t.paise).map(([c, sum]) => `, ${c} ${sum}`).join('')}`)
    console.log(`Copied ${tables.length} tables into PostgreSQL in ${Date.now() - started} ms; row counts and money sums match.`)
  } else if (command === 'backup') {
    const backup = await server.backupDatabaseNow(process.argv[3])
    const size = (backup.bytes / 1024 / 1024).toFixed(1)
    console.log(`Backed up the database to ${backup.path} (${size} MB) in ${Math.round(backup.milliseconds)} ms.`)
  } else if (preparing) {
    await prepareOrExit(preparing)
    if (server.webConcurrency() > 1) runWorkers(server.webConcurrency())
    else await server.startServer(clientDir, { prepared: true })
  } else {
    console.error(`Unknown command ${command}: use migrate, seed, copy or backup (or none, to serve).`)
    process.exit(1)
  }
} catch (error) {
  if (error instanceof server.ConfigError) {
    console.error(error.message)
    // EX_CONFIG: the supervisor (server/supervise.js) and systemd do not restart a bad configuration.
    process.exit(78)
  }
  if (error instanceof server.BackupError || error instanceof server.CopyError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
