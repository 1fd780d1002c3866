// The address form: one schema for the account page, checkout and /api (docs/spec/entities.md and validation.md).
import { z } from 'zod'
import type { AddressField } from '~/lib/addresses'
import { type IndianState, matchIndianState } from '~/lib/indian-states'

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} can be at most ${max} characters` })

/** An optional text field, trimmed and bounded (empty when left out). */
export const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters` })
    .optional()
    .default('')

/** An Indian mobile (10 digits from 6-9, optional +91/0) or a landline with STD code (10-11 digits from 0). */
export const INDIAN_PHONE = /^(?:(?:\+91|91|0)?[6-9]\d{9}|0\d{9,10})$/

/** An Indian pincode: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/

/** A pincode as people type it: "400 050" and "400-050" are 400050 (issue 30). */
export function normalizePincode(typed: string): string {
  return typed.replace(/[\s-]/g, '')
}

export const STATE_NOT_LISTED = 'Choose a state or union territory from the list'

/** One entry per address field (ADDRESS_FIELDS), so the form, the domain and the /api agree. */
export const addressSchema = z.object({
  /** Who receives the parcel, when not the account holder (a gift). */
  name: optional('Recipient name', 80),
  addressLine: required('Address', 200),
  city: required('City', 80),
  // One of India's states and union territories, in the list's spelling (any case is accepted).
  state: required('State', 80).pipe(
    z
      .string()
      .refine((value) => matchIndianState(value) !== null, { error: STATE_NOT_LISTED })
      .transform((value) => matchIndianState(value) as IndianState),
  ),
  // As people type it: "400 050" and "400-050" are 400050 (issue 30).
  pincode: z
    .string({ error: 'Pincode is required' })
    .max(20, { error: 'Pincode must be 6 digits' })
    .transform(normalizePincode)
    .pipe(z.string().regex(PINCODE_PATTERN, { error: 'Pincode must be 6 digits' })),
  country: optional('Country', 60).transform((v) => v || 'India'),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(INDIAN_PHONE, { error: 'Enter a valid Indian phone number' })),
  landmark: optional('Landmark', 120),
  notes: optional('Notes', 300),
} satisfies Record<AddressField, z.ZodType>)

export type AddressInput = z.infer<typeof addressSchema>

/**
 * The address form of the pages: the address, and the pincode and state the shopper kept after the
 * shop questioned them (domain/shipping/address-place.server.ts), sent back in a hidden field.
 */
export const addressFormSchema = addressSchema.extend({
  placeConfirmed: z.string().max(120).optional(),
})
