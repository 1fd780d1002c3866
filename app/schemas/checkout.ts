import { z } from 'zod'
import { intentOf } from './stale-form'

/** The checkout page's pay form: the delivery address chosen (none chosen is the domain's 'Please Select an Address.'). */
export const payFormSchema = z.object({
  intent: intentOf('pay'),
  addressId: z.string().optional(),
  /** The address the page's total was worked out for (ADR 085): another one is shown before it is paid. */
  quotedFor: z.string().optional(),
})
