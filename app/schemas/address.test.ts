import { describe, expect, it } from 'vitest'
import { addressSchema, STATE_NOT_LISTED } from './address'

const valid = { addressLine: '12 Lake View Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560038', phone: '9876543210' }

describe('addressSchema', () => {
  it('takes a state in any case and stores the list spelling', () => {
    const parsed = addressSchema.parse({ ...valid, state: 'tamil nadu' })
    expect(parsed.state).toBe('Tamil Nadu')
  })

  it('refuses a state that is not one of the 36 (a misspelling)', () => {
    const result = addressSchema.safeParse({ ...valid, state: 'Karnatka' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([STATE_NOT_LISTED])
  })

  it('still asks for a state when none is chosen', () => {
    const result = addressSchema.safeParse({ ...valid, state: '' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['State is required'])
  })

  it('keeps an optional recipient name, empty when not given', () => {
    expect(addressSchema.parse({ ...valid, name: '  Anjali Rao ' }).name).toBe('Anjali Rao')
    expect(addressSchema.parse(valid).name).toBe('')
    expect(addressSchema.safeParse({ ...valid, name: 'x'.repeat(81) }).success).toBe(false)
  })
})
