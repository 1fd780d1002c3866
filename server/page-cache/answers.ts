// A kept answer made once at its miss: its body in the three encodings the cache serves, each in
// memory of its own, with its weak validator.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { CachedPage } from './store'

/** How hard the cached copies are compressed: once per page and generation, so a cheap miss matters too. */
const BROTLI_QUALITY = 6
export const GZIP_LEVEL = 6

/** A weak validator for a body: the same bytes give the same tag. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
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

/**
 * A body made cacheable as it is, with its policy: a catalogue /api answer (JSON has no inline
 * scripts), or a page whose nonce buildPage (csp.ts) has turned into hashes.
 */
export function buildAnswer(body: Buffer, { csp, contentType, generation, product, origin }: AnswerMeta): CachedPage {
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  const gzip = gzipSync(body, { level: GZIP_LEVEL })
  return {
    etag: weakEtag(body),
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
