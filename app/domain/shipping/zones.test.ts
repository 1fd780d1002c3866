import { describe, expect, it } from 'vitest'
import { findPincode } from './pincodes.server'
import { type Zone, zoneOf } from './zones'

async function place(pincode: string) {
  const found = await findPincode(pincode)
  if (!found) throw new Error(`no ${pincode}`)
  return found
}

describe('zoneOf', () => {
  it.each<[string, string, Zone]>([
    // From the demo studio in Bengaluru.
    ['560001', '560038', 'city'],
    ['560001', '570001', 'state'], // Mysuru
    ['560001', '400050', 'metro'], // Mumbai
    ['560001', '110001', 'metro'], // Delhi
    ['560001', '122001', 'metro'], // Gurgaon, in the NCR
    ['560001', '302006', 'national'], // Jaipur
    ['560001', '682001', 'national'], // Kochi
    ['560001', '781001', 'special'], // Guwahati
    ['560001', '190001', 'special'], // Srinagar
    ['560001', '194101', 'special'], // Leh
    ['560001', '744101', 'special'], // Port Blair
    // Within the North-East's own states a parcel is local.
    ['781001', '781005', 'city'],
    // From the North-East every other state is special.
    ['781001', '110001', 'special'],
    // Mumbai to Pune: the same state first.
    ['400050', '411001', 'state'],
  ])('%s to %s is %s', async (from, to, zone) => {
    expect(zoneOf(await place(from), await place(to))).toBe(zone)
  })
})
