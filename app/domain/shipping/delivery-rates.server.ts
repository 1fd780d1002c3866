// The owner's delivery setup (issue 30, ADR 082): the pincode parcels leave from and the slab rates per
// zone. Zones without a saved rate use the defaults (rates.ts); without a saved pincode, parcels leave
// from the pincode in the invoices' seller address (the studio), else the demo studio's.
import type { DB } from '../../../db/database'
import { domainSettings } from '~/domain/settings.server'
import { DEFAULT_ZONE_RATES, type ZoneRate, type ZoneRates } from './rates'
import { ZONES } from './zones'

export interface DeliverySetup {
  shipFromPincode: string
  rates: ZoneRates
}

const DEMO_STUDIO_PINCODE = '560001'

/** The last 6-digit pincode in the seller's address lines, if any. */
export function sellerPincode(): string | null {
  const matches = domainSettings().invoice.seller.address.join(' ').match(/\b[1-9]\d{5}\b/g)
  return matches?.at(-1) ?? null
}

export async function readDeliverySetup(db: DB): Promise<DeliverySetup> {
  const [settings, rows] = await Promise.all([
    db.selectFrom('delivery_settings').select('ship_from_pincode').where('id', '=', 1).executeTakeFirst(),
    db.selectFrom('delivery_rates').selectAll().execute(),
  ])
  const rates = { ...DEFAULT_ZONE_RATES }
  for (const row of rows) {
    if (!(ZONES as readonly string[]).includes(row.zone)) continue
    rates[row.zone as keyof ZoneRates] = { firstSlabPaise: row.first_slab_paise, extraSlabPaise: row.extra_slab_paise, transitDays: row.transit_days }
  }
  return { shipFromPincode: settings?.ship_from_pincode ?? sellerPincode() ?? DEMO_STUDIO_PINCODE, rates }
}

/**
 * Saves the pincode and the zones' rates given, in one transaction (the schema has checked each value).
 * Only what is given is written: an owner's save of one zone does not undo another admin's save of
 * another made meanwhile.
 */
export async function saveDeliverySetup(db: DB, setup: { shipFromPincode?: string; rates: Partial<ZoneRates> }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (setup.shipFromPincode !== undefined) {
      const updated = await trx.updateTable('delivery_settings').set({ ship_from_pincode: setup.shipFromPincode }).where('id', '=', 1).executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('delivery_settings').values({ id: 1, ship_from_pincode: setup.shipFromPincode }).execute()
    }
    for (const zone of ZONES) {
      const rate = setup.rates[zone]
      if (!rate) continue
      await trx.deleteFrom('delivery_rates').where('zone', '=', zone).execute()
      await trx
        .insertInto('delivery_rates')
        .values({ zone, first_slab_paise: rate.firstSlabPaise, extra_slab_paise: rate.extraSlabPaise, transit_days: rate.transitDays })
        .execute()
    }
  })
}

/** What the rates page shows of a zone, sent back with it: equal to what is sent, the zone was not changed. */
export function shownRate(rate: ZoneRate): string {
  return `${rate.firstSlabPaise}|${rate.extraSlabPaise}|${rate.transitDays}`
}
