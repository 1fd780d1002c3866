// A kept answer made once at its miss: its body in the three encodings the cache serves, each in
// memory of its own, with its weak validator.
import { createHash } from 'node:crypto'
import { compress, type Quality } from './negotiate'
import type { CachedPage } from './store'

/** How hard the cached copies are compressed: once per page and generation, so a cheap miss matters too. */
export const KEPT_QUALITY: Quality = { brotliQuality: 6, gzipLevel: 6 }

/** A weak validator for a body: the same bytes give the same tag. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/**
 * The validator of a body as if every occurrence of `omit` (a response's nonce) were taken out: the
 * same tag as weakEtag of that shorter body, hashed piece by piece, with no copy of the page.
 */
export function weakEtagWithout(body: Buffer, omit: string): string {
  if (!omit) return weakEtag(body)
  const needle = Buffer.from(omit, 'utf8')
  const hash = createHash('sha256')
  let at = 0
  for (let found = body.indexOf(needle, at); found !== -1; found = body.indexOf(needle, at)) {
    hash.update(body.subarray(at, found))
    at = found + needle.length
  }
  hash.update(body.subarray(at))
  return `W/"${hash.digest('base64url').slice(0, 27)}"`
}

/** What a kept answer says besides its body; `generation`, `product` and `origin` come from the miss (PageCacheLocals). */
export interface AnswerMeta {
  csp: string
  contentType: string
  generation: number
  product: string | null
  origin: string
}

/**
 * `bytes` in memory of its own, exactly its size. zlib's output is a slice of a 16 KiB chunk and a
 * small Buffer a slice of an 8 KiB pool: kept as they are, a 100-byte answer held 32 KiB (ADR 049).
 */
function exactCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes
  const copy = Buffer.allocUnsafeSlow(bytes.length)
  bytes.copy(copy)
  return copy
}

/** A kept answer's copies already compressed (at KEPT_QUALITY) when it is built: the one its miss was answered with. */
export type MadeCopies = Partial<Record<'br' | 'gzip', Buffer>>

/**
 * A body made cacheable as it is, with its policy: a catalogue /api answer (JSON has no inline
 * scripts), or a page whose nonce buildPage (csp.ts) has turned into hashes. Its compressed copies
 * not `made` yet are made on the thread pool; `etag` is the body's, when already worked out.
 */
export async function buildAnswer(
  body: Buffer,
  { csp, contentType, generation, product, origin }: AnswerMeta,
  etag = weakEtag(body),
  made: MadeCopies = {},
): Promise<CachedPage> {
  const [br, gzip] = await Promise.all([made.br ?? compress(body, 'br', KEPT_QUALITY), made.gzip ?? compress(body, 'gzip', KEPT_QUALITY)])
  return {
    etag,
    csp,
    contentType,
    identity: exactCopy(body),
    br: exactCopy(br),
    gzip: exactCopy(gzip),
    generation,
    product,
    origin,
  }
}
