import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import { listFeatureImages } from './features.server'

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
