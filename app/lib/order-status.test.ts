import { describe, expect, it } from 'vitest'
import { ALL_ORDER_STATUSES, formatOrderNumber, orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from './order-status'

describe('order wording', () => {
  it('gives every status words instead of its internal value', () => {
    expect(ALL_ORDER_STATUSES.map(orderStatusLabel)).toEqual([
      'Pending payment',
      'Confirmed',
      'Being made',
      'Shipped',
      'Delivered',
      'Rejected',
    ])
  })

  it('shows an unknown status as it is', () => {
    expect(orderStatusLabel('cancelled')).toBe('cancelled')
  })

  it('names payment states and methods in words', () => {
    expect(paymentStatusLabel('pending')).toBe('Awaiting payment')
    expect(paymentStatusLabel('paid')).toBe('Paid')
    expect(paymentMethodLabel('razorpay', 'razorpay')).toBe('Razorpay (UPI or card)')
    expect(paymentMethodLabel('razorpay', 'test')).toBe('Test payment (no money moved)')
  })

  it('writes order numbers with a hash', () => {
    expect(formatOrderNumber(1024)).toBe('#1024')
  })
})
