import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DB } from '../../../db/database'
import { avif, imageInfo, jpeg, noisyPng, png, scratchDir } from '../../../tests/helpers/images'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { createImageStore } from '~/infra/images/image-store.server'
import { MAX_UPLOAD_BYTES } from '~/lib/images'
import { Invalid } from '~/domain/errors'
import type { ImageStore } from './image-store'
import { cachedStoredFile, deleteUnusedUploads, fillMissingWidths, prepareUploadedFiles, saveImages, storeDiskUploads, storeImage } from './media.server'

let scratch: ReturnType<typeof scratchDir>
let store: ImageStore
let testDb: TestDb
let db: DB

beforeEach(async () => {
  scratch = scratchDir('shop-media-test-')
  // Not created yet: storing an image must create it, and must not when it refuses the input.
  store = createImageStore(scratch.path('uploads'))
  testDb = await createTestDb()
  db = testDb.db
})

afterEach(async () => {
  scratch.cleanup()
  await testDb.cleanup()
})

async function storedNames(): Promise<string[]> {
  return (await db.selectFrom('stored_files').select('name').orderBy('name').execute()).map((r) => r.name)
}

/** The files in the store's cache, sorted. */
async function uploadedFiles(): Promise<string[]> {
  return (await store.names()).sort()
}

async function cachedInfo(url: string) {
  return imageInfo(await store.read(url.replace('/uploads/', '')))
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
    const stored = await storeImage(db, store, await png(1600, 900))
    const match = /^\/uploads\/([a-f0-9]{32})-1280\.webp$/.exec(stored.url)
    expect(match).not.toBeNull()
    const hash = match?.[1] ?? ''
    expect(stored.width).toBe(1280)
    expect(stored.height).toBe(720)
    expect(await uploadedFiles()).toEqual([`${hash}-1280.webp`, `${hash}-320.webp`, `${hash}-400.webp`, `${hash}-640.webp`, `${hash}-800.webp`])
    for (const [width, height] of [
      [320, 180],
      [400, 225],
      [640, 360],
      [800, 450],
      [1280, 720],
    ] as const) {
      expect(await cachedInfo(`/uploads/${hash}-${width}.webp`)).toMatchObject({ format: 'webp', width, height })
    }
  })

  it('gives the same url for the same bytes twice and writes no extra files', async () => {
    const bytes = await png(1600, 900)
    const first = await storeImage(db, store, bytes)
    const filesAfterFirst = await uploadedFiles()
    const second = await storeImage(db, store, bytes)
    expect(second.url).toBe(first.url)
    expect(await uploadedFiles()).toEqual(filesAfterFirst)
    expect(filesAfterFirst).toHaveLength(5)
  })

  it('stores the same image uploaded several times at once without failing', async () => {
    const bytes = await noisyPng(1400, 1000)
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => storeImage(db, store, bytes)))
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason))
    expect(failures).toEqual([])
    const urls = new Set(results.map((r) => (r.status === 'fulfilled' ? r.value.url : '')))
    expect(urls.size).toBe(1)
    expect(await uploadedFiles()).toHaveLength(5)
    expect((await uploadedFiles()).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('gives different images different urls', async () => {
    const red = await storeImage(db, store, await png(400, 400, { r: 255, g: 0, b: 0 }))
    const blue = await storeImage(db, store, await png(400, 400, { r: 0, g: 0, b: 255 }))
    expect(red.url).not.toBe(blue.url)
  })

  it('stores only the widths an image is large enough for, never upscaling', async () => {
    const stored = await storeImage(db, store, await png(700, 350))
    expect(stored.url).toMatch(/^\/uploads\/[a-f0-9]{32}-640\.webp$/)
    expect(await uploadedFiles()).toHaveLength(3)
    expect(await cachedInfo(stored.url)).toMatchObject({ width: 640, height: 320 })
  })

  it('keeps an image narrower than 320 at its own size under the 320 name, and says that size', async () => {
    const stored = await storeImage(db, store, await png(100, 50))
    expect(stored.url).toMatch(/^\/uploads\/[a-f0-9]{32}-320\.webp$/)
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 100, height: 50 })
    expect(await uploadedFiles()).toHaveLength(1)
    expect(await cachedInfo(stored.url)).toMatchObject({ width: 100, height: 50 })
  })

  it('refuses bytes that are not an image and writes nothing', async () => {
    const invalid = await expectInvalid(storeImage(db, store, Buffer.from('hello')))
    expect(invalid.message).toMatch(/not an image/)
    expect(scratch.exists('uploads')).toBe(false)
  })

  it('refuses an image format it does not accept and writes nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')
    await expectInvalid(storeImage(db, store, svg))
    expect(await uploadedFiles()).toEqual([])
  })

  it('refuses a truncated image and writes nothing', async () => {
    const bytes = await jpeg(600, 600, { color: '#336699' })
    await expectInvalid(storeImage(db, store, bytes.subarray(0, 200)))
    expect(await uploadedFiles()).toEqual([])
  })

  it('refuses an empty buffer', async () => {
    const invalid = await expectInvalid(storeImage(db, store, Buffer.alloc(0)))
    expect(invalid.message).toBe('Please choose an image file.')
    expect(scratch.exists('uploads')).toBe(false)
  })

  it('refuses a buffer over the upload size limit', async () => {
    const invalid = await expectInvalid(storeImage(db, store, Buffer.alloc(MAX_UPLOAD_BYTES + 1)))
    expect(invalid.message).toBe('Images can be at most 10 MB.')
    expect(scratch.exists('uploads')).toBe(false)
  })

  it('stores a JPEG turned by its EXIF orientation at its upright size', async () => {
    const stored = await storeImage(db, store, await jpeg(200, 100, { orientation: 6 }))
    expect(stored).toMatchObject({ url: expect.stringMatching(/-320\.webp$/), width: 100, height: 200 })
  })
})

describe('bounds on what an upload may cost', () => {
  it('refuses a 40-megapixel AVIF of 1 KB from its header, never decoding it', async () => {
    const bytes = await avif(8000, 5000)
    expect(bytes.byteLength).toBeLessThan(2000)
    const encode = vi.spyOn(store, 'encode')
    const invalid = await expectInvalid(storeImage(db, store, bytes))
    expect(invalid.message).toBe('This image has too many pixels (40 megapixels; at most 25). Please send a smaller copy.')
    expect(encode).not.toHaveBeenCalled()
    expect(scratch.exists('uploads')).toBe(false)
  })

  it('refuses an image whose format makes it too costly to decode (a 12 MP 12-bit AVIF), saying what to send', async () => {
    const bytes = await avif(4000, 3000, { bitdepth: 12, alpha: true })
    const encode = vi.spyOn(store, 'encode')
    const invalid = await expectInvalid(storeImage(db, store, bytes))
    expect(invalid.message).toBe('This AVIF image is too large for us to process. Please send a smaller copy, or a JPEG.')
    expect(encode).not.toHaveBeenCalled()
  })

  it('counts the scans of a progressive JPEG: a thousand make it too costly, before any is decoded', async () => {
    const bytes = await jpeg(6000, 4000, { progressive: true })
    // Repeat its last scan (from its SOS marker to the EOI) a thousand times.
    const lastScan = bytes.lastIndexOf(Buffer.from([0xff, 0xda]))
    const scan = bytes.subarray(lastScan, bytes.length - 2)
    const many = Buffer.concat([bytes.subarray(0, bytes.length - 2), ...Array.from({ length: 1000 }, () => scan), Buffer.from([0xff, 0xd9])])
    const invalid = await expectInvalid(storeImage(db, store, many))
    expect(invalid.message).toBe('This progressive JPEG is too large for us to process. Please send a smaller copy, or a JPEG.')
    // The same picture with its own scans is taken.
    expect((await storeImage(db, store, bytes)).url).toMatch(/-1280\.webp$/)
  })

  it('refuses a picture too tall for its width rather than encode a huge strip', async () => {
    const invalid = await expectInvalid(storeImage(db, store, await png(100, 20000)))
    expect(invalid.message).toBe('This image is too tall for its width. Please crop it, or send another.')
  })

  it('gives a tall picture a narrower largest width, so no stored file is over 2.5 megapixels', async () => {
    const stored = await storeImage(db, store, await png(1000, 3000))
    expect(stored).toMatchObject({ url: expect.stringMatching(/-800\.webp$/), width: 800, height: 2400 })
  })

  it('stores a reference photo at up to 800 px, apart from the shop copy of the same bytes', async () => {
    const bytes = await png(1600, 900)
    const reference = await storeImage(db, store, bytes, 'reference')
    expect(reference).toMatchObject({ url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-800\.webp$/), width: 800, height: 450 })
    const shop = await storeImage(db, store, bytes)
    expect(shop.url).toMatch(/-1280\.webp$/)
    expect(shop.url.slice(0, 41)).not.toBe(reference.url.slice(0, 41))
    expect(await uploadedFiles()).toHaveLength(4 + 5)
  })

  it('encodes a reference photo with the cheapest effort, a shop picture with more', async () => {
    const encode = vi.spyOn(store, 'encode')
    await storeImage(db, store, await png(900, 600), 'reference')
    await storeImage(db, store, await png(900, 600, { r: 1, g: 2, b: 3 }))
    expect(encode.mock.calls.map(([, job]) => job.webp)).toEqual([
      { quality: 65, effort: 0 },
      { quality: 65, effort: 4 },
    ])
  })
})

function file(bytes: Buffer, name: string): File {
  return new File([new Uint8Array(bytes)], name)
}

describe('prepareUploadedFiles and saveImages', () => {
  it('refuses a bad file, named, before decoding any of the others, and stores nothing', async () => {
    const photos = [file(await png(900, 600), 'garland.png'), file(Buffer.from('not an image'), 'notes.png')]
    const encode = vi.spyOn(store, 'encode')
    const invalid = await expectInvalid(prepareUploadedFiles(db, store, photos, 'reference'))
    expect(invalid.message).toBe('notes.png: This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).')
    expect(encode).not.toHaveBeenCalled()
    expect(await storedNames()).toEqual([])
  })

  it('refuses photos that are too costly together, though each would pass alone', async () => {
    const progressive = (i: number) => jpeg(6000, 4000 + i, { color: '#224466', progressive: true, chromaSubsampling: '4:4:4' })
    const photos = [file(await progressive(1), 'a.jpg'), file(await progressive(2), 'b.jpg'), file(await progressive(3), 'c.jpg')]
    const invalid = await expectInvalid(prepareUploadedFiles(db, store, photos, 'reference'))
    expect(invalid.message).toBe('These photos are too large for us to process together. Please send fewer or smaller photos (JPEG works best).')
    expect((await prepareUploadedFiles(db, store, photos.slice(0, 1), 'reference'))[0]?.url).toMatch(/-800\.webp$/)
  })

  it('stores nothing until saveImages, then everything', async () => {
    const prepared = await prepareUploadedFiles(db, store, [file(await png(900, 600), 'a.png'), file(await png(700, 700, { r: 1, g: 2, b: 3 }), 'b.png')], 'reference')
    expect(await storedNames()).toEqual([])
    expect(await uploadedFiles()).toEqual([])
    const stored = await saveImages(db, store, prepared)
    expect(stored.map((s) => s.url)).toEqual(prepared.map((p) => p.url))
    expect(await storedNames()).toEqual(await uploadedFiles())
    expect(await uploadedFiles()).toHaveLength(4 + 3)
  })
})

const notes = { name: 'notes.txt', content: Buffer.from('not an upload') }

describe('deleteUnusedUploads', () => {
  it('deletes a day-old upload nothing names, from the database and the cache, and keeps the used ones', async () => {
    const used = await storeImage(db, store, await png(900, 600))
    const unused = await storeImage(db, store, await png(900, 600, { r: 9, g: 9, b: 9 }))
    // A banner names the used one at its largest width; every width of it is kept.
    await db.insertInto('feature_images').values({ id: 'banner-1', image: used.url, position: 0 }).execute()
    const hashOf = (url: string) => url.slice('/uploads/'.length, '/uploads/'.length + 32)

    expect(await deleteUnusedUploads(db, store)).toBe(0)
    expect(await storedNames()).toHaveLength(8)

    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000)
    expect(await deleteUnusedUploads(db, store, dayLater)).toBe(4)
    expect((await storedNames()).every((name) => name.startsWith(hashOf(used.url)))).toBe(true)
    expect(await uploadedFiles()).toEqual(await storedNames())
    expect((await uploadedFiles()).some((name) => name.startsWith(hashOf(unused.url)))).toBe(false)
  })

  it("removes this process's cached copies of files the database no longer holds (another process deleted them)", async () => {
    await storeImage(db, store, await png(500, 300))
    const names = await uploadedFiles()
    await db.deleteFrom('stored_files').execute()
    await store.write([notes])
    expect(await deleteUnusedUploads(db, store)).toBe(0)
    expect(await uploadedFiles()).toEqual([...names, 'notes.txt'].sort())
    await deleteUnusedUploads(db, store, new Date(Date.now() + 25 * 60 * 60 * 1000))
    expect(await uploadedFiles()).toEqual(['notes.txt'])
  })
})

describe('fillMissingWidths', () => {
  it('makes the widths an earlier upload lacks from its next larger file, and nothing else', async () => {
    const stored = await storeImage(db, store, await png(1600, 900))
    const hash = /([a-f0-9]{32})-1280/.exec(stored.url)?.[1] ?? ''
    // An upload from before 400 and 800 joined the standard widths.
    await store.remove(`${hash}-400.webp`)
    await store.remove(`${hash}-800.webp`)
    // A small upload has no larger file to make widths from; other files are left alone.
    const small = await storeImage(db, store, await png(300, 300))
    const before = await uploadedFiles()

    expect(await fillMissingWidths(store)).toBe(2)
    expect(await uploadedFiles()).toEqual([...before, `${hash}-400.webp`, `${hash}-800.webp`].sort())
    for (const [width, height] of [
      [400, 225],
      [800, 450],
    ] as const) {
      expect(await cachedInfo(`/uploads/${hash}-${width}.webp`)).toMatchObject({ format: 'webp', width, height })
    }
    expect(small.url).toMatch(/-320\.webp$/)
    expect(await fillMissingWidths(store)).toBe(0)
  })

  it('is a no-op for a missing directory', async () => {
    expect(await fillMissingWidths(createImageStore(scratch.path('nowhere')))).toBe(0)
  })
})

describe('images in the database (several processes, ADR 040)', () => {
  it('keeps every stored width in the database, byte for byte the cached files', async () => {
    await storeImage(db, store, await png(900, 600))
    expect(await storedNames()).toEqual(await uploadedFiles())
    for (const name of await uploadedFiles()) {
      const row = await db.selectFrom('stored_files').select('content').where('name', '=', name).executeTakeFirstOrThrow()
      expect(Buffer.from(row.content).equals(await store.read(name)), name).toBe(true)
    }
  })

  it('serves a file another process stored: missing in this cache, it is written from the database', async () => {
    const stored = await storeImage(db, store, await png(700, 350))
    const name = stored.url.replace('/uploads/', '')
    const original = await store.read(name)
    // Another machine: an empty cache.
    const otherStore = createImageStore(scratch.path('other-uploads'))
    const encode = vi.spyOn(otherStore, 'encode')
    const file = await cachedStoredFile(db, otherStore, name)
    expect(file).toBe(scratch.path(`other-uploads/${name}`))
    expect((await otherStore.read(name)).equals(original)).toBe(true)
    // The same upload again on that machine is not encoded again: its size comes from the database.
    expect(await storeImage(db, otherStore, await png(700, 350))).toEqual(stored)
    expect(encode).not.toHaveBeenCalled()
  })

  it('answers null for names the pipeline never makes and for unknown uploads', async () => {
    for (const name of ['../shop.sqlite', 'x.webp', `${'a'.repeat(32)}-640.png`, `${'a'.repeat(32)}-640.webp`]) {
      expect(await cachedStoredFile(db, store, name), name).toBeNull()
    }
    expect(scratch.exists('uploads')).toBe(false)
  })

  it('stores at start the files an earlier version kept in the cache only, once', async () => {
    await storeImage(db, store, await png(500, 300))
    const names = await uploadedFiles()
    await db.deleteFrom('stored_files').execute()
    await store.write([notes])
    expect(await storeDiskUploads(db, store)).toBe(names.length)
    expect(await storedNames()).toEqual(names)
    expect(await storeDiskUploads(db, store)).toBe(0)
    expect(await storeDiskUploads(db, createImageStore(scratch.path('nowhere')))).toBe(0)
  })

  it('reuses files an earlier version cached without encoding them again', async () => {
    const bytes = await png(700, 350)
    const stored = await storeImage(db, store, bytes)
    await db.deleteFrom('stored_files').execute()
    const encode = vi.spyOn(store, 'encode')
    expect(await storeImage(db, store, bytes)).toEqual(stored)
    expect(encode).not.toHaveBeenCalled()
    expect(await storedNames()).toEqual(await uploadedFiles())
  })
})
