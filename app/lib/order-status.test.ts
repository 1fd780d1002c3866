import { describe, expect, it } from 'vitest'
import {
  ALL_ORDER_STATUSES,
  canMoveOrder,
  formatOrderNumber,
  isFinalOrderStatus,
  nextOrderStatuses,
  ORDER_MESSAGES,
  orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from './order-status'

describe('order wording', () => {
  it('gives every status words instead of its internal value', () => {
    expect(ALL_ORDER_STATUSES.map(orderStatusLabel)).toEqual([
      'Pending payment',
      'Confirmed',
      'Being made',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Rejected',
    ])
  })

  it('allows only the moves of the table, to its actors', () => {
    // The payment confirms an order, or rejects one the stock cannot fill.
    expect(nextOrderStatuses('pending', 'payment')).toEqual(['confirmed', 'rejected'])
    expect(nextOrderStatuses('pending', 'admin')).toEqual(['rejected'])
    expect(nextOrderStatuses('confirmed', 'admin')).toEqual(['inProcess', 'rejected'])
    expect(nextOrderStatuses('confirmed', 'shopper')).toEqual(['cancelled'])
    expect(nextOrderStatuses('inProcess', 'shopper')).toEqual([])
    expect(nextOrderStatuses('inShipping', 'admin')).toEqual(['delivered', 'rejected'])
    expect(canMoveOrder('delivered', 'pending', 'admin')).toBe(false)
    expect(canMoveOrder('confirmed', 'confirmed', 'admin')).toBe(false)
    for (const status of ['delivered', 'cancelled', 'rejected'] as const) expect(isFinalOrderStatus(status)).toBe(true)
    expect(ORDER_MESSAGES.moveRefused('delivered', 'pending')).toBe('An order that is delivered cannot be set to pending payment.')
  })

  it('shows an unknown status as it is', () => {
    expect(orderStatusLabel('lost')).toBe('lost')
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
