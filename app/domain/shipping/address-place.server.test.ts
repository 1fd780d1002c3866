import { describe, expect, it } from 'vitest'
import { checkPlace, placeConfirmation } from './address-place.server'

describe('checkPlace', () => {
  it('fills a blank city and state from the pincode', async () => {
    expect(await checkPlace({ pincode: '400050', city: '', state: '' })).toEqual({ kind: 'filled', pincode: '400050', city: 'Mumbai', state: 'Maharashtra' })
  })

  it('keeps what the shopper typed and fills only the blank', async () => {
    expect(await checkPlace({ pincode: '400050', city: 'Bandra West', state: ' ' })).toEqual({ kind: 'filled', pincode: '400050', city: 'Bandra West', state: 'Maharashtra' })
    expect(await checkPlace({ pincode: '400050', city: '', state: 'maharashtra' })).toEqual({ kind: 'filled', pincode: '400050', city: 'Mumbai', state: 'Maharashtra' })
  })

  it('accepts a state the pincode lies in, in any case', async () => {
    expect(await checkPlace({ pincode: '560038', city: 'Bengaluru', state: 'KARNATAKA' })).toEqual({ kind: 'ok' })
  })

  it('questions a state the pincode does not lie in, and keeps it when the same pair is sent back', async () => {
    const asked = await checkPlace({ pincode: '560038', city: 'Bengaluru', state: 'Kerala' })
    expect(asked).toEqual({ kind: 'question', pincode: '560038', state: 'Kerala', pincodeState: 'Karnataka', confirmation: placeConfirmation('560038', 'Kerala') })
    expect(await checkPlace({ pincode: '560038', city: 'Bengaluru', state: 'Kerala', confirmed: '560038:Kerala' })).toEqual({ kind: 'ok' })
    // A confirmation is for its own pair only: another state or pincode is asked again.
    expect((await checkPlace({ pincode: '560038', city: 'Bengaluru', state: 'Goa', confirmed: '560038:Kerala' })).kind).toBe('question')
    expect((await checkPlace({ pincode: '560001', city: 'Bengaluru', state: 'Kerala', confirmed: '560038:Kerala' })).kind).toBe('question')
  })

  it('says nothing of a pincode it does not know, or of input the schema will refuse', async () => {
    expect(await checkPlace({ pincode: '999999', city: '', state: '' })).toEqual({ kind: 'ok' })
    expect(await checkPlace({ pincode: '40005', city: '', state: '' })).toEqual({ kind: 'ok' })
    expect(await checkPlace({ pincode: '560038', city: 'Bengaluru', state: 'Karnatka' })).toEqual({ kind: 'ok' })
  })
})
