// The demo shop's live discount code (ADR 073), made as the owner would (the admin form's schema):
// DIWALI10, 10% off the whole shop over ₹999, once per shopper.
import type { DB } from '../database'
import { createDiscountCode } from '~/domain/promotions/discount-codes.server'
import { parseDiscountCode } from '~/schemas/discount-code'

export const DEMO_DISCOUNTS = [{ code: 'DIWALI10', type: 'percent', value: '10', minOrder: '999', maxUsesPerUser: '1', scope: 'shop' }] as const

export async function seedDemoDiscounts(db: DB): Promise<void> {
  for (const code of DEMO_DISCOUNTS) await createDiscountCode(db, parseDiscountCode(code))
}
