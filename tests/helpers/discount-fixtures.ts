// Discount codes as the owner makes them (the same schema as the admin's form and /api), for the
// tests of codes, discounted orders and their invoices (ADR 073).
import type { DB } from '../../db/database'
import { createDiscountCode } from '../../app/domain/promotions/discount-codes.server'
import { parseDiscountCode } from '../../app/schemas/discount-code'

/** A code: 10% off the whole shop, no minimum, no dates, no caps, unless told. */
export function insertDiscountCode(db: DB, fields: Record<string, unknown> = {}) {
  return createDiscountCode(db, parseDiscountCode({ code: 'DIWALI10', type: 'percent', value: '10', ...fields }))
}
