import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { NotFound } from '../errors'
import { addFeatureImage, deleteFeatureImage, listFeatureImages } from './banners.server'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb.cleanup()
})

describe('listFeatureImages', () => {
  it('is empty when there are none', async () => {
    expect(await listFeatureImages(testDb.db)).toEqual([])
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
    expect(await listFeatureImages(testDb.db)).toEqual([
      { id: 'f1', image: '/uploads/a-1280.webp', position: 0 },
      { id: 'f2', image: '/uploads/b-1280.webp', position: 1 },
      { id: 'f3', image: '/uploads/c-1280.webp', position: 2 },
    ])
  })
})

describe('addFeatureImage', () => {
  it('appends each new banner after the last one', async () => {
    const first = await addFeatureImage(testDb.db, '/uploads/a-1280.webp')
    expect(first).toEqual({ id: expect.any(String), image: '/uploads/a-1280.webp', position: 0 })
    const second = await addFeatureImage(testDb.db, '/uploads/b-1280.webp')
    expect(second.position).toBe(1)
    expect(second.id).not.toBe(first.id)
    expect(await listFeatureImages(testDb.db)).toEqual([first, second])
  })

  it('goes after the highest position even when earlier ones were removed', async () => {
    await testDb.db
      .insertInto('feature_images')
      .values([
        { id: 'f1', image: '/uploads/a-1280.webp', position: 0 },
        { id: 'f5', image: '/uploads/e-1280.webp', position: 4 },
      ])
      .execute()
    const added = await addFeatureImage(testDb.db, '/uploads/f-1280.webp')
    expect(added.position).toBe(5)
    expect((await listFeatureImages(testDb.db)).map((f) => f.id)).toEqual(['f1', 'f5', added.id])
  })

  it('may add the same picture twice (two slots of the carousel)', async () => {
    await addFeatureImage(testDb.db, '/uploads/a-1280.webp')
    await addFeatureImage(testDb.db, '/uploads/a-1280.webp')
    expect((await listFeatureImages(testDb.db)).map((f) => f.position)).toEqual([0, 1])
  })
})

describe('deleteFeatureImage', () => {
  it('removes one banner and keeps the others in order', async () => {
    const a = await addFeatureImage(testDb.db, '/uploads/a-1280.webp')
    const b = await addFeatureImage(testDb.db, '/uploads/b-1280.webp')
    const c = await addFeatureImage(testDb.db, '/uploads/c-1280.webp')
    await deleteFeatureImage(testDb.db, b.id)
    expect(await listFeatureImages(testDb.db)).toEqual([a, c])
    const d = await addFeatureImage(testDb.db, '/uploads/d-1280.webp')
    expect(d.position).toBe(3)
  })

  it('is NotFound for an unknown id or a second delete', async () => {
    await expect(deleteFeatureImage(testDb.db, 'nope')).rejects.toBeInstanceOf(NotFound)
    const a = await addFeatureImage(testDb.db, '/uploads/a-1280.webp')
    await deleteFeatureImage(testDb.db, a.id)
    await expect(deleteFeatureImage(testDb.db, a.id)).rejects.toThrow('Feature image not found.')
    expect(await listFeatureImages(testDb.db)).toEqual([])
  })
})
