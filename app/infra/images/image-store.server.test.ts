// The sharp + disk image store on its own: what it reads from a header, how it encodes, and its cache.
// The rules that use it (limits, widths, names, stored_files) are tested in app/domain/catalog.
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { avif, imageInfo, jpeg, noisyPng, png, scratchDir } from '../../../tests/helpers/images'
import { jpegScans } from './decode-cost.server'
import { createImageStore } from './image-store.server'

let scratch: ReturnType<typeof scratchDir>
let store: ReturnType<typeof createImageStore>

beforeEach(() => {
  scratch = scratchDir('shop-image-store-test-')
  store = createImageStore(scratch.path('uploads'))
})

afterEach(() => scratch.cleanup())

/** A job for the widths; names are content hashes, so a different picture takes a different `hash`. */
const job = (widths: number[], effort = 4, hash = 'a'.repeat(32)) => ({
  widths,
  names: widths.map((w) => `${hash}-${w}.webp`),
  webp: { quality: 65, effort },
  maxInputPixels: 25_000_000,
})

/** CPU seconds (every thread of this process) that `work` takes. */
async function cpuSecondsOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage()
  await work()
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1e6
}

describe('readHeader', () => {
  it('reads format, size and orientation from the header', async () => {
    expect(await store.readHeader(await jpeg(200, 100, { orientation: 6 }))).toMatchObject({ format: 'jpeg', width: 200, height: 100, orientation: 6 })
    expect(await store.readHeader(await png(30, 20))).toMatchObject({ format: 'png', width: 30, height: 20, orientation: 1 })
    expect(await store.readHeader(await avif(64, 64))).toMatchObject({ format: 'heif', compression: 'av1' })
  })

  it('answers null for bytes it cannot read', async () => {
    expect(await store.readHeader(Buffer.from('hello'))).toBeNull()
    expect(await store.readHeader((await jpeg(600, 600)).subarray(0, 10))).toBeNull()
  })

  it("estimates decoding from the header: an AVIF's whole picture held, a baseline JPEG streamed", async () => {
    const deep = await store.readHeader(await avif(4000, 3000, { bitdepth: 12, alpha: true }))
    expect(deep?.decode).toMatchObject({ label: 'AVIF image', heldBytes: 4000 * 3000 * 28 })
    expect(deep?.decode.ms).toBeGreaterThan(1200)
    const baseline = await store.readHeader(await jpeg(4000, 3000))
    expect(baseline?.decode).toMatchObject({ label: 'JPEG', heldBytes: 0 })
    expect(baseline?.decode.ms).toBeLessThan(deep?.decode.ms ?? 0)
  })

  it('counts the scans of a progressive JPEG, which cost a pass over every pixel each', async () => {
    const bytes = await jpeg(300, 200, { progressive: true })
    const scans = jpegScans(bytes)
    expect(scans).toBeGreaterThan(1)
    expect(jpegScans(await jpeg(300, 200))).toBe(1)
    const lastScan = bytes.lastIndexOf(Buffer.from([0xff, 0xda]))
    const again = Buffer.concat([bytes.subarray(0, bytes.length - 2), bytes.subarray(lastScan, bytes.length - 2), Buffer.from([0xff, 0xd9])])
    expect(jpegScans(again)).toBe(scans + 1)
  })
})

describe('encode', () => {
  it('decodes once and writes each width as WebP, never upscaling', async () => {
    const encoded = await store.encode(await png(700, 350), job([320, 400, 640]))
    expect(encoded).toMatchObject({ width: 640, height: 320 })
    expect(encoded.files.map((f) => f.name)).toEqual(job([320, 400, 640]).names)
    expect(await Promise.all(encoded.files.map((f) => imageInfo(f.content)))).toMatchObject([
      { format: 'webp', width: 320, height: 160 },
      { format: 'webp', width: 400, height: 200 },
      { format: 'webp', width: 640, height: 320 },
    ])
  })

  it('turns a JPEG upright by its EXIF orientation and drops the metadata', async () => {
    const encoded = await store.encode(await jpeg(200, 100, { orientation: 6 }), job([320]))
    const info = await imageInfo(encoded.files[0]?.content as Buffer)
    expect(info).toMatchObject({ width: 100, height: 200, orientation: undefined, hasExif: false })
  })

  it('does the same job asked for twice at once only once', async () => {
    const bytes = await png(400, 300)
    const [first, second] = [store.encode(bytes, job([320])), store.encode(bytes, job([320]))]
    expect(second).toBe(first)
    await first
    // Once done, the same job is a new one.
    const third = store.encode(bytes, job([320]))
    expect(third).not.toBe(first)
    await third
  })

  it('rejects what it cannot decode', async () => {
    await expect(store.encode(Buffer.from('hello'), job([320], 4, 'b'.repeat(32)))).rejects.toThrow()
  })

  it("encodes a reference photo's widths at effort 0 at least twice as fast as a shop picture's at effort 4", async () => {
    const [a, b] = [await noisyPng(1600, 1200, 120, 40), await noisyPng(1600, 1200, 130, 40)]
    const shop = await cpuSecondsOf(() => store.encode(a, job([320, 400, 640, 800, 1280], 4, 'c'.repeat(32))))
    const reference = await cpuSecondsOf(() => store.encode(b, job([320, 400, 640, 800], 0, 'd'.repeat(32))))
    expect(reference).toBeLessThan(shop / 2)
  })

  it('sizes and narrows an encoded image', async () => {
    const wide = (await store.encode(await png(1000, 500), job([800]))).files[0]?.content as Buffer
    expect(await store.sizeOf(wide)).toEqual({ width: 800, height: 400 })
    expect(await store.sizeOf(await store.resize(wide, 400, { quality: 65, effort: 4 }))).toEqual({ width: 400, height: 200 })
  })
})

describe('the cache', () => {
  const file = (name: string, text: string) => ({ name, content: Buffer.from(text) })

  it('is empty, and not created, until something is written', async () => {
    expect(await store.names()).toEqual([])
    expect(await store.pathOf('a.webp')).toBeNull()
    expect(await store.modifiedAt('a.webp')).toBeNull()
    expect(scratch.exists('uploads')).toBe(false)
  })

  it('writes whole files, keeps the first bytes of a name, and removes', async () => {
    await store.write([file('a.webp', 'first'), file('b.webp', 'bee')])
    await store.write([file('a.webp', 'second')])
    expect((await store.names()).sort()).toEqual(['a.webp', 'b.webp'])
    expect((await store.read('a.webp')).toString()).toBe('first')
    expect(await store.pathOf('a.webp')).toBe(scratch.path('uploads/a.webp'))
    expect(await store.modifiedAt('a.webp')).toBeInstanceOf(Date)
    await store.remove('a.webp')
    expect(await store.names()).toEqual(['b.webp'])
  })

  it('reads a file written by sharp as it was written', async () => {
    const content = await sharp(await png(10, 10)).webp().toBuffer()
    await store.write([{ name: 'c.webp', content }])
    expect((await store.read('c.webp')).equals(content)).toBe(true)
  })
})
