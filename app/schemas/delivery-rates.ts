// The owner's delivery rates page (issue 30): where parcels leave from, and per zone the first 500 g,
// each further 500 g (rupees as typed, to paise here) and the transit days.
import { z } from 'zod'
import { DELIVERY_LIMITS, DELIVERY_MESSAGES } from '~/lib/delivery'
import { isWholePaise, rupeesToPaise } from '~/lib/money'
import { normalizePincode, PINCODE_PATTERN } from './address'
import { STALE_FORM_MESSAGE } from './stale-form'

const slab = (what: string) =>
  z
    .string({ error: DELIVERY_MESSAGES.slab(what) })
    .max(20, { error: DELIVERY_MESSAGES.slab(what) })
    .transform((v) => v.replace(/[₹,\s]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d{1,2})?$/, { error: DELIVERY_MESSAGES.slab(what) })
        .transform(Number)
        .refine((v) => isWholePaise(v) && v <= DELIVERY_LIMITS.maxSlabRupees, { error: DELIVERY_MESSAGES.slab(what) })
        .transform(rupeesToPaise),
    )

const zoneRate = z.object({
  first: slab('the first 500 g'),
  extra: slab('each further 500 g'),
  days: z.coerce
    .number({ error: DELIVERY_MESSAGES.days })
    .int({ error: DELIVERY_MESSAGES.days })
    .min(1, { error: DELIVERY_MESSAGES.days })
    .max(DELIVERY_LIMITS.maxTransitDays, { error: DELIVERY_MESSAGES.days }),
  /** What the page showed ("first|extra|days" in paise and days): a zone sent back unchanged is not written. */
  shown: z.string().max(100).optional(),
})

export const deliveryRatesSchema = z.object({
  /** The pincode the page showed: unchanged, it is not written. */
  shipFromShown: z.string().max(20).optional(),
  shipFrom: z
    .string({ error: DELIVERY_MESSAGES.shipFrom })
    .max(20, { error: DELIVERY_MESSAGES.shipFrom })
    .transform(normalizePincode)
    .pipe(z.string().regex(PINCODE_PATTERN, { error: DELIVERY_MESSAGES.shipFrom })),
  rates: z.object({ city: zoneRate, state: zoneRate, metro: zoneRate, national: zoneRate, special: zoneRate }, { error: STALE_FORM_MESSAGE }),
})

export type DeliveryRatesInput = z.infer<typeof deliveryRatesSchema>
