// React Router behind Express, as @react-router/express does it, plus what the page cache and
// revalidation need (ADR 042): a GET answered 200 with HTML or JSON is read whole, tagged with a weak
// ETag (If-None-Match gets 304 and headers only), and a browse page the cache keeps is rendered for
// nobody (the theme's cookie alone) and goes into the page cache; a shopper whose miss it was gets it
// with her header spliced in (ADR 076). Any other HTML or JSON answer (a POST's, a 404's) is read
// whole too and sent with its length, compressed at once; files and single-fetch data stream. A page
// that may be kept is built for the origin its key holds (ADR 049).
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node'
import type express from 'express'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { SESSION_COOKIE_NAME } from '~/web/cookies.server'
import {
  buildAnswer,
  buildPage,
  compressFor,
  isApiPath,
  type KeptHeaders,
  keepHeaders,
  keptPageCookies,
  notModified,
  originOf,
  type PageCache,
  type PageCacheLocals,
  sendFirstAnswer,
  sendNewPage,
  sendPersonalPage,
  weakEtag,
  weakEtagWithout,
} from './page-cache/index'

/**
 * The Fetch API request for an Express request. Its origin: for a page that may be kept, the one its
 * cache key holds (PUBLIC_URL's, or the host it was keyed on), so a page never names a host other
 * than the one it is kept under; else the request's own, X-Forwarded-Host and X-Forwarded-Proto only
 * from a trusted proxy (Express's req.host and req.protocol), localhost for a host that is not plain.
 */
function fetchRequest(req: express.Request, res: express.Response): Request {
  const { pageOrigin, pageKey } = res.locals as PageCacheLocals
  const origin = pageOrigin ?? originOf(req.protocol, req.host) ?? `${req.protocol === 'https' ? 'https' : 'http'}://localhost`
  const url = new URL(`${origin}${req.originalUrl}`)
  let controller: AbortController | null = new AbortController()
  const headers = new Headers()
  // A page to keep is rendered for nobody: of the cookies, only the theme's (it is in the key; ADR 076).
  const keptCookies = pageKey ? keptPageCookies(req.headers.cookie) : null
  if (keptCookies) headers.set('cookie', keptCookies)
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values || (pageKey && key === 'cookie')) continue
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else headers.set(key, values)
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  res.on('finish', () => {
    controller = null
  })
  res.on('close', () => controller?.abort())
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  return new Request(url.href, init)
}

const closed = (res: express.Response) => res.destroyed || res.writableEnded

/** Whether this request is someone's own (a session cookie or a token): its answers are never shared. */
function personal(req: express.Request): boolean {
  return Boolean(req.headers.authorization) || (req.headers.cookie ?? '').split(';').some((part) => part.trimStart().startsWith(`${SESSION_COOKIE_NAME}=`))
}

export function createPageHandler({
  build,
  mode,
  getLoadContext,
  cache,
}: {
  build: ServerBuild
  mode: string
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider
  cache: PageCache
}): express.RequestHandler {
  const handle = createRequestHandler(build, mode)
  return async (req, res, next) => {
    try {
      // A write lets the reads that came with it go first (ADR 112): a kept page answers in well
      // under a millisecond, a checkout takes several, and one turn of the loop serves them in order.
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        await new Promise((resolve) => setImmediate(resolve))
        if (closed(res)) return
      }
      const response = await handle(fetchRequest(req, res), getLoadContext(req, res))
      await send(req, res, response, cache)
    } catch (error) {
      next(error)
    }
  }
}

async function send(req: express.Request, res: express.Response, response: Response, cache: PageCache): Promise<void> {
  if (closed(res)) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers) if (key !== 'set-cookie') res.append(key, value)
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.append('Set-Cookie', cookies)

  const type = response.headers.get('Content-Type') ?? ''
  const html = /^text\/html/i.test(type)
  if (!response.body) return void res.end()
  if (!(html || /^application\/json/i.test(type)) || req.method === 'HEAD') {
    try {
      await writeReadableStreamToWritable(response.body, res)
    } catch (error) {
      if (!closed(res)) throw error
    }
    return
  }

  let body: Buffer
  try {
    body = Buffer.from(await response.arrayBuffer())
  } catch (error) {
    if (closed(res)) return
    // The error's own answer follows (answerErrors): none of this answer's headers, its cookies least of all.
    for (const [key] of response.headers) res.removeHeader(key)
    res.removeHeader('Set-Cookie')
    throw error
  }
  if (req.method !== 'GET' || response.status !== 200) return sendWhole(req, res, body)
  if (closed(res)) return
  const nonce: string = res.locals.cspNonce ?? ''
  const cacheControl = response.headers.get('Cache-Control')
  // A visitor's catalogue answer may be kept by the browser and revalidated; someone's own stays unstored.
  if (!cacheControl || (cacheControl === 'no-store' && !personal(req))) res.setHeader('Cache-Control', 'private, no-cache')

  const locals = res.locals as PageCacheLocals
  const { pageKey, pageOrigin, pageGeneration, pageProduct = null } = locals
  if (!html && pageKey && pageOrigin && pageGeneration !== undefined && !cookies.length && isApiPath(req.originalUrl)) {
    const csp = res.getHeader('Content-Security-Policy')
    const meta = { csp: csp ? String(csp) : '', contentType: type, generation: pageGeneration, product: pageProduct, origin: pageOrigin }
    // Its client gets it now (her encoding, compressed on this thread); the kept answer's other copy
    // follows on the pool, and whoever asks meanwhile waits for it (ADR 110).
    const first: KeptHeaders = { ...meta, etag: weakEtag(body) }
    const made = sendFirstAnswer(req, res, first, body)
    const kept = buildAnswer(body, meta, first.etag, made).then(
      (answer) => {
        cache.set(pageKey, { ...answer, headers: first.headers })
      },
      (error: unknown) => console.error(`An /api answer could not be kept: ${req.originalUrl}`, error),
    )
    locals.pageKeptAfter?.(kept)
    return
  }
  if (html && pageKey && pageOrigin && pageGeneration !== undefined && !cookies.length) {
    const page = await buildPage(body, {
      nonce,
      csp: String(res.getHeader('Content-Security-Policy') ?? ''),
      contentType: type,
      generation: pageGeneration,
      product: pageProduct,
      origin: pageOrigin,
    })
    if (page) {
      const shopper = locals.pagePersonal
      if (!shopper) {
        sendNewPage(req, res, page)
        cache.set(pageKey, page)
        return
      }
      keepHeaders(res, page)
      cache.set(pageKey, page)
      // A page without the header's hole goes to nobody in particular: she gets it rendered for her.
      if (await sendPersonalPage(req, res, page, shopper, 'MISS')) return
      throw new Error(`A kept page without its personal hole: ${req.originalUrl}`)
    }
  }

  // The nonce changes with every response: the validator is taken over the page without it.
  const etag = html && nonce ? weakEtagWithout(body, nonce) : weakEtag(body)
  res.setHeader('ETag', etag)
  if (notModified(req, etag)) {
    // The browser keeps the page it has, with the policy (and nonce) that came with it.
    res.removeHeader('Content-Security-Policy')
    res.removeHeader('Content-Type')
    res.status(304).end()
    return
  }
  await sendWhole(req, res, body)
}

/**
 * A whole HTML or JSON body, its length known: compressed at once for a client that accepts it (from
 * 1 kB), else as it is. Through compression()'s stream a 200-byte cart answer paid for a new brotli
 * or gzip encoder, and React Router's web stream piped it to the socket chunk by chunk.
 */
async function sendWhole(req: express.Request, res: express.Response, body: Buffer): Promise<void> {
  const { encoding, bytes } = await compressFor(req, body)
  if (closed(res)) return
  res.vary('Accept-Encoding')
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', bytes.length)
  res.end(bytes)
}
