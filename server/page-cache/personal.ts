// A kept page for one shopper (ADR 076, ADR 106): the page, rendered for nobody, with its holes filled
// by her pieces: the header (her name and menu, her cart's line count, and the JSON element the client
// hydrates from) and, on a product page, the delivery section with her remembered pincode's line;
// compressed per answer, on the request thread (ADR 109). Her header and her assembled answer are
// each kept a short while in a small LRU, keyed by what they are made of, so a shopper moving between
// pages pays for neither twice.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import type { DeliveryCheck } from '~/lib/delivery'
import { getConfig } from '~/infra/config.server'
import type { Theme } from '~/lib/theme'
import { renderDeliveryCheck } from '~/web/delivery-hole.server'
import { type Personal, personalJson } from '~/web/personal'
import { type HeaderInput, renderShopHeader } from '~/web/personal-header.server'
import { chooseEncoding, compressNow, type Encoding } from './negotiate'
import { endAnswer } from './send'
import type { CachedPage } from './store'

/** A hole of a kept page: an element's own opening tag, up to the first end tag of its kind after it. */
export interface Hole {
  start: string
  end: string
}

/** The shop header (app/components/shop-header.tsx): on every shop page. */
export const HEADER_HOLE: Hole = { start: '<header data-personal=""', end: '</header>' }
/** A product page's delivery section (app/components/delivery-check.tsx); it holds no other section. */
export const DELIVERY_HOLE: Hole = { start: '<section data-delivery=""', end: '</section>' }
export const HOLE_START = HEADER_HOLE.start

/** Cheaper than the kept copies' quality: an assembled answer is compressed on its shopper's first view. */
const BROTLI_QUALITY = 3
const GZIP_LEVEL = 4

/**
 * The bytes the assembled answers may hold (each in the encoding one client took): about two
 * hundred pages of 19 kB, ten for each of twenty shoppers at once. On a sale day most answers are
 * not asked for twice (her cart's count moves between her views); a larger bound only held more of
 * them (ADR 117). With the pieces and the header templates, 4 MB each: 12 MB in all (ADR 119).
 */
export const PERSONAL_ANSWER_BYTES = 4 * 1024 * 1024

/** The bytes the rendered pieces may hold: about three hundred headers of 12.5 kB (ADR 117). */
export const PERSONAL_PIECE_BYTES = 4 * 1024 * 1024

/** Where a hole is in a kept page's HTML, or null when the page has none (or two, or an odd one). */
export function findHole(html: Buffer, hole: Hole = HEADER_HOLE): { start: number; end: number } | null {
  const start = html.indexOf(hole.start)
  if (start === -1 || html.indexOf(hole.start, start + 1) !== -1) return null
  const close = html.indexOf(hole.end, start)
  if (close === -1) return null
  return { start, end: close + hole.end.length }
}

/** Whether a piece's bytes are its hole's element (the holes' tags are ASCII). */
function isHoleElement(bytes: Buffer, hole: Hole): boolean {
  return (
    bytes.length >= hole.start.length + hole.end.length &&
    bytes.toString('latin1', 0, hole.start.length) === hole.start &&
    bytes.toString('latin1', bytes.length - hole.end.length) === hole.end
  )
}

/** The kept page's HTML with each hole filled by its piece; null when a hole is missing or a piece is not its element. */
export function fillHoles(html: Buffer, pieces: { hole: Hole; bytes: Buffer }[]): Buffer | null {
  const spans: { start: number; end: number; bytes: Buffer }[] = []
  for (const piece of pieces) {
    const found = findHole(html, piece.hole)
    if (!found || !isHoleElement(piece.bytes, piece.hole)) return null
    spans.push({ ...found, bytes: piece.bytes })
  }
  spans.sort((a, b) => a.start - b.start)
  const parts: Buffer[] = []
  let at = 0
  for (const span of spans) {
    if (span.start < at) return null
    parts.push(html.subarray(at, span.start), span.bytes)
    at = span.end
  }
  parts.push(html.subarray(at))
  return Buffer.concat(parts)
}

/** The kept page's HTML with the header hole filled; null when the page has no hole to fill. */
export function fillHole(html: Buffer, header: string): Buffer | null {
  return fillHoles(html, [{ hole: HEADER_HOLE, bytes: Buffer.from(header) }])
}

/**
 * A shopper's piece for one hole of a page, as UTF-8, and the digest of its bytes (part of an
 * assembled answer's key). Bytes, not a string: a sale day kept about a thousand headers of 12 kB,
 * which as strings were a fifth of the request thread's live heap, and so twice that in the heap's
 * room to grow (ADR 108); outside the heap they are counted once (and now bounded at 4 MB, ADR 117).
 */
export interface PersonalPiece {
  hole: Hole
  bytes: Buffer
  digest: string
}

/** The pieces rendered for a page and a shopper: pure in what they are made of, so kept by it. */
const pieces = new LRUCache<string, PersonalPiece>({
  max: 2_000,
  maxSize: PERSONAL_PIECE_BYTES,
  sizeCalculation: (piece, key) => piece.bytes.length + key.length + 64,
})

/**
 * A string's UTF-8 in a buffer of its own: `Buffer.from` puts a short one (a delivery section) in
 * Node's shared 8 kB pool, and a kept piece would hold the whole slab.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  bytes.write(text)
  return bytes
}

async function piece(key: string, hole: Hole, render: () => string | Buffer | Promise<string | Buffer>): Promise<PersonalPiece> {
  let found = pieces.get(key)
  if (found === undefined) {
    const rendered = await render()
    const bytes = typeof rendered === 'string' ? ownBytes(rendered) : rendered
    found = { hole, bytes, digest: createHash('sha256').update(bytes).digest('base64url') }
    pieces.set(key, found)
  }
  return found
}

/**
 * A count no cart holds: a shopper's header is rendered once with it where her count goes (the cart
 * button's label and badge, the JSON element) and from then on filled with each count she has, since
 * on a sale day her count moves between most of her views (ADR 119).
 */
export const COUNT_MARK = '7340162953'

/** A header rendered with COUNT_MARK, cut where the count goes: the same for every count of one shopper on one page. */
const templates = new LRUCache<string, Buffer[]>({
  max: 1_000,
  maxSize: PERSONAL_PIECE_BYTES,
  sizeCalculation: (parts, key) => parts.reduce((sum, part) => sum + part.length, key.length + 64),
})

async function headerWithCount(templateKey: string, input: Omit<HeaderInput, 'personal'>, personal: Personal): Promise<string | Buffer> {
  let parts = templates.get(templateKey)
  if (parts === undefined) {
    const html = ownBytes(await renderShopHeader({ ...input, personal: { ...personal, cartCount: Number(COUNT_MARK) } }))
    parts = []
    let at = 0
    for (let mark = html.indexOf(COUNT_MARK); mark !== -1; mark = html.indexOf(COUNT_MARK, at)) {
      parts.push(html.subarray(at, mark))
      at = mark + COUNT_MARK.length
    }
    parts.push(html.subarray(at))
    // A header that shows the count other than as its digits (a "99+") has no mark to fill: kept as
    // no parts, and rendered whole for each count.
    if (parts.length === 1) parts = []
    templates.set(templateKey, parts)
  }
  if (parts.length === 0) return renderShopHeader({ ...input, personal })
  const count = Buffer.from(String(personal.cartCount))
  const bytes = Buffer.allocUnsafeSlow(parts.reduce((sum, part) => sum + part.length, 0) + count.length * (parts.length - 1))
  let at = 0
  parts.forEach((part, i) => {
    if (i > 0) at += count.copy(bytes, at)
    at += part.copy(bytes, at)
  })
  return bytes
}

export function personalHeader(url: string, theme: Theme, personal: Personal): Promise<PersonalPiece> {
  const shopName = getConfig().SHOP_NAME
  const templateKey = `header\n${url}\n${theme}\n${shopName}\n${personalJson({ ...personal, cartCount: 0 })}`
  return piece(`${templateKey}\n${personal.cartCount}`, HEADER_HOLE, () =>
    // The mark anywhere else (her name, the page's address, the shop's name) would be taken for her
    // count, and a header without a user and with no count is not one the template was made as.
    templateKey.includes(COUNT_MARK) || (personal.user === null && personal.cartCount === 0)
      ? renderShopHeader({ url, theme, shopName, personal })
      : headerWithCount(templateKey, { url, theme, shopName }, personal),
  )
}

/** A product page's delivery section for one line (the line itself is worked out in keys.ts: keptDeliveryCheck). */
export function deliveryPiece(check: DeliveryCheck): Promise<PersonalPiece> {
  return piece(`delivery\n${JSON.stringify(check)}`, DELIVERY_HOLE, () => renderDeliveryCheck(check))
}

interface Assembled {
  etag: string
  bytes: Buffer
}

/** Answers assembled for one kept page, one set of pieces and one encoding. */
const answers = new LRUCache<string, Assembled>({
  maxSize: PERSONAL_ANSWER_BYTES,
  sizeCalculation: (answer, key) => answer.bytes.length + key.length + 256,
  ttl: 5 * 60_000,
})

/** Forgets every assembled answer, piece and header template (tests). */
export function forgetPersonalAnswers(): void {
  answers.clear()
  pieces.clear()
  templates.clear()
}

function assemble(page: CachedPage, parts: PersonalPiece[], encoding: Encoding): Assembled | null {
  // The page's validator and her pieces' bytes: other pieces (another shopper, another count, another pincode) are another answer.
  const hash = createHash('sha256').update(page.etag)
  for (const part of parts) hash.update(`\n${part.hole.start}\n${part.digest}`)
  const etag = `W/"${hash.digest('base64url').slice(0, 27)}"`
  const key = `${etag} ${encoding}`
  const kept = answers.get(key)
  if (kept) return kept
  const html = fillHoles(page.identity, parts)
  if (!html) return null
  // Identity is the page and the pieces put together: nothing to save by keeping it.
  if (encoding === 'identity') return { etag, bytes: html }
  // On the request thread, in the same turn as the rest of her answer: a hop to libuv's pool made a
  // signed-in shopper wait for the loop's next turn, three times a visitor's wait on a sale day (ADR 109).
  const bytes = compressNow(html, encoding, { brotliQuality: BROTLI_QUALITY, gzipLevel: GZIP_LEVEL })
  const answer = { etag, bytes }
  answers.set(key, answer)
  return answer
}

/** Whom a kept page goes to with pieces of her own: her header's pieces (or none: the page's own header) and her delivery line. */
export interface PageShopper {
  url: string
  theme: Theme
  personal: Personal | null
  delivery: DeliveryCheck | null
}

/**
 * Answers a shopper with a kept page and her pieces; false when the page lacks a hole they need (the
 * caller then renders the page for her as before).
 */
export async function sendPersonalPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  { url, theme, personal, delivery }: PageShopper,
  state: 'HIT' | 'MISS',
): Promise<boolean> {
  if (!page.contentType.startsWith('text/html')) return false
  const parts = await Promise.all([
    ...(personal ? [personalHeader(url, theme, personal)] : []),
    ...(delivery ? [deliveryPiece(delivery)] : []),
  ])
  const encoding = chooseEncoding(req.headers['accept-encoding'])
  const answer = assemble(page, parts, encoding)
  if (!answer) return false
  for (const [name, value] of page.headers ?? []) res.setHeader(name, value)
  res.setHeader('ETag', answer.etag)
  res.setHeader('X-Cache', `${state}, personal`)
  endAnswer(req, res, answer.etag, encoding, () => answer.bytes)
  return true
}
