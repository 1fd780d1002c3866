// What an anonymous custom-order post can make the server spend: the finding's
// attack (two 40-megapixel AVIFs of about 1 KB and a text file renamed .png), the costliest photos
// the limits let through, and four heavy posts at once. The server's own CPU time (utime + stime
// from /proc/<pid>/stat, every thread) and its peak RSS (VmHWM, reset through clear_refs) are read
// around each post: at most 1 s and 300 MB each, while a listing page and a login stay quick.
import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indiaDay } from '../../app/lib/dates'
import { statFields } from '../helpers/proc-stat'
import { ADMIN, ADMIN_ENV } from '../helpers/shop-client'
import { type RunningServer, startServer } from '../integration/server'

const MAX_CPU_SECONDS = 1
const MAX_MEMORY_MB = 300
const NEEDED_BY = indiaDay(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000))
/** Linux's USER_HZ: the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100

let server: RunningServer
let sender = 0

beforeAll(async () => {
  server = await startServer(ADMIN_ENV)
}, 180_000)
afterAll(async () => {
  await server?.stop()
})

function cpuSeconds(pid: number): number {
  const fields = statFields(pid)
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  return kb / 1024
}

/** Runs `work` and answers what the server spent on it: CPU seconds and peak RSS above the RSS before. */
async function measure<T>(work: () => Promise<T>): Promise<{ result: T; cpu: number; memory: number }> {
  const pid = server.pid
  // 5 resets the peak RSS (VmHWM) to the current RSS; where that is not allowed, sample instead.
  let sampled = 0
  let sampler: NodeJS.Timeout | undefined
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    sampler = setInterval(() => {
      sampled = Math.max(sampled, memoryMb(pid, 'VmRSS'))
    }, 5)
  }
  const rss = memoryMb(pid, 'VmRSS')
  const cpu = cpuSeconds(pid)
  try {
    const result = await work()
    const peak = sampler ? Math.max(sampled, memoryMb(pid, 'VmRSS')) : memoryMb(pid, 'VmHWM')
    return { result, cpu: cpuSeconds(pid) - cpu, memory: peak - rss }
  } finally {
    clearInterval(sampler)
  }
}

interface Photo {
  name: string
  bytes: Buffer
}

/** One custom-order post with the given photos, from its own address and email (the spam limits stay out of the way). */
async function post(photos: Photo[]): Promise<{ status: number; text: string }> {
  sender++
  const form = new FormData()
  const fields = {
    name: 'Meera Iyer',
    phone: '98450 12345',
    email: `cost${sender}@example.com`,
    description: 'A pendant with the jasmine from our wedding garland.',
    occasion: 'Anniversary',
    budget: '2500',
    neededBy: NEEDED_BY,
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const photo of photos) form.append('photos', new Blob([new Uint8Array(photo.bytes)]), photo.name)
  const response = await fetch(`${server.url}/shop/custom-order`, {
    method: 'POST',
    body: form,
    headers: { Origin: server.url, 'X-Forwarded-For': `198.51.${Math.floor(sender / 250)}.${(sender % 250) + 1}` },
    redirect: 'manual',
  })
  return { status: response.status, text: await response.text() }
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 120, b: 40, alpha: 0.5 } } })

/** Gaussian noise: the costliest content to encode, and (as JPEG, AVIF or WebP) to decode byte for byte. */
const noise = (width: number, height: number, seedColour = 128) =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: seedColour, sigma: 60 } } })

/** Three 12-megapixel phone photos (4032 x 3024): smooth detail rather than noise, about 3 MB each. */
async function phonePhotos(): Promise<Photo[]> {
  const raw = await noise(4032, 3024).raw().toBuffer()
  const smooth = await sharp(raw, { raw: { width: 4032, height: 3024, channels: 3 } }).blur(1.2).raw().toBuffer()
  return Promise.all([86, 88, 90].map(async (quality, i) => ({ name: `phone${i}.jpg`, bytes: await sharp(smooth, { raw: { width: 4032, height: 3024, channels: 3 } }).jpeg({ quality }).toBuffer() })))
}

let variants = 0
/** The same AVIF with an empty box of its own at the end: other bytes (no upload is shared), the same pixels. */
function avifVariant(avif: Buffer): Buffer {
  const free = Buffer.alloc(12)
  free.writeUInt32BE(12, 0)
  free.write('free', 4, 'latin1')
  free.writeUInt32BE(++variants, 8)
  return Buffer.concat([avif, free])
}

let bigAvif: Promise<Buffer> | undefined
/** The finding's post: two 8000 x 5000 AVIFs of about 1.2 KB each and a text file renamed .png. */
async function findingsAttack(): Promise<Photo[]> {
  // Encoding 40 MP takes seconds: once.
  bigAvif ??= solid(8000, 5000).avif({ effort: 0 }).toBuffer()
  const avif = await bigAvif
  return [
    { name: 'one.avif', bytes: avifVariant(avif) },
    { name: 'two.avif', bytes: avifVariant(avif) },
    { name: 'notes.png', bytes: Buffer.from('these are not the pixels you are looking for') },
  ]
}

describe('an anonymous custom-order post costs at most 1 s of CPU and 300 MB', () => {
  beforeAll(async () => {
    // The first post compiles the route and loads what it needs: not part of any figure below.
    const warm = await post([{ name: 'warm.png', bytes: await solid(900, 600).png().toBuffer() }])
    expect(warm.status, warm.text.slice(0, 300)).toBe(302)
  })

  it("refuses the finding's attack (two 40 MP AVIFs of 1 KB and a text file renamed .png) without decoding it", async () => {
    const photos = await findingsAttack()
    expect(photos[0]?.bytes.byteLength).toBeLessThan(2_000)
    const { result, cpu, memory } = await measure(() => post(photos))
    console.log(`UPLOAD COST: the finding's attack: ${cpu.toFixed(2)} s CPU, ${memory.toFixed(0)} MB, answer ${result.status}`)
    expect(result.status).toBe(400)
    expect(cpu).toBeLessThan(MAX_CPU_SECONDS)
    expect(memory).toBeLessThan(MAX_MEMORY_MB)
  })

  it('keeps the costliest photos the limits let through under the bounds, accepted or refused', async () => {
    const three = async (name: string, make: (i: number) => Promise<Buffer>) =>
      Promise.all([1, 2, 3].map(async (i) => ({ name: `${name}${i}`, bytes: await make(i) })))
    const cases: [string, () => Promise<Photo[]>][] = [
      ['three 12 MP phone photos', phonePhotos],
      ['three solid 25 MP PNGs', () => three('flat.png', (i) => solid(6000, 4160 + i).png().toBuffer())],
      ['three noisy 1 MP WebPs', () => three('noisy.webp', (i) => noise(1280, 800, 100 + i).webp({ quality: 100 }).toBuffer())],
      ['three progressive 25 MP JPEGs', () => three('prog.jpg', (i) => solid(6000, 4160 + i).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer())],
      [
        'three noisy 3 MP AVIFs',
        async () => {
          const avif = await noise(2000, 1500).avif({ quality: 70, effort: 0 }).toBuffer()
          return [1, 2, 3].map((i) => ({ name: `noisy${i}.avif`, bytes: avifVariant(avif) }))
        },
      ],
      ['a 16-bit interlaced 25 MP PNG', async () => [{ name: 'deep.png', bytes: await solid(6000, 4160, 4).toColourspace('rgb16').png({ progressive: true }).toBuffer() }]],
      ['a 40 MP solid PNG', async () => [{ name: 'huge.png', bytes: await solid(8000, 5000).png().toBuffer() }]],
      ['an 8 MP 12-bit AVIF', async () => [{ name: 'deep.avif', bytes: await solid(3500, 2400, 4).avif({ effort: 0, bitdepth: 12, chromaSubsampling: '4:4:4' }).toBuffer() }]],
    ]
    const lines: string[] = []
    const failures: string[] = []
    for (const [label, make] of cases) {
      const photos = await make()
      const bytes = photos.reduce((sum, p) => sum + p.bytes.byteLength, 0)
      const { result, cpu, memory } = await measure(() => post(photos))
      lines.push(`${label} (${(bytes / 1048576).toFixed(1)} MB): ${cpu.toFixed(2)} s CPU, ${memory.toFixed(0)} MB, answer ${result.status}`)
      if (result.status !== 302 && result.status !== 400) failures.push(`${label}: answer ${result.status} ${result.text.slice(0, 200)}`)
      if (cpu >= MAX_CPU_SECONDS) failures.push(`${label}: ${cpu.toFixed(2)} s of CPU`)
      if (memory >= MAX_MEMORY_MB) failures.push(`${label}: ${memory.toFixed(0)} MB`)
      if (make === phonePhotos && result.status !== 302) failures.push(`${label}: refused (${result.status}), a shopper's ordinary photos`)
    }
    console.log(`UPLOAD COST:\n  ${lines.join('\n  ')}`)
    expect(failures).toEqual([])
  }, 240_000)

  it('answers a listing page and a login quickly while four heavy posts arrive at once', async () => {
    // Two of the finding's attacks and two posts of three solid 25 MP PNGs (what the limits let through).
    const pngs = (i: number) => Promise.all([1, 2, 3].map(async (j) => ({ name: `p${i}${j}.png`, bytes: await solid(6000, 4100 + i * 10 + j).png().toBuffer() })))
    const heavy: Photo[][] = [await findingsAttack(), await findingsAttack(), await pngs(1), await pngs(2)]
    const timed = async (work: () => Promise<Response>) => {
      const started = performance.now()
      const response = await work()
      await response.arrayBuffer()
      return { status: response.status, ms: performance.now() - started }
    }
    const { result, cpu, memory } = await measure(async () => {
      const posts = Promise.all(heavy.map((photos) => post(photos)))
      // Let the posts arrive and start their work first.
      await new Promise((resolve) => setTimeout(resolve, 150))
      // An unknown cookie keeps the page cache out of it: the page is rendered.
      const listing = await timed(() => fetch(`${server.url}/shop/listing`, { headers: { Cookie: 'upload-cost=1' } }))
      const login = await timed(() =>
        fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.url },
          body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
        }),
      )
      return { listing, login, posts: (await posts).map((p) => p.status) }
    })
    console.log(
      `UPLOAD COST: four heavy posts at once: ${cpu.toFixed(2)} s CPU in all, peak ${memory.toFixed(0)} MB above the start; ` +
        `listing ${result.listing.ms.toFixed(0)} ms, login ${result.login.ms.toFixed(0)} ms; answers ${result.posts.join(', ')}`,
    )
    expect(result.listing.status).toBe(200)
    expect(result.login.status).toBe(200)
    expect(result.listing.ms).toBeLessThan(1000)
    expect(result.login.ms).toBeLessThan(1000)
    expect(memory).toBeLessThan(MAX_MEMORY_MB)
  }, 120_000)
})
