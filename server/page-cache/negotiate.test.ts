import { pbkdf2 } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, COMPRESS_NOW_BYTES, compressFor, notModified } from './negotiate'

/** Keeps each of libuv's four pool threads busy for about `ms` (a key derivation each). */
function busyPool(ms: number): Promise<unknown> {
  const started = Date.now()
  const iterations = 20_000
  return new Promise((resolve) => pbkdf2('x', 'y', iterations, 32, 'sha256', resolve)).then(() => {
    const per = Math.max(1, Date.now() - started) / iterations
    const long = Math.ceil(ms / per)
    return Promise.all(Array.from({ length: 4 }, () => new Promise((resolve) => pbkdf2('x', 'y', long, 32, 'sha256', resolve))))
  })
}

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waiting'), ms))])

describe('negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('br, gzip, deflate')).toBe('br')
    expect(chooseEncoding('gzip, br')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip')
    expect(chooseEncoding('GZIP')).toBe('gzip')
    expect(chooseEncoding(['deflate', 'gzip'])).toBe('gzip')
    expect(chooseEncoding('identity')).toBe('identity')
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity')
    expect(chooseEncoding(undefined)).toBe('identity')
    expect(chooseEncoding('*')).toBe('br')
  })

  it('matches If-None-Match weakly, in lists and with *', () => {
    const req = (value?: string) => ({ headers: value === undefined ? {} : { 'if-none-match': value } }) as never
    expect(notModified(req('W/"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('W/"y", W/"x"'), 'W/"x"')).toBe(true)
    expect(notModified(req('*'), 'W/"x"')).toBe(true)
    expect(notModified(req('W/"y"'), 'W/"x"')).toBe(false)
    expect(notModified(req(), 'W/"x"')).toBe(false)
    // What fetch() sends with a validator of its own.
    const fromFetch = { headers: { 'if-none-match': 'W/"x"', 'cache-control': 'no-cache', pragma: 'no-cache' } } as never
    expect(notModified(fromFetch, 'W/"x"')).toBe(true)
  })

  it('compresses an answer of up to 16 kB on the request thread, a larger one on the pool, each as the client asked', async () => {
    const json = (size: number) => Buffer.from(JSON.stringify({ items: 'resin coaster '.repeat(size / 14) }).slice(0, size))
    const req = (accept: string) => ({ headers: { 'accept-encoding': accept } }) as never
    const small = json(2_000)
    const edge = json(COMPRESS_NOW_BYTES)
    const large = json(COMPRESS_NOW_BYTES + 1)
    for (const body of [small, edge, large]) {
      const br = await compressFor(req('br, gzip'), body)
      expect(br.encoding).toBe('br')
      expect(brotliDecompressSync(br.bytes).equals(body)).toBe(true)
      const gzip = await compressFor(req('gzip'), body)
      expect(gzip.encoding).toBe('gzip')
      expect(gunzipSync(gzip.bytes).equals(body)).toBe(true)
    }
    expect(await compressFor(req('br'), Buffer.from('{"ok":true}'))).toEqual({ encoding: 'identity', bytes: Buffer.from('{"ok":true}') })
    // With every pool thread busy, the answers made at once do not wait for it; a larger one does.
    const pool = busyPool(600)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await within(200, compressFor(req('br'), small))).toBe('done')
    expect(await within(200, compressFor(req('gzip'), edge))).toBe('done')
    const waiting = compressFor(req('br'), large)
    expect(await within(200, waiting)).toBe('waiting')
    await pool
    expect(brotliDecompressSync((await waiting).bytes).equals(large)).toBe(true)
  })
})
