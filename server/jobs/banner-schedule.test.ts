// A banner's start or end drops the kept pages though nothing was written (ADR 074).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addBanner } from '~/domain/catalog/banners.server'
import { changedSince, shopGeneration } from '~/infra/shop-writes.server'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import { checkBannerScheduleOnce } from './banner-schedule'
import { insertOffer } from '../../tests/helpers/offer-fixtures'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb.cleanup()
})

const details = { headline: 'Diwali', subline: '', buttonText: '', link: '', startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-10T00:00:00.000Z' }

describe('checkBannerScheduleOnce', () => {
  it('drops the kept pages when a banner starts or ends in the stretch, and only then', async () => {
    await addBanner(testDb.db, '/uploads/a-1280.webp', details)
    const look = async (from: string, to: string) => {
      const rendered = shopGeneration()
      const turned = await checkBannerScheduleOnce(testDb.db, new Date(from), new Date(to))
      expect(changedSince(rendered)).toBe(turned)
      return turned
    }
    expect(await look('2026-10-31T23:59:50.000Z', '2026-11-01T00:00:00.000Z')).toBe(true)
    expect(await look('2026-11-01T00:00:00.000Z', '2026-11-01T00:00:10.000Z')).toBe(false)
    expect(await look('2026-11-09T23:59:55.000Z', '2026-11-10T00:00:05.000Z')).toBe(true)
    expect(await look('2026-11-10T00:00:05.000Z', '2026-11-10T00:00:15.000Z')).toBe(false)
  })

  it('drops the kept pages when an automatic offer starts or ends (ADR 078)', async () => {
    // 1 Nov 00:00 India is 31 Oct 18:30 UTC.
    await insertOffer(testDb.db, { startsAt: '2026-11-01T00:00', endsAt: '2026-11-04T00:00' })
    const look = async (from: string, to: string) => {
      const rendered = shopGeneration()
      const turned = await checkBannerScheduleOnce(testDb.db, new Date(from), new Date(to))
      expect(changedSince(rendered)).toBe(turned)
      return turned
    }
    expect(await look('2026-10-31T18:29:55.000Z', '2026-10-31T18:30:05.000Z')).toBe(true)
    expect(await look('2026-10-31T18:30:05.000Z', '2026-10-31T18:30:15.000Z')).toBe(false)
    expect(await look('2026-11-03T18:29:55.000Z', '2026-11-03T18:30:00.000Z')).toBe(true)
  })
})
