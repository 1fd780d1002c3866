import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenForTests, type TestServer } from './listen-for-tests'
import { buildAssets } from './precompressed'

const source = `export const greeting = ${JSON.stringify('namaste '.repeat(300))}\n`
let dir: string
let server: TestServer

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shop-precompressed-'))
  writeFileSync(join(dir, 'app-Ab12.js'), source)
  writeFileSync(join(dir, 'app-Ab12.js.br'), brotliCompressSync(source))
  writeFileSync(join(dir, 'app-Ab12.js.gz'), gzipSync(source))
  writeFileSync(join(dir, 'plain-Cd34.js'), source)
  const app = express()
  app.use('/assets', buildAssets(dir))
  server = await listenForTests(app)
})

afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A raw GET (fetch would decode the body itself): status, headers and the bytes as sent. */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
    const req = request(`${server.base}${path}`, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', fail)
    req.end()
  })
}

describe('buildAssets', () => {
  it('sends the brotli file to a client that accepts br, typed and cached as the script', async () => {
    const response = await get('/assets/app-Ab12.js', 'gzip, deflate, br')
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers.vary).toMatch(/Accept-Encoding/)
    expect(response.body).toEqual(brotliCompressSync(source))
  })

  it('sends the gzip file to a client without brotli, and the plain file to one without either', async () => {
    const gzip = await get('/assets/app-Ab12.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.body).toEqual(gzipSync(source))
    const plain = await get('/assets/app-Ab12.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(source)
  })

  it('sends a file without compressed copies as it is; unknown, absurd and escaping names are refused', async () => {
    const plain = await get('/assets/plain-Cd34.js', 'br')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(source)
    expect((await get('/assets/missing-Ef56.js', 'br')).status).toBe(404)
    expect((await get(`/assets/${'x'.repeat(16_000)}.js`, 'br, gzip')).status).toBe(404)
    const escaping = await get('/assets/..%2Fapp-Ab12.js', 'br')
    expect(escaping.status).toBe(403)
    expect(escaping.body.toString()).not.toContain('namaste')
  })

  it('knows the compressed copies from when it was created: a copy written later is not looked for', async () => {
    writeFileSync(join(dir, 'plain-Cd34.js.br'), brotliCompressSync(source))
    const later = await get('/assets/plain-Cd34.js', 'br')
    expect(later.headers['content-encoding']).toBeUndefined()
    expect(later.body.toString()).toBe(source)
  })
})
