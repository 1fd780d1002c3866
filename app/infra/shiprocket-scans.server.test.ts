// Shiprocket's failed-delivery (NDR) reasons read into the shop's (ADR 104): its own `ndr_reason` before
// the scan's words, common courier words mapped to one reason, unknown words kept; the activity (the
// scan's key) stays the courier's words.
import { describe, expect, it } from 'vitest'
import { NDR_REASON_LABELS } from '~/lib/shipments'
import { readScans, shopNdrReason } from './shiprocket-scans.server'

describe('shopNdrReason', () => {
  it.each([
    ['Customer not available', NDR_REASON_LABELS.customerUnavailable],
    ['CONSIGNEE NOT AVAILABLE', NDR_REASON_LABELS.customerUnavailable],
    ['Address incomplete', NDR_REASON_LABELS.addressIssue],
    ['Customer refused to accept', NDR_REASON_LABELS.refused],
    ['Phone switched off', NDR_REASON_LABELS.phoneUnreachable],
    ['Customer requested future delivery', NDR_REASON_LABELS.rescheduled],
    ['Out of delivery area', NDR_REASON_LABELS.areaUnreachable],
    ['Heavy rain in the city', 'Heavy rain in the city'],
  ])('%s -> %s', (words, reason) => {
    expect(shopNdrReason(words)).toBe(reason)
  })
})

describe('readScans', () => {
  it("an UNDELIVERED scan carries the shop's reason from ndr_reason; its activity stays the courier's words", () => {
    const [scan] = readScans([{ date: '2026-11-28 10:00:00', activity: 'Shipment undelivered', 'sr-status-label': 'UNDELIVERED', ndr_reason: 'Consignee refused' }])
    expect(scan).toMatchObject({ status: 'undelivered', activity: 'Shipment undelivered', reason: NDR_REASON_LABELS.refused })
    const [other] = readScans([{ date: '2026-11-28 10:00:00', activity: 'In transit', 'sr-status-label': 'IN TRANSIT' }])
    expect(other).not.toHaveProperty('reason')
  })
})
