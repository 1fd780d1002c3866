// The words a shopper and the owner read about a refund (order pages, lists, /api's summaries).
import { describe, expect, it } from 'vitest'
import { type RefundView, refundBadgeWords, refundSentence, refundStateWords } from './refunds'

const refund = (over: Partial<RefundView>): RefundView => ({
  id: 'rf1',
  status: 'queued',
  reason: 'cancelled',
  amountPaise: 149_900,
  gatewayRefundId: null,
  processedAt: null,
  ...over,
})

describe('refundSentence', () => {
  it('is null for an order without a refund', () => {
    expect(refundSentence('cancelled', null)).toBeNull()
  })

  it('an order that could not be filled says so, whatever its status, while the refund is queued or pending', () => {
    expect(refundSentence('rejected', refund({ reason: 'unfillable', status: 'queued' }))).toBe('Could not be filled: refund pending')
    expect(refundSentence('rejected', refund({ reason: 'unfillable', status: 'pending' }))).toBe('Could not be filled: refund pending')
    expect(refundSentence('confirmed', refund({ reason: 'unfillable', status: 'pending' }))).toBe('Could not be filled: refund pending')
  })

  it('a cancelled or rejected order with its refund on the way', () => {
    expect(refundSentence('cancelled', refund({ status: 'pending' }))).toBe('Cancelled: refund pending')
    expect(refundSentence('cancelled', refund({ status: 'queued' }))).toBe('Cancelled: refund pending')
    expect(refundSentence('rejected', refund({ reason: 'rejected', status: 'pending' }))).toBe('Rejected: refund pending')
  })

  it('a processed refund names the amount and the day (India)', () => {
    const processed = refund({ status: 'processed', processedAt: '2026-11-25T06:30:00.000Z', gatewayRefundId: 'rfnd_1' })
    expect(refundSentence('cancelled', processed)).toBe('Cancelled: refund of ₹1,499.00 processed on 25 Nov 2026')
    // 20:00 UTC on the 25th is already the 26th in India.
    expect(refundSentence('rejected', { ...processed, reason: 'unfillable', processedAt: '2026-11-25T20:00:00.000Z' })).toBe(
      'Could not be filled: refund of ₹1,499.00 processed on 26 Nov 2026',
    )
    expect(refundSentence('cancelled', { ...processed, processedAt: null })).toBe('Cancelled: refund of ₹1,499.00 processed')
  })

  it('a failed refund tells the shopper the studio will be in touch', () => {
    expect(refundSentence('cancelled', refund({ status: 'failed' }))).toBe('Cancelled: refund failed; the studio will contact you')
  })

  it('a late payment on an order of another status is a sentence of its own', () => {
    expect(refundSentence('pending', refund({ reason: 'late_payment', status: 'pending' }))).toBe('Refund pending')
    expect(refundSentence('pending', refund({ reason: 'late_payment', status: 'processed', processedAt: '2026-11-25T06:30:00.000Z' }))).toBe(
      'Refund of ₹1,499.00 processed on 25 Nov 2026',
    )
  })
})

describe('refundStateWords and refundBadgeWords', () => {
  it('name each state', () => {
    expect(refundStateWords(refund({ status: 'queued' }))).toBe('refund pending')
    expect(refundStateWords(refund({ status: 'failed' }))).toBe('refund failed; the studio will contact you')
    expect(['queued', 'pending', 'processed', 'failed'].map((s) => refundBadgeWords(s as RefundView['status']))).toEqual([
      'Refund pending',
      'Refund pending',
      'Refunded',
      'Refund failed',
    ])
  })
})
