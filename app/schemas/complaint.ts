// The complaint form (/shop/complaint, POST /api/shop/complaint) and the admin's update of a
// complaint: one schema each, shared by the pages (Conform) and /api.
import { z } from 'zod'
import { COMPLAINT_LIMITS as LIMITS, COMPLAINT_STATUSES } from '~/lib/complaints'
import { INDIAN_PHONE } from './address'
import { email } from './auth'

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} can be at most ${max.toLocaleString('en-IN')} characters` })

export const complaintSchema = z.object({
  name: required('Name', LIMITS.name),
  email,
  phone: z
    .string()
    .trim()
    .max(20, { error: 'Enter a valid Indian phone number' })
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(INDIAN_PHONE, { error: 'Enter a valid Indian phone number' }).or(z.literal('')))
    .optional()
    .default(''),
  orderId: z.string().trim().max(64, { error: 'Choose one of your orders' }).optional().default(''),
  message: required('Your complaint', LIMITS.message),
})
export type ComplaintInput = z.output<typeof complaintSchema>

export const complaintUpdateSchema = z.object({
  status: z.enum(COMPLAINT_STATUSES, { error: 'Choose a status' }),
  resolution: z
    .string()
    .trim()
    .max(LIMITS.resolution, { error: `The resolution can be at most ${LIMITS.resolution.toLocaleString('en-IN')} characters` })
    .optional()
    .default(''),
})
export type ComplaintUpdateInput = z.output<typeof complaintUpdateSchema>
