// What a client gets of an answer: 304 when its copy is current (fresh, as Express itself decides),
// else the encoding it accepts best (negotiator, as Express reads Accept-Encoding), brotli first.
import type { IncomingMessage } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fresh from 'fresh'
import Negotiator from 'negotiator'
import { GZIP_LEVEL } from './answers'

export type Encoding = 'br' | 'gzip' | 'identity'

/** The encodings the cache keeps besides identity, best first: brotli wins a tie. */
const COMPRESSED: Encoding[] = ['br', 'gzip']

/** negotiator 1.x takes a preferred order for ties; its @types are of 0.6, which did not. */
type EncodingNegotiator = { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined }

/** The best encoding the client accepts: brotli, then gzip, else none (q=0 refuses one). */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity'
  const accept = Array.isArray(header) ? header.join(', ') : header
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accept } }) as unknown as EncodingNegotiator
  return (negotiator.encoding(COMPRESSED, { preferred: COMPRESSED }) as Encoding | undefined) ?? 'identity'
}

/**
 * Whether the request's If-None-Match names this tag (weak comparison, `*` included). Only that
 * header goes to fresh: a fetch() that sends If-None-Match also sends `Cache-Control: no-cache` (the
 * Fetch standard adds it), which asks caches on the way to revalidate, and this is the revalidation.
 */
export function notModified(req: IncomingMessage, etag: string): boolean {
  return fresh({ 'if-none-match': req.headers['if-none-match'] }, { etag })
}

/** Bodies smaller than this go as they are: compressing them saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024

/** Brotli for one response: cheaper than the kept copies' quality, it runs on every uncached answer. */
const BROTLI_QUALITY_PER_RESPONSE = 5

/**
 * A whole answer compressed at once for the client (brotli q5 with the size known up front, or gzip 6):
 * for a body already in memory this is several times cheaper than a compression stream per response.
 */
export function compressFor(req: IncomingMessage, body: Buffer): { encoding: Encoding; bytes: Buffer } {
  const encoding = body.length < COMPRESS_FROM_BYTES ? 'identity' : chooseEncoding(req.headers['accept-encoding'])
  if (encoding === 'br') {
    const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_RESPONSE, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
    return { encoding, bytes: brotliCompressSync(body, { params }) }
  }
  if (encoding === 'gzip') return { encoding, bytes: gzipSync(body, { level: GZIP_LEVEL }) }
  return { encoding, bytes: body }
}
