// a first `npm start` seeds the demo shop, encoding dozens of images with sharp. That work
// once stayed in the serving process (~330 MB RSS at rest against ~135 MB after a restart); it now runs
// in a child process that exits (server/start.js `prepare`). The server is started the way npm start
// runs it (heap flags, the malloc settings of server/supervise.js) on an empty database; its RSS at rest,
// and during and after a 12-megapixel upload, must stay near the idle figure. Loose bounds: the
// regression this guards against is a 150 MB one.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { START_NODE_FLAGS, startServer, type RunningServer } from '../integration/server'

/** The bench's targets are 180 MB at rest and 260 MB peak; these leave room for a busy machine. */
const FIRST_START_MAX_MB = 200
const UPLOAD_PEAK_MAX_MB = 280
const AFTER_UPLOAD_MAX_MB = 220

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' }, { startTimeoutMs: 240_000, freshDemoArt: true, nodeArgs: START_NODE_FLAGS })
}, 300_000)
afterAll(async () => {
  await server?.stop()
})

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A 4000 x 3000 photo-like JPEG (noise, blurred): a few MB, like a phone camera's. */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .blur(1.2)
    .raw()
    .toBuffer()
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
}

it('idles near the restart figure after a first start that seeded the demo shop', async () => {
  expect(server.output()).toContain('Seeded the demo shop')
  const home = await fetch(`${server.url}/shop/home`)
  expect(home.status).toBe(200)
  expect(await home.text()).toContain('/uploads/')
  await settle(2000)
  const rss = rssMb(server.pid)
  expect(rss, `RSS after the first start: ${rss.toFixed(1)} MB`).toBeLessThan(FIRST_START_MAX_MB)
})

it('stays bounded during a 12-megapixel upload and gives most of it back', async () => {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'admin@resincraft.studio', password: 'admin12345' }),
  })
  const { token } = await login.json()
  expect(token).toEqual(expect.any(String))
  const jpeg = await twelveMegapixelJpeg()
  const form = new FormData()
  form.set('my_file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'camera.jpg')

  let peak = rssMb(server.pid)
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid))
  }, 20)
  try {
    const response = await fetch(`${server.url}/api/admin/products/upload-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(200)
    expect(body.result.url).toMatch(/^\/uploads\/[0-9a-f]+-\d+\.webp$/)
  } finally {
    clearInterval(sampler)
  }
  peak = Math.max(peak, rssMb(server.pid))
  expect(peak, `peak RSS during the upload: ${peak.toFixed(1)} MB`).toBeLessThan(UPLOAD_PEAK_MAX_MB)
  await settle(3000)
  const after = rssMb(server.pid)
  expect(after, `RSS after the upload: ${after.toFixed(1)} MB`).toBeLessThan(AFTER_UPLOAD_MAX_MB)
})
