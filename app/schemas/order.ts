// The admin's order status change: the page's select and PUT /api/admin/orders/update/:id {orderStatus}.
import { z } from 'zod'
import { ADMIN_ORDER_STATUSES, ORDER_MESSAGES } from '~/lib/order-status'

const isMissing = (value: unknown) => value === undefined || value === null || value === ''

/**
 * One of the five statuses the admin may set ('confirmed' is set by payment only). Missing gets
 * docs/spec/validation.md's message; anything else wrong gets the list of allowed values.
 */
export const adminOrderStatusSchema = z.enum(ADMIN_ORDER_STATUSES, {
  error: (issue) => (isMissing(issue.input) ? ORDER_MESSAGES.statusRequired : ORDER_MESSAGES.statusUnknown),
})

/** The form or JSON body; a body that is not an object counts as one without a status. */
export const orderStatusBodySchema = z.preprocess(
  (body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}),
  z.object({ orderStatus: adminOrderStatusSchema }),
)
