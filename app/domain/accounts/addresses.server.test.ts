// Saved addresses (at most three, always the owner's own) and the address form schema, on a fresh database.
import { describe, expect, it } from 'vitest'
import { asha, insertUsers, ravi } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import type { DB } from '../../../db/database'
import { ADDRESS_MESSAGES } from '~/lib/addresses'
import { type AddressInput, addressSchema } from '~/schemas/address'
import {
  addAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  updateAddress,
} from './addresses.server'
import { Invalid, NotFound } from '~/domain/errors'

let db: DB

withTestDb(async (fresh) => {
  db = fresh
  await insertUsers(db, [asha, ravi])
})

/** A valid address through the schema (so defaults apply as they do for every caller). */
function address(overrides: Record<string, unknown> = {}): AddressInput {
  return addressSchema.parse({
    addressLine: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    phone: '9876543210',
    ...overrides,
  })
}

describe('addresses service', () => {
  it('adds an address and lists it with every field (country India by default)', async () => {
    const added = await addAddress(db, 'u-asha', address({ landmark: 'Near the metro', notes: 'Ring twice' }))
    expect(added).toEqual({
      id: expect.any(String),
      userId: 'u-asha',
      name: '',
      addressLine: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
      country: 'India',
      phone: '9876543210',
      landmark: 'Near the metro',
      notes: 'Ring twice',
    })
    expect(await listAddresses(db, 'u-asha')).toEqual([added])
    expect(await listAddresses(db, 'u-ravi')).toEqual([])
    expect(await getAddress(db, 'u-asha', added.id)).toEqual(added)
  })

  it('lists the addresses in the order they were added', async () => {
    const first = await addAddress(db, 'u-asha', address({ addressLine: 'First' }))
    const second = await addAddress(db, 'u-asha', address({ addressLine: 'Second' }))
    const third = await addAddress(db, 'u-asha', address({ addressLine: 'Third' }))
    expect((await listAddresses(db, 'u-asha')).map((a) => a.id)).toEqual([first.id, second.id, third.id])
  })

  it(`refuses a 4th address with '${ADDRESS_MESSAGES.limit}' and keeps the 3`, async () => {
    for (const line of ['One', 'Two', 'Three']) await addAddress(db, 'u-asha', address({ addressLine: line }))
    const error = await rejection(addAddress(db, 'u-asha', address({ addressLine: 'Four' })))
    expect(error).toBeInstanceOf(Invalid)
    expect((error as Invalid).message).toBe('You can Add Max 3 Addresses')
    expect((await listAddresses(db, 'u-asha')).map((a) => a.addressLine)).toEqual(['One', 'Two', 'Three'])
    // The limit is per user, and a deleted address frees a place.
    await addAddress(db, 'u-ravi', address())
    const [one] = await listAddresses(db, 'u-asha')
    await deleteAddress(db, 'u-asha', one?.id ?? '')
    await addAddress(db, 'u-asha', address({ addressLine: 'Four' }))
    expect((await listAddresses(db, 'u-asha')).map((a) => a.addressLine)).toEqual(['Two', 'Three', 'Four'])
  })

  it('never lets concurrent adds go past 3', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => addAddress(db, 'u-asha', address({ addressLine: `Line ${i}` }))),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    expect(await listAddresses(db, 'u-asha')).toHaveLength(3)
  })

  it('updates every field of an own address', async () => {
    const added = await addAddress(db, 'u-asha', address({ landmark: 'Old landmark' }))
    const updated = await updateAddress(
      db,
      'u-asha',
      added.id,
      address({ addressLine: '7 Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016', phone: '+91 98300 12345', country: 'India', landmark: '' }),
    )
    expect(updated).toEqual({
      id: added.id,
      userId: 'u-asha',
      name: '',
      addressLine: '7 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
      country: 'India',
      phone: '+919830012345',
      landmark: '',
      notes: '',
    })
    expect(await listAddresses(db, 'u-asha')).toEqual([updated])
  })

  it('keeps a recipient name and the list spelling of the state', async () => {
    const added = await addAddress(db, 'u-asha', address({ name: 'Anjali Rao', state: 'tamil nadu' }))
    expect(added).toMatchObject({ name: 'Anjali Rao', state: 'Tamil Nadu' })
    const updated = await updateAddress(db, 'u-asha', added.id, address({ name: '', state: 'KERALA' }))
    expect(updated).toMatchObject({ name: '', state: 'Kerala' })
  })

  it('deletes an own address', async () => {
    const added = await addAddress(db, 'u-asha', address())
    await deleteAddress(db, 'u-asha', added.id)
    expect(await listAddresses(db, 'u-asha')).toEqual([])
    expect(await rejection(deleteAddress(db, 'u-asha', added.id))).toBeInstanceOf(NotFound)
  })

  it("treats someone else's address as not found, and leaves it alone", async () => {
    const ashas = await addAddress(db, 'u-asha', address({ addressLine: "Asha's home" }))
    expect(await rejection(getAddress(db, 'u-ravi', ashas.id))).toBeInstanceOf(NotFound)
    expect(await rejection(updateAddress(db, 'u-ravi', ashas.id, address({ addressLine: 'Hijacked' })))).toBeInstanceOf(
      NotFound,
    )
    expect(await rejection(deleteAddress(db, 'u-ravi', ashas.id))).toBeInstanceOf(NotFound)
    expect(await rejection(updateAddress(db, 'u-asha', 'no-such-id', address()))).toBeInstanceOf(NotFound)
    expect(await listAddresses(db, 'u-asha')).toEqual([ashas])
  })
})

describe('address schema', () => {
  const base = { addressLine: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001', phone: '9876543210' }
  const errorsOf = (value: unknown) => {
    const result = addressSchema.safeParse(value)
    if (result.success) return {}
    const errors: Record<string, string[]> = {}
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'body')
      errors[key] ??= []
      errors[key].push(issue.message)
    }
    return errors
  }

  it('requires addressLine, city, state, pincode and phone', () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual(['addressLine', 'city', 'phone', 'pincode', 'state'])
    const blanks = errorsOf({ addressLine: '  ', city: '', state: ' ', pincode: '', phone: '' })
    expect(Object.keys(blanks).sort()).toEqual(['addressLine', 'city', 'phone', 'pincode', 'state'])
    expect(blanks.addressLine).toEqual(['Address is required'])
    expect(blanks.city).toEqual(['City is required'])
  })

  it('defaults the country to India, keeps a given one, and makes landmark and notes optional', () => {
    expect(addressSchema.parse(base)).toMatchObject({ country: 'India', landmark: '', notes: '' })
    expect(addressSchema.parse({ ...base, country: '' }).country).toBe('India')
    expect(addressSchema.parse({ ...base, country: '   ' }).country).toBe('India')
    expect(addressSchema.parse({ ...base, country: 'Nepal' }).country).toBe('Nepal')
  })

  it('trims the text fields', () => {
    expect(addressSchema.parse({ ...base, addressLine: '  12 MG Road  ', city: ' Bengaluru ' })).toMatchObject({
      addressLine: '12 MG Road',
      city: 'Bengaluru',
    })
  })

  it.each(['560001', '110011', ' 400001 '])('accepts the pincode %j', (pincode) => {
    expect(errorsOf({ ...base, pincode })).toEqual({})
  })

  it.each(['400 050', '400-050', ' 4000 50 ', '400\u00a0050'])('reads the pincode %j as people type it: 400050', (pincode) => {
    expect(addressSchema.parse({ ...base, pincode }).pincode).toBe('400050')
  })

  it.each(['56001', '5600011', '056001', 'abcdef', '56 001', '5600O1', '400 0500', `400${' '.repeat(30)}050`])('refuses the pincode %j', (pincode) => {
    expect(errorsOf({ ...base, pincode })).toEqual({ pincode: ['Pincode must be 6 digits'] })
  })

  it.each([
    ['9876543210', '9876543210'],
    ['6123456789', '6123456789'],
    ['+91 98765 43210', '+919876543210'],
    ['+919876543210', '+919876543210'],
    ['919876543210', '919876543210'],
    ['09876543210', '09876543210'],
    ['98765-43210', '9876543210'],
    ['080 2345 6789', '08023456789'],
    ['(011) 2345-6789', '01123456789'],
    ['0361 234 567', '0361234567'],
  ])('accepts the Indian phone %j (stored as %j)', (phone, stored) => {
    expect(addressSchema.parse({ ...base, phone }).phone).toBe(stored)
  })

  it.each([
    '12345',
    '5876543210',
    '98765432101',
    '987654321',
    '+1 202 555 0100',
    '+44 20 7946 0958',
    'abcdefghij',
    '+91 58765 43210',
    '0123',
  ])('refuses the phone %j', (phone) => {
    expect(errorsOf({ ...base, phone })).toEqual({ phone: ['Enter a valid Indian phone number'] })
  })

  it('refuses over-long fields', () => {
    expect(Object.keys(errorsOf({ ...base, addressLine: 'x'.repeat(201), notes: 'y'.repeat(301) })).sort()).toEqual([
      'addressLine',
      'notes',
    ])
  })
})
