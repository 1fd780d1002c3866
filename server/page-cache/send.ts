// Answering with a kept page, at its miss and at every hit: the headers kept with it, its validator,
// and the copy in the encoding the client takes.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { KEPT_QUALITY, type MadeCopies } from './answers'
import { chooseEncoding, compressNow, type Encoding, notModified } from './negotiate'
import type { CachedPage } from './store'

/** Headers each answer sets for itself; the rest of the miss's headers are kept with the page. */
const PER_ANSWER = new Set(['content-encoding', 'content-length', 'x-cache', 'date', 'connection', 'keep-alive', 'transfer-encoding'])

/** What the headers of a kept answer are made of: its policy, type and validator, and the headers kept for its hits. */
export type KeptHeaders = Pick<CachedPage, 'csp' | 'contentType' | 'etag' | 'headers'>

/**
 * Answers the miss with the page just kept: its own policy and validator on top of the headers the
 * security middleware set, which the page keeps so a hit needs no middleware at all.
 */
export function sendNewPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  keepHeaders(res, page)
  sendPage(req, res, page, 'MISS')
}

/** Sets the page's own headers on the miss's answer and keeps them all with the page, for its hits. */
export function keepHeaders(res: ServerResponse, page: KeptHeaders): void {
  if (page.csp) res.setHeader('Content-Security-Policy', page.csp)
  res.setHeader('Content-Type', page.contentType)
  res.setHeader('Cache-Control', 'private, no-cache')
  res.setHeader('Vary', 'Accept-Encoding')
  res.setHeader('ETag', page.etag)
  page.headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => !PER_ANSWER.has(name) && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)])
}

/** The end of an answer with a validator: 304 when the client's copy is current, else `body()` in `encoding`. */
export function endAnswer(req: IncomingMessage, res: ServerResponse, etag: string, encoding: Encoding, body: () => Buffer): void {
  if (notModified(req, etag)) {
    res.statusCode = 304
    res.removeHeader('Content-Type')
    res.end()
    return
  }
  const bytes = body()
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', bytes.length)
  res.statusCode = 200
  res.end(req.method === 'HEAD' ? undefined : bytes)
}

/** Answers with a kept page: the encoding the client prefers, or 304 with headers only. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: 'HIT' | 'MISS'): void {
  for (const [name, value] of page.headers ?? []) res.setHeader(name, value)
  res.setHeader('X-Cache', state)
  const encoding = chooseEncoding(req.headers['accept-encoding'])
  endAnswer(req, res, page.etag, encoding, () => (encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity))
}

/**
 * Answers a miss before its kept copies exist: the answer's headers set and kept on `answer` (for
 * its hits), and its body in the one encoding this client takes, compressed now on the request
 * thread at the kept copies' quality (a fraction of a millisecond for a catalogue /api answer).
 * Through the thread pool the client would wait for the event loop's next turn, behind every
 * request already read in this one (ADR 110). Returns the copy it made, for the kept answer.
 */
export function sendFirstAnswer(req: IncomingMessage, res: ServerResponse, answer: KeptHeaders, body: Buffer): MadeCopies {
  keepHeaders(res, answer)
  res.setHeader('X-Cache', 'MISS')
  const encoding = chooseEncoding(req.headers['accept-encoding'])
  const made: MadeCopies = {}
  endAnswer(req, res, answer.etag, encoding, () => {
    if (encoding === 'identity') return body
    made[encoding] = compressNow(body, encoding, KEPT_QUALITY)
    return made[encoding]
  })
  return made
}
