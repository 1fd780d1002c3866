// The production server: one Express app serving static files, uploads and the React Router app.
// With WEB_CONCURRENCY=N (PostgreSQL) server/start.js prepares the shop once (prepareShop) and runs
// N node:cluster workers that serve it (startServer with `prepared`), see ADR 040.
import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import { basename, resolve } from 'node:path'
import compression from 'compression'
import express from 'express'
import { sql } from 'kysely'
import { RouterContextProvider } from 'react-router'
import * as build from 'virtual:react-router/server-build'
import { getConfig } from '~/infra/config.server'
import { clientIpContext, cspNonceContext } from '~/web/context'
import { getDb } from '~/infra/db.server'
import { bumpShopGeneration, onShopWrite, type ShopWrite } from '~/infra/shop-writes.server'
import { paymentSetup } from '~/infra/payment-setup.server'
import { getSessionSecret } from '~/infra/secret.server'
import { cachedStoredFile, storeDiskUploads } from '~/domain/catalog/media.server'
import { type BackupResult, backupDatabase, backupPostgres } from '../db/backup'
import { CopyError, copyDatabase, type TableCopy } from '../db/copy'
import { migrateToLatest, openDatabase } from '../db/database'
import { isPostgresUrl } from '../db/dialect'
import { seedSyntheticProducts } from '../db/seed/synthetic'
import { bootstrap, migrate, tidy } from './bootstrap'
import { healthz } from './health'
import { startRefundWorker } from './jobs/refunds'
import { startMailWorkerFromConfig } from './jobs/mail'
import { limitBodySize, refuse, sameOriginForCookieRequests } from './http-guards'
import { securityHeaders } from './security-headers'
import { buildAssets } from './precompressed'
import { startHolds } from './jobs/holds'
import { PageCache, pageCacheHits } from './page-cache'
import { createPageHandler } from './render'

export { BackupError } from '../db/backup'
export { CopyError } from '../db/copy'
export { ConfigError } from '~/infra/config.server'

/** The page cache's bound: the memory its entries hold, all three encodings and the objects around them (ADR 049). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024

export function createApp(clientDir: string) {
  const config = getConfig()
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY)
  // Cached browse pages for visitors without a session are answered here, before anything else runs:
  // already compressed, with the security headers their first answer had (ADR 042). Several
  // processes: another one's writes reach this one late, so the pages live briefly (and siblings on
  // this machine are told at once, see tellSiblings).
  const pageCache = new PageCache(PAGE_CACHE_BYTES, config.DATABASE_URL ? 5_000 : 60_000)
  // Expired pages go even when nobody asks for them again: a burst of unique URLs leaves nothing behind.
  setInterval(() => pageCache.sweep(), pageCache.ttlMs).unref()
  app.use(pageCacheHits(pageCache))
  app.use(securityHeaders)
  // Several workers: which one answered (checks and debugging; the id is a small counter, no pid).
  const worker = cluster.isWorker ? String(cluster.worker?.id ?? '') : ''
  if (worker) {
    app.use((_req, res, next) => {
      res.setHeader('X-Worker', worker)
      next()
    })
  }
  app.use(compression())
  app.get('/healthz', healthz({ database: () => sql`select 1`.execute(getDb()), buildVersion: () => build.assets?.version }))

  // Fingerprinted build assets never change; everything else in public/ may.
  const assets = resolve(clientDir, 'assets')
  app.use('/assets', buildAssets(assets))
  // The rest of public/ (the favicon) changes rarely; a week keeps phones from asking again.
  app.use(express.static(clientDir, { maxAge: '7d', index: false }))
  // Uploads are content-addressed: a changed image gets a new name. UPLOADS_DIR is this process's
  // cache of the database's files: one missing there (stored by another process or machine) is
  // written there from the database, then served (ADR 040).
  const uploadsDir = resolve(config.UPLOADS_DIR)
  const uploadOptions = { immutable: true, maxAge: '1y', index: false } as const
  app.use('/uploads', express.static(uploadsDir, uploadOptions))
  app.get('/uploads/:name', (req, res, next) => {
    // `root`: sendFile refuses a path with a dot-folder in it (send's dotfiles rule), such as an
    // UPLOADS_DIR under .cache; with root only the name is checked, as express.static does.
    cachedStoredFile(getDb(), uploadsDir, req.params.name)
      .then((file) => (file ? res.sendFile(basename(file), { ...uploadOptions, root: uploadsDir }) : refuse(req, res, 404, 'Not found.')))
      .catch(next)
  })
  app.use('/uploads', (req, res) => refuse(req, res, 404, 'Not found.'))

  app.use(limitBodySize)
  app.use(sameOriginForCookieRequests)
  // app.use (no path pattern): React Router decodes the url itself and tolerates bad escapes.
  app.use(
    createPageHandler({
      build,
      cache: pageCache,
      mode: process.env.NODE_ENV === 'development' ? 'development' : 'production',
      getLoadContext(req, res) {
        const context = new RouterContextProvider()
        context.set(cspNonceContext, res.locals.cspNonce)
        context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? 'unknown')
        return context
      },
    }),
  )
  app.use(answerErrors)
  return app
}

/** Anything Express itself refuses (bad encodings, aborted bodies): a short answer, no stack trace. */
function answerErrors(error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) {
  const status = typeof error === 'object' && error && 'status' in error ? Number(error.status) : 500
  const code = status >= 400 && status < 600 ? status : 500
  if (code >= 500) console.error(error)
  if (res.headersSent) return res.end()
  const message =
    code >= 500 ? 'Something went wrong. Please try again.' : code === 404 ? 'Not found.' : 'This request could not be understood.'
  refuse(req, res, code, message)
}

/**
 * A client that trickles its headers or body is cut off: the whole request within the request
 * timeout, the headers within 20 s (or the request timeout when shorter), checked every few seconds.
 */
export function serverTimeouts(requestTimeoutSeconds: number) {
  const requestTimeout = requestTimeoutSeconds * 1000
  return {
    requestTimeout,
    headersTimeout: Math.min(20_000, requestTimeout),
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, requestTimeout / 4)),
  }
}

/** The configured number of worker processes (validates the configuration: a ConfigError stops the start). */
export function webConcurrency(): number {
  return getConfig().WEB_CONCURRENCY
}

/** Checks the configuration, warns, migrates, seeds and tidies: what runs once however many processes serve. */
async function prepare(): Promise<void> {
  const config = getConfig()
  // A real shop without Razorpay keys stops here (ConfigError) rather than take TEST MODE payments.
  for (const warning of paymentSetup(config).warnings) console.warn(`WARNING: ${warning}`)
  if (config.PASSWORD_TEST_COST) console.warn('WARNING: PASSWORD_TEST_COST=1: passwords are hashed at a test-only low cost. Never set it in production.')
  await bootstrap(config)
}

/**
 * The cluster's primary, before it forks the workers: prepares the shop once (migrations and seeding
 * must not race), makes the session secret if it is generated (the workers read the same file), and
 * closes its database connections (the primary serves nothing).
 */
export async function prepareShop(): Promise<void> {
  await prepare()
  getSessionSecret()
  await getDb().destroy()
}

/** Migrates, seeds (unless `prepared` by the cluster's primary) and listens; resolves once the port is open. */
export async function startServer(clientDir: string, options: { prepared?: boolean } = {}): Promise<Server> {
  const config = getConfig()
  if (!options.prepared) await prepare()
  const mail = startMailWorkerFromConfig()
  const server = createServer(serverTimeouts(config.REQUEST_TIMEOUT_SECONDS), createApp(clientDir))
  await new Promise<void>((done) => server.listen(config.PORT, config.HOST, done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  console.log(
    cluster.isWorker
      ? `Worker ${cluster.worker?.id} (process ${process.pid}) is serving on http://localhost:${port}`
      : `${config.SHOP_NAME} is serving on http://localhost:${port}`,
  )
  setInterval(() => tidy().catch((error) => console.error('Tidying failed', error)), 6 * 60 * 60 * 1000).unref()
  startHolds(config)
  startRefundWorker()
  if (cluster.isWorker) tellSiblings()

  // Ctrl-C reaches both the supervisor and the shop, and the supervisor passes it on: stop once.
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    server.close(() => {
      void mail
        .stop()
        .then(() => getDb().destroy())
        .finally(() => process.exit(0))
    })
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  return server
}

/**
 * Several workers: a write here that changes a browse page is told to the others through the
 * primary (once per turn of the event loop however many rows it wrote), and theirs to this one, so
 * no worker keeps serving a page another made stale; the pages' short TTL covers other machines.
 */
function tellSiblings(): void {
  let queued = false
  // The products whose rows (and so the lists) changed, and those whose exact availability alone did (ADR 050).
  let products: Set<string> | null = new Set()
  let productPages: Set<string> | null = new Set()
  onShopWrite((write) => {
    if ('all' in write) products = productPages = null
    else if ('products' in write) for (const id of write.products) products?.add(id)
    else for (const id of write.productPages) productPages?.add(id)
    if (products && products.size > 100) products = null
    if (productPages && productPages.size > 100) productPages = null
    if (queued) return
    queued = true
    setImmediate(() => {
      queued = false
      const told: ShopWrite[] =
        products && productPages
          ? [...(products.size ? [{ products: [...products] }] : []), ...(productPages.size ? [{ productPages: [...productPages] }] : [])]
          : [{ all: true }]
      products = new Set()
      productPages = new Set()
      // A primary going away (a stop) leaves no channel: nothing to tell then.
      for (const write of told) if (process.connected) process.send?.({ type: 'shop-write', write }, undefined, undefined, () => {})
    })
  })
  process.on('message', (message: { type?: string; write?: ShopWrite } | undefined) => {
    if (message?.type === 'shop-write') bumpShopGeneration(siblingWrite(message.write))
  })
}

/** What a sibling said it wrote: one product's rows, or their exact availability, only when it says so plainly; else all. */
function siblingWrite(write: unknown): ShopWrite {
  const told = write as { products?: unknown; productPages?: unknown } | undefined
  const plain = (ids: unknown): ids is string[] => Array.isArray(ids) && ids.every((id) => typeof id === 'string')
  if (plain(told?.products)) return { products: told.products }
  if (plain(told?.productPages)) return { productPages: told.productPages }
  return { all: true }
}

/** `npm run db:seed -- --products N`: adds N synthetic products (benchmarks, large-catalogue checks). */
export async function seedSynthetic(count: number): Promise<number> {
  const config = getConfig()
  await bootstrap(config)
  const result = await seedSyntheticProducts(getDb(), count)
  await getDb().destroy()
  return result.products
}

export async function migrateDatabase(): Promise<string[]> {
  getConfig()
  const applied = await migrate()
  await getDb().destroy()
  return applied
}

/** `npm run db:copy -- --to postgres://...`: copies the SQLite shop of DATABASE_PATH into an empty PostgreSQL database. */
export async function copyDatabaseTo(url: string): Promise<TableCopy[]> {
  const config = getConfig()
  if (!isPostgresUrl(url)) throw new CopyError('Usage: npm run db:copy -- --to postgres://user:password@host:5432/database')
  const source = openDatabase(config.DATABASE_PATH)
  const target = openDatabase(url)
  try {
    // Images an earlier version kept on this disk only go along (the PostgreSQL shop serves them from the database).
    const applied = await migrateToLatest(source)
    if (applied.length) console.log(`Brought the source up to date first: ${applied.join(', ')}`)
    const stored = await storeDiskUploads(source, config.UPLOADS_DIR)
    if (stored) console.log(`Stored ${stored} image files from ${config.UPLOADS_DIR} in the source database first.`)
    return await copyDatabase(source, target)
  } finally {
    await source.destroy()
    await target.destroy()
  }
}

/** `npm run db:backup [-- dir]`: a consistent online copy of the database (SQLite's backup API, or pg_dump) into BACKUP_DIR (or `dir`). */
export async function backupDatabaseNow(dir?: string): Promise<BackupResult> {
  const config = getConfig()
  if (config.DATABASE_URL) return backupPostgres(config.DATABASE_URL, dir || config.BACKUP_DIR)
  return backupDatabase(config.DATABASE_PATH, dir || config.BACKUP_DIR)
}
