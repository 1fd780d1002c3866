// Automatic offers (ADR 078): when an offer runs (India time, start included, end excluded), what the
// shopper's reads show, and the owner's pause and end.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { insertProducts } from '../../../tests/helpers/fixtures'
import { insertOffer } from '../../../tests/helpers/offer-fixtures'
import { setClock } from '../../../tests/helpers/domain-settings'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import { getProduct, listProducts, searchProducts } from '~/domain/catalog/catalog.server'
import { Invalid } from '~/domain/errors'
import { endOffer, getOffer, liveOffers, offerScheduleTurned, setOfferPaused } from './offers.server'

let testDb: TestDb
let db: DB

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  await insertProducts(db, [
    { id: 'tray', title: 'Resin tray', category: 'home-decor', price: 99_900, stock: 5, varieties: [{ name: 'Large', price: 149_900 }] },
    { id: 'coaster', title: 'Resin coaster', category: 'home-decor', price: 50_000, sale: 40_000, stock: 5 },
    { id: 'pendant', title: 'Ocean pendant', category: 'jewellery', price: 149_900, stock: 5 },
  ])
})
afterEach(async () => {
  setClock()
  await testDb?.cleanup()
})

// 1 Nov 2026 00:00 in India is 31 Oct 18:30 UTC; 4 Nov 00:00 India is 3 Nov 18:30 UTC.
const festive = { name: 'Diwali sale', percent: '15', scope: 'categories', scopeItems: ['home-decor'], startsAt: '2026-11-01T00:00', endsAt: '2026-11-04T00:00' }

describe('when an offer runs', () => {
  it('starts at its India start, included, and ends at its India end, excluded', async () => {
    await insertOffer(db, festive)
    const running = async (iso: string) => (await liveOffers(db, new Date(iso))).percentOff.map((o) => o.name)
    expect(await running('2026-10-31T18:29:59.999Z')).toEqual([])
    expect(await running('2026-10-31T18:30:00.000Z')).toEqual(['Diwali sale'])
    expect(await running('2026-11-03T18:29:59.999Z')).toEqual(['Diwali sale'])
    expect(await running('2026-11-03T18:30:00.000Z')).toEqual([])
  })

  it('says when a start or an end fell between two looks (the page cache drops its pages then)', async () => {
    await insertOffer(db, festive)
    expect(await offerScheduleTurned(db, new Date('2026-10-31T18:29:50Z'), new Date('2026-10-31T18:30:00Z'))).toBe(true)
    expect(await offerScheduleTurned(db, new Date('2026-10-31T18:30:00Z'), new Date('2026-10-31T18:30:10Z'))).toBe(false)
    expect(await offerScheduleTurned(db, new Date('2026-11-03T18:29:55Z'), new Date('2026-11-03T18:30:05Z'))).toBe(true)
  })

  it('a paused offer does not run, and ending one stops it now', async () => {
    const offer = await insertOffer(db, festive)
    setClock('2026-11-02T06:00:00Z')
    await setOfferPaused(db, offer.id, true)
    expect((await liveOffers(db)).percentOff).toEqual([])
    expect((await getOffer(db, offer.id)).state).toBe('paused')
    await setOfferPaused(db, offer.id, false)
    expect((await liveOffers(db)).percentOff).toHaveLength(1)
    await endOffer(db, offer.id)
    expect((await liveOffers(db)).percentOff).toEqual([])
    expect((await getOffer(db, offer.id)).state).toBe('ended')
  })

  it('runs the free-delivery offer with the lowest amount when several run', async () => {
    await insertOffer(db, { name: 'Free over 1,499', kind: 'free_delivery', minOrder: '1499' })
    await insertOffer(db, { name: 'Free over 999', kind: 'free_delivery', minOrder: '999' })
    expect((await liveOffers(db, new Date('2026-06-01T00:00:00Z'))).freeDelivery).toMatchObject({ name: 'Free over 999', minOrderPaise: 99_900 })
  })
})

describe('what shoppers see', () => {
  it('cards, search and the product page show the offer as the sale price; the owner sees her own prices', async () => {
    await insertOffer(db, festive)
    setClock('2026-11-02T06:00:00Z')
    const cards = (await listProducts(db, { sort: 'title-atoz' })).items
    expect(cards.map((c) => [c.id, c.pricePaise, c.salePricePaise])).toEqual([
      ['pendant', 149_900, 0],
      // 500.00 with its own sale 400.00: the lower of 400.00 and 425.00.
      ['coaster', 50_000, 40_000],
      ['tray', 99_900, 84_915],
    ])
    expect((await searchProducts(db, 'tray'))[0]?.salePricePaise).toBe(84_915)
    const tray = await getProduct(db, 'tray')
    expect(tray.salePricePaise).toBe(84_915)
    expect(tray.variety?.options[0]).toMatchObject({ pricePaise: 149_900, salePricePaise: 127_415 })
    const shelf = await getProduct(db, 'tray', 'shelf')
    expect(shelf.salePricePaise).toBe(0)
    expect(shelf.variety?.options[0]?.salePricePaise).toBe(0)
    setClock('2026-11-04T06:00:00Z')
    expect((await getProduct(db, 'tray')).salePricePaise).toBe(0)
  })
})

describe('the listing follows the offer prices', () => {
  it('sorts by the price shown and counts offered pieces as on sale', async () => {
    await insertProducts(db, [
      { id: 'vase', title: 'Resin vase', category: 'home-decor', price: 120_000, stock: 5 },
      { id: 'ring', title: 'Resin ring', category: 'jewellery', price: 110_000, stock: 5 },
    ])
    await insertOffer(db, festive)
    setClock('2026-11-02T06:00:00Z')
    const sorted = (await listProducts(db, { sort: 'price-lowtohigh' })).items.map((c) => c.id)
    // The vase shows 1,020.00, below the ring's 1,100.00.
    expect(sorted).toEqual(['coaster', 'tray', 'vase', 'ring', 'pendant'])
    const onSale = (await listProducts(db, { sort: 'title-atoz', filters: { category: [], price: [], availability: ['on-sale'] } })).items.map((c) => c.id)
    expect(onSale).toEqual(['coaster', 'tray', 'vase'])
    // The owner's list keeps her own prices' order.
    expect((await listProducts(db, { sort: 'price-lowtohigh', stock: 'shelf' })).items.map((c) => c.id)).toEqual(['coaster', 'tray', 'ring', 'vase', 'pendant'])
  })
})

describe('an offer on some products', () => {
  it('covers only those pieces, in the cards, the sort and the on-sale filter; an unknown product is refused', async () => {
    await insertOffer(db, { name: 'Pendant week', percent: '50', scope: 'products', scopeItems: ['pendant'] })
    setClock('2026-11-02T06:00:00Z')
    const cards = (await listProducts(db, { sort: 'price-lowtohigh' })).items
    // The pendant shows 749.50, below the tray's 999.00.
    expect(cards.map((c) => [c.id, c.salePricePaise])).toEqual([
      ['coaster', 40_000],
      ['pendant', 74_950],
      ['tray', 0],
    ])
    const onSale = (await listProducts(db, { sort: 'title-atoz', filters: { category: [], price: [], availability: ['on-sale'] } })).items.map((c) => c.id)
    expect(onSale).toEqual(['pendant', 'coaster'])
    await expect(insertOffer(db, { scope: 'products', scopeItems: ['nope'] })).rejects.toThrow(Invalid)
  })
})
