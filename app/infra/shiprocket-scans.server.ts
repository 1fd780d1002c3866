// Shiprocket's words for a parcel's scans, read into the shop's (app/lib/shipments.ts): the same for the
// tracking API (GET /courier/track/awb/{awb}: tracking_data.shipment_track_activities) and the tracking
// webhook (its `scans`). Shiprocket writes moments as "2026-11-28 10:15:00" in India time.
import type { TrackingScan } from '~/domain/shipping/shipping-provider'
import { NDR_REASON_LABELS, type NdrReason, type ScanStatus } from '~/lib/shipments'

/** Shiprocket's status labels ("sr-status-label", current_status) and what each means here. */
const STATUS_OF: Record<string, ScanStatus> = {
  'AWB ASSIGNED': 'booked',
  'PICKUP SCHEDULED': 'booked',
  'PICKUP GENERATED': 'booked',
  'MANIFEST GENERATED': 'booked',
  'OUT FOR PICKUP': 'booked',
  'PICKED UP': 'pickedUp',
  SHIPPED: 'inTransit',
  'IN TRANSIT': 'inTransit',
  'REACHED AT DESTINATION HUB': 'inTransit',
  'OUT FOR DELIVERY': 'outForDelivery',
  DELIVERED: 'delivered',
  UNDELIVERED: 'undelivered',
  NDR: 'undelivered',
  // Return to origin (ADR 102): the courier turns the parcel back (the owner chose it, or the attempts ran out).
  'RTO INITIATED': 'returning',
  'RTO IN TRANSIT': 'returning',
  'RTO OFD': 'returning',
  'RTO NDR': 'returning',
  'RTO DELIVERED': 'returned',
}

/** Our status for one of Shiprocket's labels; null for one we do not follow (it is not recorded). */
export function scanStatusOf(label: unknown): ScanStatus | null {
  return typeof label === 'string' ? (STATUS_OF[label.trim().toUpperCase().replace(/_/g, ' ')] ?? null) : null
}

/** "2026-11-28 10:15:00" or "28 11 2026 10:15:00" (India time), or an ISO moment, as ISO; null when unreadable. */
export function shiprocketMoment(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  // The webhook's current_timestamp is "28 11 2026 10:15:00".
  const text = value.trim().replace(/^(\d{2}) (\d{2}) (\d{4}) /, '$3-$2-$1 ')
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text)
  const [day, time] = local ? [local[1] ?? '', local[2] ?? ''] : ['', '']
  const ms = local ? Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}+05:30`) : Date.parse(text)
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

/**
 * The courier's NDR reason (Shiprocket's `ndr_reason` or `reason` on the scan, else the scan's words) as
 * one of the shop's reasons; words it does not know are kept as the courier wrote them.
 */
const NDR_WORDS: [RegExp, NdrReason][] = [
  [/refus|reject|not (?:interested|accepted)|cancel/i, 'refused'],
  [/phone|contact|call(?:ed)? not|unreachable|switched off|not answering/i, 'phoneUnreachable'],
  [/resched|future (?:date|delivery)|another day|next day|deliver later|customer requested/i, 'rescheduled'],
  [/address|incomplete|wrong|incorrect|landmark|door ?lock|premises closed/i, 'addressIssue'],
  [/out of (?:delivery )?area|oda|unserviceable|entry (?:not allowed|restricted)|restricted area|not reachable area/i, 'areaUnreachable'],
  [/not available|unavailable|not at home|nobody|no one|consignee not/i, 'customerUnavailable'],
]

export function shopNdrReason(words: string): string {
  const trimmed = words.trim()
  const reason = NDR_WORDS.find(([pattern]) => pattern.test(trimmed))?.[1]
  return reason ? NDR_REASON_LABELS[reason] : trimmed
}

interface RawScan {
  date?: unknown
  ndr_reason?: unknown
  reason?: unknown
  activity?: unknown
  location?: unknown
  'sr-status-label'?: unknown
  status?: unknown
}

/** The scans Shiprocket reported that we follow, each with a readable moment. */
export function readScans(raw: unknown): TrackingScan[] {
  if (!Array.isArray(raw)) return []
  return (raw as RawScan[]).flatMap((scan) => {
    const status = scanStatusOf(scan['sr-status-label']) ?? scanStatusOf(scan.status)
    const at = shiprocketMoment(scan.date)
    if (!status || !at) return []
    const words = typeof scan.activity === 'string' ? scan.activity : String(scan.status ?? status)
    const ndrWords = [scan.ndr_reason, scan.reason, words].find((w): w is string => typeof w === 'string' && w.trim() !== '') ?? words
    const location = typeof scan.location === 'string' ? scan.location : ''
    // The activity stays the courier's words (the scan's key); a failed delivery carries the shop's reason.
    return [status === 'undelivered' ? { status, at, activity: words, location, reason: shopNdrReason(ndrWords) } : { status, at, activity: words, location }]
  })
}

/** An India day (YYYY-MM-DD) from Shiprocket's expected date ("2026-12-03 18:00:00" or "Dec 03, 2026"). */
export function expectedDay(value: unknown): string | null {
  const moment = shiprocketMoment(value) ?? (typeof value === 'string' && Number.isFinite(Date.parse(`${value} 12:00 GMT+0530`)) ? new Date(Date.parse(`${value} 12:00 GMT+0530`)).toISOString() : null)
  if (!moment) return null
  return new Date(Date.parse(moment) + 330 * 60_000).toISOString().slice(0, 10)
}

/**
 * The tracking webhook's body (Shiprocket posts one per status change, with every scan so far):
 * the AWB and its scans; null when it names no AWB. The current status counts as a scan too, at
 * current_timestamp, when the scans do not list it.
 */
export function readTrackingWebhook(body: unknown): { awb: string; scans: TrackingScan[]; expectedDelivery: string | null } | null {
  if (!body || typeof body !== 'object') return null
  const payload = body as { awb?: unknown; scans?: unknown; current_status?: unknown; current_timestamp?: unknown; etd?: unknown }
  const awb = typeof payload.awb === 'string' || typeof payload.awb === 'number' ? String(payload.awb).trim() : ''
  if (!/^[A-Za-z0-9-]{4,40}$/.test(awb)) return null
  const scans = readScans(payload.scans)
  const current = scanStatusOf(payload.current_status)
  const at = shiprocketMoment(payload.current_timestamp)
  if (current && at && !scans.some((scan) => scan.status === current)) scans.push({ status: current, at, activity: String(payload.current_status), location: '' })
  return { awb, scans, expectedDelivery: expectedDay(payload.etd) }
}
