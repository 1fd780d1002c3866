// A kept page for one shopper (ADR 076): the page, rendered for nobody, with its header hole filled by
// her header (her name and menu, her cart's line count, and the JSON element the client hydrates from),
// compressed per answer. Her header and her assembled answer are each kept a short while in a small
// LRU, keyed by what they are made of, so a shopper moving between pages pays for neither twice.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { getConfig } from '~/infra/config.server'
import type { Theme } from '~/lib/theme'
import { type Personal, personalJson } from '~/web/personal'
import { renderShopHeader } from '~/web/personal-header.server'
import { chooseEncoding, type Encoding, notModified } from './negotiate'
import type { CachedPage } from './store'

/** Where the hole starts in a kept page: the shop header's own opening tag (app/components/shop-header.tsx). */
export const HOLE_START = '<header data-personal=""'
const HOLE_END = '</header>'

/** Cheaper than the kept copies' quality: an assembled answer is compressed on its shopper's first view. */
const BROTLI_QUALITY = 3
const GZIP_LEVEL = 4

/** The bytes the assembled answers may hold (each in the encoding one client took). */
export const PERSONAL_ANSWER_BYTES = 8 * 1024 * 1024

/** Where the hole is in a kept page's HTML, or null when the page has none (or an odd one). */
export function findHole(html: Buffer): { start: number; end: number } | null {
  const start = html.indexOf(HOLE_START)
  if (start === -1 || html.indexOf(HOLE_START, start + 1) !== -1) return null
  const close = html.indexOf(HOLE_END, start)
  if (close === -1) return null
  return { start, end: close + HOLE_END.length }
}

/** The kept page's HTML with the hole filled; null when the page has no hole to fill. */
export function fillHole(html: Buffer, header: string): Buffer | null {
  const hole = findHole(html)
  if (!hole || !header.startsWith(HOLE_START) || !header.endsWith(HOLE_END)) return null
  return Buffer.concat([html.subarray(0, hole.start), Buffer.from(header, 'utf8'), html.subarray(hole.end)])
}

/** A shopper's header for a page, and the digest of its bytes (an assembled answer's key). */
export interface PersonalHeader {
  html: string
  digest: string
}

/** The headers rendered for a page and a shopper: pure in what they are made of, so kept by it. */
const headers = new LRUCache<string, PersonalHeader>({
  max: 2_000,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (header, key) => header.html.length + key.length + 64,
})

export async function personalHeader(url: string, theme: Theme, personal: Personal): Promise<PersonalHeader> {
  const shopName = getConfig().SHOP_NAME
  const key = `${url}\n${theme}\n${shopName}\n${personalJson(personal)}`
  let header = headers.get(key)
  if (header === undefined) {
    const html = await renderShopHeader({ url, theme, shopName, personal })
    header = { html, digest: createHash('sha256').update(html).digest('base64url') }
    headers.set(key, header)
  }
  return header
}

interface Assembled {
  etag: string
  bytes: Buffer
}

/** Answers assembled for one kept page, one header and one encoding. */
const answers = new LRUCache<string, Assembled>({
  maxSize: PERSONAL_ANSWER_BYTES,
  sizeCalculation: (answer, key) => answer.bytes.length + key.length + 256,
  ttl: 5 * 60_000,
})

/** Forgets every assembled answer and header (tests). */
export function forgetPersonalAnswers(): void {
  answers.clear()
  headers.clear()
}

// Compressed on libuv's thread pool, not the request thread: each new answer costs a few hundred
// microseconds of brotli, which a busy sale day's request thread has better use for.
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function assemble(page: CachedPage, header: PersonalHeader, encoding: Encoding): Promise<Assembled | null> {
  // The page's validator and her header's bytes: another header (another shopper, another count) is another answer.
  const etag = `W/"${createHash('sha256').update(page.etag).update('\n').update(header.digest).digest('base64url').slice(0, 27)}"`
  const key = `${etag} ${encoding}`
  const kept = answers.get(key)
  if (kept) return kept
  const html = fillHole(page.identity, header.html)
  if (!html) return null
  // Identity is the page and the header put together: nothing to save by keeping it.
  if (encoding === 'identity') return { etag, bytes: html }
  const bytes =
    encoding === 'br'
      ? await brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
      : encoding === 'gzip'
        ? await gzipAsync(html, { level: GZIP_LEVEL })
        : html
  const answer = { etag, bytes }
  answers.set(key, answer)
  return answer
}

/**
 * Answers a shopper with a kept page and her pieces; false when the page has no hole (the caller then
 * renders the page for her as before).
 */
export async function sendPersonalPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  { url, theme, personal }: { url: string; theme: Theme; personal: Personal },
  state: 'HIT' | 'MISS',
): Promise<boolean> {
  if (!page.contentType.startsWith('text/html')) return false
  const header = await personalHeader(url, theme, personal)
  const encoding = chooseEncoding(req.headers['accept-encoding'])
  const answer = await assemble(page, header, encoding)
  if (!answer) return false
  for (const [name, value] of page.headers ?? []) res.setHeader(name, value)
  res.setHeader('ETag', answer.etag)
  res.setHeader('X-Cache', `${state}, personal`)
  if (notModified(req, answer.etag)) {
    res.statusCode = 304
    res.removeHeader('Content-Type')
    res.end()
    return true
  }
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', answer.bytes.length)
  res.statusCode = 200
  res.end(req.method === 'HEAD' ? undefined : answer.bytes)
  return true
}
