import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { withTestDb } from '../../../tests/helpers/test-db'
import { domainSettings } from '~/domain/settings.server'
import { readDeliverySetup, saveDeliverySetup } from './delivery-rates.server'
import { DEFAULT_ZONE_RATES } from './rates'

let db: DB
withTestDb((fresh) => {
  db = fresh
})

describe('the delivery setup', () => {
  it('starts from the default rates, leaving from the pincode in the seller address', async () => {
    // The demo seller: "Bengaluru 560001".
    expect(await readDeliverySetup(db)).toEqual({ shipFromPincode: '560001', rates: DEFAULT_ZONE_RATES })
    setDomainSettings({ invoice: { seller: { ...domainSettings().invoice.seller, address: ['Plot 4, MIDC', 'Pune 411019', 'Maharashtra'] } } })
    expect((await readDeliverySetup(db)).shipFromPincode).toBe('411019')
  })

  it('keeps what the owner saves, every zone at once, and saving again replaces it', async () => {
    const rates = { ...DEFAULT_ZONE_RATES, national: { firstSlabPaise: 8050, extraSlabPaise: 6500, transitDays: 6 } }
    await saveDeliverySetup(db, { shipFromPincode: '400050', rates })
    expect(await readDeliverySetup(db)).toEqual({ shipFromPincode: '400050', rates })
    const cheaper = { ...rates, city: { firstSlabPaise: 0, extraSlabPaise: 0, transitDays: 1 } }
    await saveDeliverySetup(db, { shipFromPincode: '400051', rates: cheaper })
    expect(await readDeliverySetup(db)).toEqual({ shipFromPincode: '400051', rates: cheaper })
  })

  it("writes only the zones given: a save of one zone keeps another admin's save of another", async () => {
    const metro = { firstSlabPaise: 5500, extraSlabPaise: 4000, transitDays: 2 }
    const special = { firstSlabPaise: 12000, extraSlabPaise: 9000, transitDays: 9 }
    await saveDeliverySetup(db, { rates: { metro } })
    await saveDeliverySetup(db, { rates: { special } })
    expect(await readDeliverySetup(db)).toEqual({ shipFromPincode: '560001', rates: { ...DEFAULT_ZONE_RATES, metro, special } })
  })
})
