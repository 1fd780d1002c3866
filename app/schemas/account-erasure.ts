// Deleting an account (the Account page's form, DELETE /api/shop/account, the admin's form): the
// confirmation (DELETE or her password: the domain checks it) and what becomes of her reviews.
import { z } from 'zod'
import { ERASURE_MESSAGES, REVIEW_CHOICES } from '~/lib/account-erasure'

export const accountErasureSchema = z.object({
  confirm: z
    .string({ error: ERASURE_MESSAGES.confirm })
    .min(1, { error: ERASURE_MESSAGES.confirm })
    .max(200, { error: ERASURE_MESSAGES.confirm }),
  reviews: z.enum(REVIEW_CHOICES, { error: 'Choose what becomes of your reviews' }).optional().default('anonymous'),
})
export type AccountErasureInput = z.output<typeof accountErasureSchema>

/** The consent form: a ticked box sends "on", an unticked one nothing. */
export const consentFormSchema = z.object({ marketingMail: z.literal('on').optional() })
