import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { Invalid } from '../errors'
import {
  cachedStoredFile,
  deleteUnusedUploads,
  fillMissingWidths,
  MAX_UPLOAD_BYTES,
  prepareUploadedFiles,
  saveImages,
  storeDiskUploads,
  storeImage,
} from './media.server'

let root: string
let uploadsDir: string
let testDb: TestDb
let db: DB

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'shop-media-test-'))
  // Not created yet: storeImage must create it, and must not when it refuses the input.
  uploadsDir = join(root, 'uploads')
  testDb = await createTestDb()
  db = testDb.db
})

afterEach(async () => {
  rmSync(root, { recursive: true, force: true })
  await testDb.cleanup()
})

async function storedNames(): Promise<string[]> {
  return (await db.selectFrom('stored_files').select('name').orderBy('name').execute()).map((r) => r.name)
}

function png(width: number, height: number, color = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

function uploadedFiles(): string[] {
  return existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []
}

async function expectInvalid(promise: Promise<unknown>): Promise<Invalid> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Invalid)
  const invalid = error as Invalid
  expect(invalid.status).toBe(400)
  expect(invalid.errors.my_file?.[0]).toBe(invalid.message)
  return invalid
}

describe('storeImage', () => {
  it('stores a large PNG as 320, 400, 640, 800 and 1280 wide WebP files named by content hash', async () => {
    const stored = await storeImage(db, await png(1600, 900), uploadsDir)
    const match = /^\/uploads\/([a-f0-9]{32})-1280\.webp$/.exec(stored.url)
    expect(match).not.toBeNull()
    const hash = match?.[1] ?? ''
    expect(stored.width).toBe(1280)
    expect(stored.height).toBe(720)
    expect(uploadedFiles()).toEqual([
      `${hash}-1280.webp`,
      `${hash}-320.webp`,
      `${hash}-400.webp`,
      `${hash}-640.webp`,
      `${hash}-800.webp`,
    ])
    for (const [width, height] of [
      [320, 180],
      [400, 225],
      [640, 360],
      [800, 450],
      [1280, 720],
    ] as const) {
      const meta = await sharp(join(uploadsDir, `${hash}-${width}.webp`)).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.width).toBe(width)
      expect(meta.height).toBe(height)
    }
  })

  it('gives the same url for the same bytes twice and writes no extra files', async () => {
    const bytes = await png(1600, 900)
    const first = await storeImage(db, bytes, uploadsDir)
    const filesAfterFirst = uploadedFiles()
    const second = await storeImage(db, bytes, uploadsDir)
    expect(second.url).toBe(first.url)
    expect(uploadedFiles()).toEqual(filesAfterFirst)
    expect(filesAfterFirst).toHaveLength(5)
  })

  it('stores the same image uploaded several times at once without failing', async () => {
    const bytes = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#000000',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer()
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => storeImage(db, bytes, uploadsDir)))
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason))
    expect(failures).toEqual([])
    const urls = new Set(results.map((r) => (r.status === 'fulfilled' ? r.value.url : '')))
    expect(urls.size).toBe(1)
    expect(uploadedFiles()).toHaveLength(5)
    expect(uploadedFiles().filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('gives different images different urls', async () => {
    const red = await storeImage(db, await png(400, 400, { r: 255, g: 0, b: 0 }), uploadsDir)
    const blue = await storeImage(db, await png(400, 400, { r: 0, g: 0, b: 255 }), uploadsDir)
    expect(red.url).not.toBe(blue.url)
  })

  it('stores only the widths an image is large enough for, never upscaling', async () => {
    const stored = await storeImage(db, await png(700, 350), uploadsDir)
    expect(stored.url).toMatch(/^\/uploads\/[a-f0-9]{32}-640\.webp$/)
    expect(uploadedFiles()).toHaveLength(3)
    const file = join(uploadsDir, stored.url.replace('/uploads/', ''))
    const meta = await sharp(file).metadata()
    expect(meta.width).toBe(640)
    expect(meta.height).toBe(320)
  })

  it('keeps an image narrower than 320 at its own size under the 320 name', async () => {
    const stored = await storeImage(db, await png(100, 50), uploadsDir)
    expect(stored.url).toMatch(/^\/uploads\/[a-f0-9]{32}-320\.webp$/)
    expect(uploadedFiles()).toHaveLength(1)
    const meta = await sharp(join(uploadsDir, stored.url.replace('/uploads/', ''))).metadata()
    expect(meta.width).toBe(100)
    expect(meta.height).toBe(50)
  })

  it('reports the real size of the stored image for an image narrower than 320', async () => {
    const stored = await storeImage(db, await png(100, 50), uploadsDir)
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 100, height: 50 })
  })

  it('refuses bytes that are not an image and writes nothing', async () => {
    const invalid = await expectInvalid(storeImage(db, Buffer.from('hello'), uploadsDir))
    expect(invalid.message).toMatch(/not an image/)
    expect(existsSync(uploadsDir)).toBe(false)
  })

  it('refuses an image format it does not accept and writes nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')
    await expectInvalid(storeImage(db, svg, uploadsDir))
    expect(uploadedFiles()).toEqual([])
  })

  it('refuses a truncated image and writes nothing', async () => {
    const bytes = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer()
    await expectInvalid(storeImage(db, bytes.subarray(0, 200), uploadsDir))
    expect(uploadedFiles()).toEqual([])
  })

  it('refuses an empty buffer', async () => {
    const invalid = await expectInvalid(storeImage(db, Buffer.alloc(0), uploadsDir))
    expect(invalid.message).toBe('Please choose an image file.')
    expect(existsSync(uploadsDir)).toBe(false)
  })

  it('refuses a buffer over the upload size limit', async () => {
    const invalid = await expectInvalid(storeImage(db, Buffer.alloc(MAX_UPLOAD_BYTES + 1), uploadsDir))
    expect(invalid.message).toBe('Images can be at most 10 MB.')
    expect(existsSync(uploadsDir)).toBe(false)
  })

  it('auto-rotates a JPEG by its EXIF orientation and strips the metadata', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const input = await sharp(jpeg).metadata()
    expect(input.orientation).toBe(6)

    const stored = await storeImage(db, jpeg, uploadsDir)
    expect(stored.url).toMatch(/^\/uploads\/[a-f0-9]{32}-320\.webp$/)
    const meta = await sharp(join(uploadsDir, stored.url.replace('/uploads/', ''))).metadata()
    expect(meta.width).toBe(100)
    expect(meta.height).toBe(200)
    expect(meta.orientation).toBeUndefined()
    expect(meta.exif).toBeUndefined()
  })
})

/** CPU seconds (every thread of this process) that `work` takes. */
async function cpuSecondsOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage()
  await work()
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1e6
}

function file(bytes: Buffer, name: string): File {
  return new File([new Uint8Array(bytes)], name)
}

describe('bounds on what an upload may cost', () => {
  it('refuses a 40-megapixel AVIF of 1 KB from its header, without decoding it', async () => {
    const avif = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#336699' } }).avif({ effort: 0 }).toBuffer()
    expect(avif.byteLength).toBeLessThan(2000)
    let invalid: Invalid | undefined
    // Decoding it takes seconds; reading its header, milliseconds.
    const cpu = await cpuSecondsOf(async () => {
      invalid = await expectInvalid(storeImage(db, avif, uploadsDir))
    })
    expect(invalid?.message).toBe('This image has too many pixels (40 megapixels; at most 25). Please send a smaller copy.')
    expect(cpu).toBeLessThan(0.3)
    expect(existsSync(uploadsDir)).toBe(false)
  })

  it('refuses an image whose format makes it too costly to decode (a 12 MP 12-bit AVIF), saying what to send', async () => {
    const avif = await sharp({ create: { width: 4000, height: 3000, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } })
      .avif({ effort: 0, bitdepth: 12, chromaSubsampling: '4:4:4' })
      .toBuffer()
    const cpu = await cpuSecondsOf(async () => {
      const invalid = await expectInvalid(storeImage(db, avif, uploadsDir))
      expect(invalid.message).toBe('This AVIF image is too large for us to process. Please send a smaller copy, or a JPEG.')
    })
    expect(cpu).toBeLessThan(0.3)
  })

  it('counts the scans of a progressive JPEG: a thousand make it too costly, before any is decoded', async () => {
    const jpeg = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#884422' } }).jpeg({ progressive: true }).toBuffer()
    // Repeat its last scan (from its SOS marker to the EOI) a thousand times.
    const lastScan = jpeg.lastIndexOf(Buffer.from([0xff, 0xda]))
    const scan = jpeg.subarray(lastScan, jpeg.length - 2)
    const many = Buffer.concat([jpeg.subarray(0, jpeg.length - 2), ...Array.from({ length: 1000 }, () => scan), Buffer.from([0xff, 0xd9])])
    const invalid = await expectInvalid(storeImage(db, many, uploadsDir))
    expect(invalid.message).toBe('This progressive JPEG is too large for us to process. Please send a smaller copy, or a JPEG.')
    // The same picture with its own scans is taken.
    expect((await storeImage(db, jpeg, uploadsDir)).url).toMatch(/-1280\.webp$/)
  })

  it('refuses a picture too tall for its width rather than encode a huge strip', async () => {
    const strip = await png(100, 20000)
    const invalid = await expectInvalid(storeImage(db, strip, uploadsDir))
    expect(invalid.message).toBe('This image is too tall for its width. Please crop it, or send another.')
  })

  it('gives a tall picture a narrower largest width, so no stored file is over 2.5 megapixels', async () => {
    const stored = await storeImage(db, await png(1000, 3000), uploadsDir)
    expect(stored).toMatchObject({ url: expect.stringMatching(/-800\.webp$/), width: 800, height: 2400 })
  })

  it('stores a reference photo at up to 800 px, apart from the shop copy of the same bytes', async () => {
    const bytes = await png(1600, 900)
    const reference = await storeImage(db, bytes, uploadsDir, 'reference')
    expect(reference).toMatchObject({ url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-800\.webp$/), width: 800, height: 450 })
    const shop = await storeImage(db, bytes, uploadsDir)
    expect(shop.url).toMatch(/-1280\.webp$/)
    expect(shop.url.slice(0, 41)).not.toBe(reference.url.slice(0, 41))
    expect(uploadedFiles()).toHaveLength(4 + 5)
  })

  it('encodes a reference photo at least twice as fast as a shop picture', async () => {
    const noisy = async (mean: number) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#000', noise: { type: 'gaussian', mean, sigma: 40 } } })
        .png()
        .toBuffer()
    const [a, b] = [await noisy(120), await noisy(130)]
    const shop = await cpuSecondsOf(() => storeImage(db, a, uploadsDir))
    const reference = await cpuSecondsOf(() => storeImage(db, b, uploadsDir, 'reference'))
    expect(reference).toBeLessThan(shop / 2)
  })
})

describe('prepareUploadedFiles and saveImages', () => {
  it('refuses a bad file, named, before decoding any of the others, and stores nothing', async () => {
    const photos = [file(await png(900, 600), 'garland.png'), file(Buffer.from('not an image'), 'notes.png')]
    const invalid = await expectInvalid(prepareUploadedFiles(db, photos, 'reference'))
    expect(invalid.message).toBe('notes.png: This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).')
    expect(await storedNames()).toEqual([])
  })

  it('refuses photos that are too costly together, though each would pass alone', async () => {
    const progressive = (i: number) => sharp({ create: { width: 6000, height: 4000 + i, channels: 3, background: '#224466' } }).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer()
    const photos = [file(await progressive(1), 'a.jpg'), file(await progressive(2), 'b.jpg'), file(await progressive(3), 'c.jpg')]
    const invalid = await expectInvalid(prepareUploadedFiles(db, photos, 'reference'))
    expect(invalid.message).toBe('These photos are too large for us to process together. Please send fewer or smaller photos (JPEG works best).')
    expect((await prepareUploadedFiles(db, photos.slice(0, 1), 'reference'))[0]?.url).toMatch(/-800\.webp$/)
  })

  it('stores nothing until saveImages, then everything', async () => {
    const prepared = await prepareUploadedFiles(db, [file(await png(900, 600), 'a.png'), file(await png(700, 700, { r: 1, g: 2, b: 3 }), 'b.png')], 'reference')
    expect(await storedNames()).toEqual([])
    expect(uploadedFiles()).toEqual([])
    const stored = await saveImages(db, uploadsDir, prepared)
    expect(stored.map((s) => s.url)).toEqual(prepared.map((p) => p.url))
    expect(await storedNames()).toEqual(uploadedFiles())
    expect(uploadedFiles()).toHaveLength(4 + 3)
  })
})

describe('deleteUnusedUploads', () => {
  it('deletes a day-old upload nothing names, from the database and the disk, and keeps the used ones', async () => {
    const used = await storeImage(db, await png(900, 600), uploadsDir)
    const unused = await storeImage(db, await png(900, 600, { r: 9, g: 9, b: 9 }), uploadsDir)
    // A banner names the used one at its largest width; every width of it is kept.
    await db.insertInto('feature_images').values({ id: 'banner-1', image: used.url, position: 0 }).execute()
    const hashOf = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 32)

    expect(await deleteUnusedUploads(db, uploadsDir)).toBe(0)
    expect(await storedNames()).toHaveLength(8)

    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000)
    expect(await deleteUnusedUploads(db, uploadsDir, dayLater)).toBe(4)
    expect((await storedNames()).every((name) => name.startsWith(hashOf(used.url)))).toBe(true)
    expect(uploadedFiles()).toEqual(await storedNames())
    expect(uploadedFiles().some((name) => name.startsWith(hashOf(unused.url)))).toBe(false)
  })

  it("removes this disk's cached copies of files the database no longer holds (another process deleted them)", async () => {
    await storeImage(db, await png(500, 300), uploadsDir)
    const names = uploadedFiles()
    await db.deleteFrom('stored_files').execute()
    writeFileSync(join(uploadsDir, 'notes.txt'), 'not an upload')
    expect(await deleteUnusedUploads(db, uploadsDir)).toBe(0)
    expect(uploadedFiles()).toEqual([...names, 'notes.txt'].sort())
    await deleteUnusedUploads(db, uploadsDir, new Date(Date.now() + 25 * 60 * 60 * 1000))
    expect(uploadedFiles()).toEqual(['notes.txt'])
  })
})

describe('fillMissingWidths', () => {
  it('makes the widths an earlier upload lacks from its next larger file, and nothing else', async () => {
    const stored = await storeImage(db, await png(1600, 900), uploadsDir)
    const hash = /([a-f0-9]{32})-1280/.exec(stored.url)?.[1] ?? ''
    // An upload from before 400 and 800 joined the standard widths.
    rmSync(join(uploadsDir, `${hash}-400.webp`))
    rmSync(join(uploadsDir, `${hash}-800.webp`))
    // A small upload has no larger file to make widths from; other files are left alone.
    const small = await storeImage(db, await png(300, 300), uploadsDir)
    const before = uploadedFiles()

    expect(await fillMissingWidths(uploadsDir)).toBe(2)
    expect(uploadedFiles()).toEqual([...before, `${hash}-400.webp`, `${hash}-800.webp`].sort())
    for (const [width, height] of [
      [400, 225],
      [800, 450],
    ] as const) {
      const meta = await sharp(join(uploadsDir, `${hash}-${width}.webp`)).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height])
    }
    expect(small.url).toMatch(/-320\.webp$/)
    expect(await fillMissingWidths(uploadsDir)).toBe(0)
  })

  it('is a no-op for a missing directory', async () => {
    expect(await fillMissingWidths(join(root, 'nowhere'))).toBe(0)
  })
})

describe('images in the database (several processes, ADR 040)', () => {
  it('keeps every stored width in the database, byte for byte the files on disk', async () => {
    await storeImage(db, await png(900, 600), uploadsDir)
    expect(await storedNames()).toEqual(uploadedFiles())
    for (const name of uploadedFiles()) {
      const row = await db.selectFrom('stored_files').select('content').where('name', '=', name).executeTakeFirstOrThrow()
      expect(Buffer.from(row.content).equals(readFileSync(join(uploadsDir, name))), name).toBe(true)
    }
  })

  it('serves a file another process stored: missing on this disk, it is written from the database', async () => {
    const stored = await storeImage(db, await png(700, 350), uploadsDir)
    const name = stored.url.replace('/uploads/', '')
    const original = readFileSync(join(uploadsDir, name))
    // Another machine: an empty cache.
    const otherDisk = join(root, 'other-uploads')
    const file = await cachedStoredFile(db, otherDisk, name)
    expect(file).toBe(join(otherDisk, name))
    expect(readFileSync(file as string).equals(original)).toBe(true)
    // The same upload again on that machine is not encoded again: its size comes from the database.
    expect(await storeImage(db, await png(700, 350), otherDisk)).toEqual(stored)
  })

  it('answers null for names the pipeline never makes and for unknown uploads', async () => {
    for (const name of ['../shop.sqlite', 'x.webp', `${'a'.repeat(32)}-640.png`, `${'a'.repeat(32)}-640.webp`]) {
      expect(await cachedStoredFile(db, uploadsDir, name), name).toBeNull()
    }
    expect(existsSync(uploadsDir)).toBe(false)
  })

  it('stores at start the files an earlier version kept on disk only, once', async () => {
    await storeImage(db, await png(500, 300), uploadsDir)
    const names = uploadedFiles()
    await db.deleteFrom('stored_files').execute()
    writeFileSync(join(uploadsDir, 'notes.txt'), 'not an upload')
    expect(await storeDiskUploads(db, uploadsDir)).toBe(names.length)
    expect(await storedNames()).toEqual(names)
    expect(await storeDiskUploads(db, uploadsDir)).toBe(0)
    expect(await storeDiskUploads(db, join(root, 'nowhere'))).toBe(0)
  })
})
