// The Express app: the page cache's hits first, then security headers, compression, /healthz, static
// files and uploads, the body limits and the CSRF check, the turns, then React Router (docs/architecture.md).
import cluster from 'node:cluster'
import { readdirSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import compression from 'compression'
import express from 'express'
import { sql } from 'kysely'
import { RouterContextProvider } from 'react-router'
import * as build from 'virtual:react-router/server-build'
import { getConfig } from '~/infra/config.server'
import { clientIpContext, cspNonceContext, keptPageContext } from '~/web/context'
import { getDb } from '~/infra/db.server'
import { cachedStoredFile } from '~/domain/catalog/media.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { healthz } from './health'
import { limitBodySize, refuse, sameOriginForCookieRequests } from './http-guards'
import { securityHeaders } from './security-headers'
import { buildAssets } from './precompressed'
import { PAGE_CACHE_BYTES, PageCache, type PageCacheLocals, pageCacheHits, pageTtlMs } from './page-cache/index'
import { createPageHandler } from './render'
import { startInTurns } from './turns'

export function createApp(clientDir: string) {
  const config = getConfig()
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY)
  // Cached browse pages for visitors without a session are answered here, before anything else runs:
  // already compressed, with the security headers their first answer had (ADR 042). Several
  // processes: another one's writes reach this one late, so the pages live briefly (and siblings on
  // this machine are told at once, see server/process/sibling-writes.ts).
  const pageCache = new PageCache(PAGE_CACHE_BYTES, pageTtlMs({ postgres: Boolean(config.DATABASE_URL), ttlSeconds: config.PAGE_CACHE_TTL_SECONDS }))
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
  // The rest of public/ (the favicon) changes rarely; a week keeps phones from asking again. Its
  // files are listed once: a page's path costs no stat of the disk on its way to React Router.
  const publicFiles = new Set(readdirSync(clientDir, { withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [`/${entry.name}`] : [])))
  const servePublic = express.static(clientDir, { maxAge: '7d', index: false })
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()))
  // Uploads are content-addressed: a changed image gets a new name. UPLOADS_DIR is this process's
  // cache of the database's files: one missing there (stored by another process or machine) is
  // written there from the database, then served (ADR 040).
  const uploadsDir = resolve(config.UPLOADS_DIR)
  const uploadOptions = { immutable: true, maxAge: '1y', index: false } as const
  app.use('/uploads', express.static(uploadsDir, uploadOptions))
  app.get('/uploads/:name', (req, res, next) => {
    // `root`: sendFile refuses a path with a dot-folder in it (send's dotfiles rule), such as an
    // UPLOADS_DIR under .cache; with root only the name is checked, as express.static does.
    cachedStoredFile(getDb(), getImageStore(), req.params.name)
      .then((file) => (file ? res.sendFile(basename(file), { ...uploadOptions, root: uploadsDir }) : refuse(req, res, 404, 'Not found.')))
      .catch(next)
  })
  app.use('/uploads', (req, res) => refuse(req, res, 404, 'Not found.'))

  app.use(limitBodySize)
  app.use(sameOriginForCookieRequests)
  // What the cache did not answer starts in turns, after the kept pages read in each (ADR 121).
  app.use(startInTurns())
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
        // A page the cache will keep: rendered for nobody, with the header's pieces left out (ADR 076).
        const kept = res.locals as PageCacheLocals
        context.set(keptPageContext, kept.pageKey ? { signedIn: kept.pageSignedIn === true } : null)
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
