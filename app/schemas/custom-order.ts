// The custom-order request form (/shop/custom-order) and the admin's update form: one schema each,
// used by the pages (Conform) and the domain. Rupees are parsed into paise here, once.
import { z } from 'zod'
import { CUSTOM_ORDER_LIMITS as LIMITS, CUSTOM_ORDER_STATUSES, QUOTE_LIMITS, QUOTE_MESSAGES } from '~/lib/custom-orders'
import { isWholePaise, rupeesToPaise } from '~/lib/money'
import { addressSchema, INDIAN_PHONE } from './address'
import { email } from './auth'

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} can be at most ${max.toLocaleString('en-IN')} characters` })

/** Rupees as typed ("1500", "1,500", "₹ 1,500.50") to paise, between the limits. */
const rupees = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(20, { error: `Enter the ${label.toLowerCase()} in rupees, e.g. 2500` })
    .transform((v) => v.replace(/[₹,\s]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, { error: `Enter the ${label.toLowerCase()} in rupees, e.g. 2500` })
        .transform(Number)
        .refine(isWholePaise)
        .refine((v) => v >= LIMITS.minRupees, { error: `${label} must be at least ₹${LIMITS.minRupees}` })
        .refine((v) => v <= LIMITS.maxRupees, { error: `${label} can be at most ₹${LIMITS.maxRupees.toLocaleString('en-IN')}` })
        .transform(rupeesToPaise),
    )

export const customOrderSchema = z.object({
  name: required('Name', LIMITS.name),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, { error: 'Phone is required' })
    .max(20, { error: 'Enter a valid Indian phone number' })
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(INDIAN_PHONE, { error: 'Enter a valid Indian phone number' })),
  email,
  description: required('What you would like', LIMITS.description),
  occasion: z
    .string()
    .trim()
    .max(LIMITS.occasion, { error: `Occasion can be at most ${LIMITS.occasion} characters` })
    .optional()
    .default(''),
  budget: rupees('Budget'),
  // The day itself; that it is ahead of today is the domain's check (it knows the time).
  neededBy: z
    .string({ error: 'Needed-by date is required' })
    .trim()
    .min(1, { error: 'Needed-by date is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter the date as YYYY-MM-DD' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: 'Enter a real date',
    }),
})

export type CustomOrderInput = z.infer<typeof customOrderSchema>

/** The admin's update: a move (or none), the quoted price (rupees, may be empty) and the notes. */
export const customOrderUpdateSchema = z.object({
  status: z
    .union([z.literal(''), z.enum(CUSTOM_ORDER_STATUSES, { error: `Status must be one of ${CUSTOM_ORDER_STATUSES.join(', ')}` })])
    .optional()
    .default(''),
  quotedPrice: z.union([z.literal(''), rupees('Quoted price')]).optional().default(''),
  notes: z
    .string()
    .trim()
    .max(LIMITS.notes, { error: `Notes can be at most ${LIMITS.notes.toLocaleString('en-IN')} characters` })
    .optional()
    .default(''),
})

export type CustomOrderUpdateInput = z.infer<typeof customOrderUpdateSchema>

/** The owner's quote (ADR 088): a message to the shopper, the price, the dispatch day, an advance, how many days it stands. */
export const customQuoteSchema = z.object({
  message: required('Message to the shopper', QUOTE_LIMITS.message),
  price: rupees('Price'),
  // The day itself; that it is ahead of today is the domain's check.
  dispatchBy: z
    .string({ error: 'Expected dispatch date is required' })
    .trim()
    .min(1, { error: 'Expected dispatch date is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter the date as YYYY-MM-DD' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: 'Enter a real date',
    }),
  advancePercent: z
    .string()
    .trim()
    .optional()
    .default('0')
    .transform((v) => Number(v || '0'))
    .pipe(
      z
        .number()
        .refine((v) => (QUOTE_LIMITS.advancePercents as readonly number[]).includes(v), {
          error: `Advance must be one of ${QUOTE_LIMITS.advancePercents.join(', ')} percent`,
        }),
    ),
  expiresInDays: z
    .string()
    .trim()
    .optional()
    .default(String(QUOTE_LIMITS.defaultExpiryDays))
    .transform((v) => v || String(QUOTE_LIMITS.defaultExpiryDays))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, { error: `Enter the days the quote stands, 1 to ${QUOTE_LIMITS.maxExpiryDays}` })
        .transform(Number)
        .refine((v) => v >= 1 && v <= QUOTE_LIMITS.maxExpiryDays, { error: `Enter the days the quote stands, 1 to ${QUOTE_LIMITS.maxExpiryDays}` }),
    ),
})

export type CustomQuoteInput = z.infer<typeof customQuoteSchema>

/** The shopper's answer: accept (with the delivery address) or decline (with a reason). */
export const acceptQuoteSchema = addressSchema

export const declineQuoteSchema = z.object({
  reason: z
    .string({ error: QUOTE_MESSAGES.reasonNeeded })
    .trim()
    .min(1, { error: QUOTE_MESSAGES.reasonNeeded })
    .max(QUOTE_LIMITS.declineReason, { error: `The reason can be at most ${QUOTE_LIMITS.declineReason} characters` }),
})
