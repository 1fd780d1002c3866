// The admin's shipping details of an order: the page's fields and the optional extra fields of
// PUT /api/admin/orders/update/:id (`carrier`, `trackingNumber`, `trackingUrl`). The domain runs it
// too (setTracking), so every way in is held to the same rules.
import { z } from 'zod'
import { TRACKING_LIMITS, TRACKING_MESSAGES, type Tracking } from '~/lib/tracking'

/** The three body fields, by name (an /api body carries tracking when it has any of them). */
export const TRACKING_FIELDS = ['carrier', 'trackingNumber', 'trackingUrl'] as const

/** Text trimmed; missing or null is ''; a number (a tracking number sent as JSON) is its digits. */
const text = z.preprocess(
  (value) => (value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : value),
  z.string().transform((value) => value.trim()),
)

function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/**
 * Carrier plus a tracking number or link (or both); all three empty is `null` (no shipping details).
 * Each field's message is about that field, so a page shows it next to it.
 */
export const trackingSchema = z
  .object({
    carrier: text.pipe(z.string().max(TRACKING_LIMITS.carrier, TRACKING_MESSAGES.carrierTooLong)),
    trackingNumber: text.pipe(
      z
        .string()
        .max(TRACKING_LIMITS.number, TRACKING_MESSAGES.numberTooLong)
        .regex(/^[A-Za-z0-9 ./_-]*$/, TRACKING_MESSAGES.numberCharacters),
    ),
    trackingUrl: text.pipe(
      z
        .string()
        .max(TRACKING_LIMITS.url, TRACKING_MESSAGES.urlTooLong)
        .refine((value) => value === '' || isWebAddress(value), TRACKING_MESSAGES.urlInvalid),
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.carrier && !value.trackingNumber && !value.trackingUrl) return
    if (!value.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: TRACKING_MESSAGES.carrierRequired })
    if (!value.trackingNumber && !value.trackingUrl) {
      ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: TRACKING_MESSAGES.numberOrUrlRequired })
    }
  })
  .transform(
    (value): Tracking | null =>
      value.carrier || value.trackingNumber || value.trackingUrl
        ? { carrier: value.carrier, number: value.trackingNumber || null, url: value.trackingUrl || null }
        : null,
  )

/** The fields a page or /api sends (each optional); see trackingSchema. */
export type TrackingInput = Partial<Record<(typeof TRACKING_FIELDS)[number], unknown>>

/** True when a body carries shipping details (any of the three fields, even empty: empty clears them). */
export function hasTrackingFields(body: unknown): boolean {
  return typeof body === 'object' && body !== null && TRACKING_FIELDS.some((field) => Object.hasOwn(body, field))
}
