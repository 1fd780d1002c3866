import { describe, expect, it } from 'vitest'
import { INDIAN_STATES_AND_UTS } from '~/lib/indian-states'
import { STATES } from './pincode-directory.data'
import { findPincode } from './pincodes.server'

describe('findPincode', () => {
  it.each([
    ['400050', 'Mumbai', 'Maharashtra'],
    ['560038', 'Bangalore', 'Karnataka'],
    ['110001', 'Central Delhi', 'Delhi'],
    ['682001', 'Ernakulam', 'Kerala'],
    ['781001', 'Kamrup', 'Assam'],
    ['744101', 'South Andaman', 'Andaman and Nicobar Islands'],
    ['605001', 'Pondicherry', 'Puducherry'],
    // The package's data predates Telangana, Ladakh and the merged Dadra and Nagar Haveli and Daman and Diu.
    ['500001', 'Hyderabad', 'Telangana'],
    ['194101', 'Leh', 'Ladakh'],
    ['396210', 'Daman', 'Dadra and Nagar Haveli and Daman and Diu'],
    // "Bilaspur(CGH)" in the package: the mark of a name shared by two states is not a city's.
    ['495001', 'Bilaspur', 'Chhattisgarh'],
  ])('knows %s: %s, %s', async (pincode, district, state) => {
    expect(await findPincode(pincode)).toMatchObject({ pincode, district, state })
  })

  it('knows the first and the last pincode of the directory (the search reaches both ends)', async () => {
    expect(await findPincode('110001')).not.toBeNull()
    expect((await findPincode('855117'))?.state).toBe('Bihar')
  })

  it('answers null for a pincode India Post has not issued, and for anything not 6 digits', async () => {
    for (const typed of ['999999', '100000', '000000', '40005', '4000500', '400 050', 'abcdef', '']) expect(await findPincode(typed)).toBeNull()
  })

  it('gives every state of a pincode that crosses a border, the main one first', async () => {
    const place = await findPincode('110001')
    expect(place?.states[0]).toBe(place?.state)
    let crossing = 0
    for (let pin = 100000; pin < 1000000 && crossing === 0; pin += 1) {
      const found = await findPincode(String(pin))
      if (found && found.states.length > 1) crossing = pin
    }
    expect(crossing).toBeGreaterThan(0)
  })

  it('spells every state as the address form lists them, and covers all 36', () => {
    expect(new Set(STATES)).toEqual(new Set(INDIAN_STATES_AND_UTS))
  })
})
