import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { NotFound } from '~/domain/errors'
import { addBanner, deleteBanner, listBanners } from './banners.server'

let testDb: TestDb

const NO_WORDS = { headline: '', subline: '', buttonText: '', link: '', startsAt: null, endsAt: null }

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb.cleanup()
})

describe('listBanners', () => {
  it('is empty when there are none', async () => {
    expect(await listBanners(testDb.db)).toEqual([])
  })

  it('lists the images by position', async () => {
    await testDb.db
      .insertInto('feature_images')
      .values([
        { id: 'f3', image: '/uploads/c-1280.webp', position: 2 },
        { id: 'f1', image: '/uploads/a-1280.webp', position: 0 },
        { id: 'f2', image: '/uploads/b-1280.webp', position: 1 },
      ])
      .execute()
    expect(await listBanners(testDb.db)).toEqual([
      { id: 'f1', image: '/uploads/a-1280.webp', position: 0, ...NO_WORDS },
      { id: 'f2', image: '/uploads/b-1280.webp', position: 1, ...NO_WORDS },
      { id: 'f3', image: '/uploads/c-1280.webp', position: 2, ...NO_WORDS },
    ])
  })
})

describe('addBanner', () => {
  it('appends each new banner after the last one', async () => {
    const first = await addBanner(testDb.db, '/uploads/a-1280.webp')
    expect(first).toEqual({ id: expect.any(String), image: '/uploads/a-1280.webp', position: 0, ...NO_WORDS })
    const second = await addBanner(testDb.db, '/uploads/b-1280.webp')
    expect(second.position).toBe(1)
    expect(second.id).not.toBe(first.id)
    expect(await listBanners(testDb.db)).toEqual([first, second])
  })

  it('goes after the highest position even when earlier ones were removed', async () => {
    await testDb.db
      .insertInto('feature_images')
      .values([
        { id: 'f1', image: '/uploads/a-1280.webp', position: 0 },
        { id: 'f5', image: '/uploads/e-1280.webp', position: 4 },
      ])
      .execute()
    const added = await addBanner(testDb.db, '/uploads/f-1280.webp')
    expect(added.position).toBe(5)
    expect((await listBanners(testDb.db)).map((f) => f.id)).toEqual(['f1', 'f5', added.id])
  })

  it('may add the same picture twice (two slots of the carousel)', async () => {
    await addBanner(testDb.db, '/uploads/a-1280.webp')
    await addBanner(testDb.db, '/uploads/a-1280.webp')
    expect((await listBanners(testDb.db)).map((f) => f.position)).toEqual([0, 1])
  })
})

describe('deleteBanner', () => {
  it('removes one banner and keeps the others in order', async () => {
    const a = await addBanner(testDb.db, '/uploads/a-1280.webp')
    const b = await addBanner(testDb.db, '/uploads/b-1280.webp')
    const c = await addBanner(testDb.db, '/uploads/c-1280.webp')
    await deleteBanner(testDb.db, b.id)
    expect(await listBanners(testDb.db)).toEqual([a, c])
    const d = await addBanner(testDb.db, '/uploads/d-1280.webp')
    expect(d.position).toBe(3)
  })

  it('is NotFound for an unknown id or a second delete', async () => {
    await expect(deleteBanner(testDb.db, 'nope')).rejects.toBeInstanceOf(NotFound)
    const a = await addBanner(testDb.db, '/uploads/a-1280.webp')
    await deleteBanner(testDb.db, a.id)
    await expect(deleteBanner(testDb.db, a.id)).rejects.toThrow('Feature image not found.')
    expect(await listBanners(testDb.db)).toEqual([])
  })
})
