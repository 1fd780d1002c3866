// What a client gets of an answer: 304 when its copy is current (fresh, as Express itself decides),
// else the encoding it accepts best (negotiator, as Express reads Accept-Encoding), brotli first.
import type { IncomingMessage } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import fresh from 'fresh'
import Negotiator from 'negotiator'

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

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** How hard a body is compressed, in each encoding. */
export interface Quality {
  brotliQuality: number
  gzipLevel: number
}

/** Brotli for one response: cheaper than the kept copies' quality, it runs on every uncached answer. */
const PER_RESPONSE_QUALITY: Quality = { brotliQuality: 5, gzipLevel: 6 }

function brotliOptions(body: Buffer, { brotliQuality }: Quality) {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }
}

/**
 * A whole body compressed at once (the size known up front), on libuv's thread pool: the request
 * thread, the one a busy shop runs short of, only hands it over. For a body already in memory this
 * is several times cheaper than a compression stream per response.
 */
export function compress(body: Buffer, encoding: 'br' | 'gzip', quality: Quality): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(body, brotliOptions(body, quality))
  return gzipAsync(body, { level: quality.gzipLevel })
}

/**
 * A whole body compressed on the request thread, for a fast quality and a page-sized body (about
 * half a millisecond for 100 kB of HTML at brotli 3): the answer goes out in the same turn of the
 * event loop. On the thread pool it would wait for the loop's next turn, and on a busy shop that
 * turn is long: a whole batch of other requests runs first (ADR 109).
 */
export function compressNow(body: Buffer, encoding: 'br' | 'gzip', quality: Quality): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, brotliOptions(body, quality))
  return gzipSync(body, { level: quality.gzipLevel })
}

/**
 * Bodies up to this size are compressed on the request thread, larger ones on the pool. Node's
 * asynchronous brotliCompress makes a compression stream, hands the work to the pool and frees the
 * encoder on a later turn: about 180 µs of the request thread's time whatever the size, where
 * compressing 16 kB there at once takes about 190 µs, a 2 kB cart answer 40 µs (ADR 120).
 */
export const COMPRESS_NOW_BYTES = 16 * 1024

/** A whole answer compressed for the client: brotli q5 or gzip 6, or as it is (small, or not asked for). */
export async function compressFor(req: IncomingMessage, body: Buffer): Promise<{ encoding: Encoding; bytes: Buffer }> {
  const encoding = body.length < COMPRESS_FROM_BYTES ? 'identity' : chooseEncoding(req.headers['accept-encoding'])
  if (encoding === 'identity') return { encoding, bytes: body }
  const bytes = body.length <= COMPRESS_NOW_BYTES ? compressNow(body, encoding, PER_RESPONSE_QUALITY) : await compress(body, encoding, PER_RESPONSE_QUALITY)
  return { encoding, bytes }
}
