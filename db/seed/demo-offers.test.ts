// The demo shop's offers (ADR 078): a Diwali sale on Home Decor and free delivery over ₹999, live on
// the day the shop is seeded.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import { liveOffers, listOffers } from '../../app/domain/promotions/offers.server'
import { addBanner, liveBanners } from '../../app/domain/catalog/banners.server'
import { DEMO_SALE_BANNER, seedDemoOffers } from './demo-offers'

let testDb: TestDb
beforeEach(async () => {
  testDb = await createTestDb()
})
afterEach(async () => {
  await testDb.cleanup()
})

it('seeds a Diwali sale on Home Decor and free delivery over ₹999, running from 3 days before to 14 days after', async () => {
  const now = new Date('2026-11-27T12:00:00Z')
  await seedDemoOffers(testDb.db, now)
  const live = await liveOffers(testDb.db, now)
  expect(live.percentOff).toMatchObject([{ name: 'Diwali sale', percent: 15, categories: ['home-decor'], products: null, stackable: false }])
  expect(live.freeDelivery).toMatchObject({ minOrderPaise: 99_900 })
  const [first] = await listOffers(testDb.db)
  // 24 Nov 00:00 India time to 11 Dec 00:00 India time.
  expect([first?.startsAt, first?.endsAt]).toEqual(['2026-11-23T18:30:00.000Z', '2026-12-10T18:30:00.000Z'])
  expect((await liveOffers(testDb.db, new Date('2026-12-10T18:30:00Z'))).percentOff).toEqual([])
})

it('puts the sale on the first banner for the same days, with a button to its pieces', async () => {
  const now = new Date('2026-11-27T12:00:00Z')
  const first = await addBanner(testDb.db, '/uploads/wave.webp')
  const second = await addBanner(testDb.db, '/uploads/petals.webp')
  await seedDemoOffers(testDb.db, now)
  expect((await liveBanners(testDb.db, now)).map((b) => [b.id, b.headline, b.buttonText, b.link])).toEqual([
    [first.id, DEMO_SALE_BANNER.headline, 'Shop the sale', '/shop/listing?category=home-decor&availability=on-sale'],
    [second.id, '', '', ''],
  ])
  // Gone with the sale: the other banners stay.
  expect((await liveBanners(testDb.db, new Date('2026-12-10T18:30:00Z'))).map((b) => b.id)).toEqual([second.id])
})

it('leaves a first banner that has words of its own as it is', async () => {
  const first = await addBanner(testDb.db, '/uploads/wave.webp', { headline: 'Rakhi gifts', subline: '', buttonText: '', link: '', startsAt: null, endsAt: null })
  await seedDemoOffers(testDb.db, new Date('2026-11-27T12:00:00Z'))
  expect((await liveBanners(testDb.db)).map((b) => [b.id, b.headline])).toEqual([[first.id, 'Rakhi gifts']])
})

