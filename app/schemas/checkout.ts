import { z } from 'zod'

/** The checkout page's pay form: the delivery address chosen (none chosen is the domain's 'Please Select an Address.'). */
export const payFormSchema = z.object({
  intent: z.literal('pay'),
  addressId: z.string().optional(),
})
