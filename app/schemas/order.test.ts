import { describe, expect, it } from 'vitest'
import { ORDER_MESSAGES } from '~/lib/order-status'
import { adminOrderStatusSchema, orderStatusBodySchema } from './order'

const messagesOf = (body: unknown) => orderStatusBodySchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message])

describe('orderStatusBodySchema', () => {
  it('takes each of the five statuses the admin may set', () => {
    for (const status of ['pending', 'inProcess', 'inShipping', 'delivered', 'rejected']) {
      expect(orderStatusBodySchema.parse({ orderStatus: status })).toEqual({ orderStatus: status })
    }
  })

  it("answers a missing status (or a body that is no object) with the specification's exact message", () => {
    for (const body of [{}, { orderStatus: '' }, { orderStatus: null }, { orderStatus: undefined }, null, [], 'pending']) {
      expect(messagesOf(body), JSON.stringify(body)).toEqual([['orderStatus', 'Please select an order status before submitting.']])
    }
  })

  it("refuses 'confirmed' (set by payment only), unknown names and non-strings with the allowed values", () => {
    for (const bad of ['confirmed', 'shipped', 'Delivered', ' pending', 123, true, ['pending'], { status: 'pending' }]) {
      expect(messagesOf({ orderStatus: bad }), JSON.stringify(bad)).toEqual([
        ['orderStatus', 'Order status must be one of pending, inProcess, inShipping, delivered, rejected.'],
      ])
    }
    expect(adminOrderStatusSchema.safeParse('paid').error?.issues[0]?.message).toBe(ORDER_MESSAGES.statusUnknown)
  })
})
