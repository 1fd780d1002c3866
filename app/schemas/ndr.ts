// The owner's answer to a failed delivery on the admin order page (issue 30, ADR 102): Re-attempt, with a
// corrected phone or address (each optional, checked as the address form checks them), or Return to
// origin; and "Received back" (restock or write off per order line, `restock[<line>]`).
import { z } from 'zod'
import { NDR_MESSAGES } from '~/lib/shipments'
import { INDIAN_PHONE, optional } from './address'


export const ndrAnswerSchema = z.object({
  intent: z.enum(['ndr-reattempt', 'ndr-return'], { error: NDR_MESSAGES.badAction }),
  // Empty: the phone on the order stays; else an Indian phone as the address form takes it.
  phone: z
    .string()
    .optional()
    .default('')
    .transform((v) => v.trim().replace(/[\s()-]/g, ''))
    .refine((v) => v === '' || INDIAN_PHONE.test(v), { error: 'Enter a valid Indian phone number' }),
  addressLine: optional('Address', 200),
  landmark: optional('Landmark', 120),
  comment: z.string().trim().max(200, { error: NDR_MESSAGES.commentTooLong }).optional().default(''),
})

export type NdrAnswerInput = z.infer<typeof ndrAnswerSchema>

/** "Received back": echoed back with the domain's messages. */
export const parcelReceivedFormSchema = z.object({
  intent: z.string().max(40).optional(),
  restock: z.array(z.string().max(20).optional()).max(100).optional(),
})
