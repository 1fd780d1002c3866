// Answering with a kept page, at its miss and at every hit: the headers kept with it, its validator,
// and the copy in the encoding the client takes.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { chooseEncoding, notModified } from './negotiate'
import type { CachedPage } from './store'

/** Headers each answer sets for itself; the rest of the miss's headers are kept with the page. */
const PER_ANSWER = new Set(['content-encoding', 'content-length', 'x-cache', 'date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * Answers the miss with the page just kept: its own policy and validator on top of the headers the
 * security middleware set, which the page keeps so a hit needs no middleware at all.
 */
export function sendNewPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  keepHeaders(res, page)
  sendPage(req, res, page, 'MISS')
}

/** Sets the page's own headers on the miss's answer and keeps them all with the page, for its hits. */
export function keepHeaders(res: ServerResponse, page: CachedPage): void {
  if (page.csp) res.setHeader('Content-Security-Policy', page.csp)
  res.setHeader('Content-Type', page.contentType)
  res.setHeader('Cache-Control', 'private, no-cache')
  res.setHeader('Vary', 'Accept-Encoding')
  res.setHeader('ETag', page.etag)
  page.headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => !PER_ANSWER.has(name) && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)])
}

/** Answers with a kept page: the encoding the client prefers, or 304 with headers only. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: 'HIT' | 'MISS'): void {
  for (const [name, value] of page.headers ?? []) res.setHeader(name, value)
  res.setHeader('X-Cache', state)
  if (notModified(req, page.etag)) {
    res.statusCode = 304
    res.removeHeader('Content-Type')
    res.end()
    return
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'])
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.statusCode = 200
  res.end(req.method === 'HEAD' ? undefined : body)
}
