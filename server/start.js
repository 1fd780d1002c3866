// The shop process (`npm start` runs it under server/supervise.js): build the app if needed, then
// prepare (migrate, seed) in a child process and serve; with WEB_CONCURRENCY=N above 1 (PostgreSQL
// only) this process is the cluster's primary and N workers (this script again) serve.
// `node server/start.js migrate | seed --products N | copy --to postgres://... | backup [dir]`: the
// maintenance commands (server/process/commands.js). `prepare` is the child's own command.
import cluster from 'node:cluster'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from './process/build-check.js'
import { runCommand } from './process/commands.js'
import { EX_CONFIG } from './process/exit-codes.js'
import { prepareInChild, prepareOrExit } from './process/prepare-child.js'
import { runWorkers } from './process/workers.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const clientDir = join(root, 'build/client')
const [command = '', ...args] = process.argv.slice(2)

// A worker runs after its primary has built the app, and the prepare child after its parent.
if (cluster.isPrimary && command !== 'prepare') buildIfStale(root)

process.env.NODE_ENV ??= 'production'
const serving = cluster.isPrimary && command === ''
// The child prepares while this process loads the app.
const preparing = serving ? prepareInChild(fileURLToPath(import.meta.url)) : null
const server = await import(join(root, 'build/server/index.js'))
try {
  if (cluster.isWorker) {
    await server.startServer(clientDir, { prepared: true })
  } else if (command === 'prepare') {
    await server.prepareShop()
    process.exit(0)
  } else if (preparing) {
    await prepareOrExit(preparing)
    if (server.webConcurrency() > 1) runWorkers(server.webConcurrency())
    else await server.startServer(clientDir, { prepared: true })
  } else {
    process.exitCode = await runCommand(server, command, args)
  }
} catch (error) {
  if (error instanceof server.ConfigError) {
    console.error(error.message)
    process.exit(EX_CONFIG)
  }
  if (error instanceof server.BackupError || error instanceof server.CopyError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
