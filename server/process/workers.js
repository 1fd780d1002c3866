// The cluster's primary with WEB_CONCURRENCY=N (PostgreSQL): forks N workers that serve, replaces any
// that dies, relays their page-cache news to each other, and stops them all on SIGTERM/SIGINT
// (docs/decisions/040-several-processes.md).
import cluster from 'node:cluster'
import { EX_CONFIG } from './exit-codes.js'

/** A worker that ran this long before dying is replaced at once; quicker deaths wait a little, up to 10 s. */
const WORKER_STABLE_MS = 30_000

export function runWorkers(count) {
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
      // Each worker finishes its requests and its mail in flight (server/process/serve.ts), then exits.
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
