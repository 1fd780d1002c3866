// The server build's entry (vite.config.ts): what server/start.js and its commands call, each from the
// file that does it. The Express app is server/http-app.ts; serving, the cluster's messages and the
// maintenance commands are in server/process/. With WEB_CONCURRENCY=N (PostgreSQL) server/start.js
// prepares the shop once (prepareShop) and runs N node:cluster workers that serve it (startServer
// with `prepared`), see ADR 040.
import { drawPdfsOnThread } from '~/infra/pdf/pdf-thread.server'

export { BackupError } from '../db/backup'
export { CopyError } from '../db/copy'
export { ConfigError } from '~/infra/config.server'
export { createApp } from './http-app'
export { backupDatabaseNow, copyDatabaseTo, migrateDatabase, seedSynthetic } from './process/maintenance'
export { prepareShop, serverTimeouts, startServer, webConcurrency } from './process/serve'

/**
 * The server draws its PDFs on a thread (ADR 090): its file is the build's second entry, beside this
 * one (build/server/pdf-thread.js). A variable, so the bundler leaves the path alone; from the sources
 * (no such file) the PDFs are drawn on the main thread.
 */
const PDF_THREAD = './pdf-thread.js'
drawPdfsOnThread(new URL(PDF_THREAD, import.meta.url))
