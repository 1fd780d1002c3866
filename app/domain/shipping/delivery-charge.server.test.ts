import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertProducts } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { CourierUnavailable, type CourierService } from './courier'
import { deliveryCharge, deliveryDay } from './delivery-charge.server'
import { CATEGORY_PACKAGES } from '~/lib/product-package'
import { DEFAULT_ZONE_RATES } from './rates'
import { ZONES } from './zones'

let db: DB
withTestDb(async (fresh) => {
  db = fresh
  // A pendant with the jewellery category's box, and a tray the owner weighed: 2.2 kg in a 30 x 30 x 10 box.
  await insertProducts(db, [
    { id: 'pendant', category: 'jewellery' },
    { id: 'tray', category: 'home-decor' },
  ])
  await db.updateTable('products').set({ weight_grams: 2200, length_cm: 30, breadth_cm: 30, height_cm: 10 }).where('id', '=', 'tray').execute()
})

const ZONED = { zones: true } as const
const pendant = [{ productId: 'pendant', quantity: 1 }]

function courierAnswering(answer: CourierService['quote']): CourierService {
  return { quote: answer }
}

describe('the delivery charge', () => {
  it('prices a pendant from the studio (560001) to Bengaluru (560038) within the city and to Imphal (795001) as the North-East', async () => {
    expect(await deliveryCharge(db, ZONED, pendant, '560038')).toEqual({ feePaise: 4000, serviceable: true, exact: true, transitDays: 2 })
    expect(await deliveryCharge(db, ZONED, pendant, '795001')).toEqual({ feePaise: 9500, serviceable: true, exact: true, transitDays: 7 })
    // Mumbai is metro to metro; Mysuru within the state.
    expect((await deliveryCharge(db, ZONED, pendant, '400050')).feePaise).toBe(6000)
    expect((await deliveryCharge(db, ZONED, pendant, '570001')).feePaise).toBe(5000)
  })

  it('bills the weighed tray by its 2.2 kg (five slabs) and two pendants by their boxes', async () => {
    // 2,200 g dead, 30 x 30 x 10 / 5000 = 1,800 g volumetric: 2,200 g, five 500 g slabs.
    expect((await deliveryCharge(db, ZONED, [{ productId: 'tray', quantity: 1 }], '560038')).feePaise).toBe(4000 + 4 * 3000)
    const box = CATEGORY_PACKAGES.jewellery
    expect(box.deadGrams * 2).toBeLessThanOrEqual(500)
    expect((await deliveryCharge(db, ZONED, [{ productId: 'pendant', quantity: 2 }], '560038')).feePaise).toBe(4000)
  })

  it('says "from" the cheapest zone without a pincode, and a flat fee is the fee anywhere', async () => {
    expect(await deliveryCharge(db, ZONED, pendant, null)).toEqual({ feePaise: 4000, serviceable: true, exact: false, transitDays: null })
    expect(await deliveryCharge(db, 4900, pendant, '795001')).toEqual({ feePaise: 4900, serviceable: true, exact: true, transitDays: 7 })
    expect(await deliveryCharge(db, 4900, pendant, null)).toEqual({ feePaise: 4900, serviceable: true, exact: true, transitDays: null })
  })

  it('serves no pincode that cannot be an address (first digit 0, or 9: the field post), flat fee, zones or courier, and asks no courier', async () => {
    const asked: string[] = []
    const courier = courierAnswering(async (request) => {
      asked.push(request.toPincode)
      return [{ courierId: '10', courierName: 'Delhivery Surface', feePaise: 5550, transitDays: 4 }]
    })
    for (const pincode of ['999999', '012345']) {
      expect(await deliveryCharge(db, 4900, pendant, pincode)).toEqual({ feePaise: 0, serviceable: false, exact: true, transitDays: null })
      expect(await deliveryCharge(db, ZONED, pendant, pincode)).toMatchObject({ feePaise: 0, serviceable: false })
      expect(await deliveryCharge(db, { zones: true, courier }, pendant, pincode)).toMatchObject({ feePaise: 0, serviceable: false })
    }
    expect(asked).toEqual([])
    // A new pincode the directory does not know yet is served (priced as the rest of India).
    expect(await deliveryCharge(db, ZONED, pendant, '560999')).toMatchObject({ serviceable: true })
  })

  it("takes the courier's cheapest rate, refuses a pincode it does not serve, and falls back on the zone rates when it cannot answer", async () => {
    const quoting = courierAnswering(async () => [
      { courierId: '10', courierName: 'Delhivery Surface', feePaise: 5550, transitDays: 4 },
      { courierId: '11', courierName: 'Blue Dart', feePaise: 9000, transitDays: 2 },
    ])
    expect(await deliveryCharge(db, { zones: true, courier: quoting }, pendant, '795001')).toMatchObject({ feePaise: 5550, serviceable: true, transitDays: 4 })
    const none = courierAnswering(async () => [])
    expect(await deliveryCharge(db, { zones: true, courier: none }, pendant, '795001')).toMatchObject({ feePaise: 0, serviceable: false })
    const down = courierAnswering(async () => {
      throw new CourierUnavailable('no answer in 4000 ms')
    })
    expect(await deliveryCharge(db, { zones: true, courier: down }, pendant, '795001')).toMatchObject({ feePaise: 9500, serviceable: true, transitDays: 7 })
  })

  it('never charges less for a heavier parcel or a farther zone', async () => {
    // One pincode per zone from the studio's 560001, nearest first.
    const byZone = { city: '560038', state: '570001', metro: '400050', national: '302001', special: '795001' } as const
    expect(Object.keys(byZone)).toEqual([...ZONES])
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 3 }), async (grams, more, zoneAt) => {
        const setWeight = (weight: number) => db.updateTable('products').set({ weight_grams: weight }).where('id', '=', 'pendant').execute()
        const near = byZone[ZONES[zoneAt] as keyof typeof byZone]
        const far = byZone[ZONES[zoneAt + 1] as keyof typeof byZone]
        await setWeight(grams)
        const light = (await deliveryCharge(db, ZONED, pendant, near)).feePaise
        const lightFar = (await deliveryCharge(db, ZONED, pendant, far)).feePaise
        await setWeight(grams + more)
        const heavy = (await deliveryCharge(db, ZONED, pendant, near)).feePaise
        expect(heavy).toBeGreaterThanOrEqual(light)
        expect(lightFar).toBeGreaterThanOrEqual(light)
      }),
      { numRuns: 60 },
    )
    expect(DEFAULT_ZONE_RATES.special.firstSlabPaise).toBeGreaterThan(DEFAULT_ZONE_RATES.city.firstSlabPaise)
  })
})

describe('the delivery day', () => {
  it('counts transit in working days after dispatch, skipping Sundays', () => {
    // Dispatched on Wednesday 2 Dec 2026: two days is Friday 4 Dec; five days skips Sunday 6 Dec.
    expect(deliveryDay('2026-12-02', 2)).toBe('2026-12-04')
    expect(deliveryDay('2026-12-02', 5)).toBe('2026-12-08')
  })
})
