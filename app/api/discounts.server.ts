// A discount code as /api shows it (ADR 073): the body's own names, money in rupees as the rest of
// /api, days as India days (YYYY-MM-DD), and the uses so far.
import { paiseToRupees } from '~/lib/money'
import type { DiscountCodeView } from '~/domain/promotions/discount-codes.server'

export function toApiDiscount(code: DiscountCodeView) {
  return {
    _id: code.id,
    code: code.code,
    type: code.kind,
    // Whole percent, or rupees off.
    value: code.kind === 'percent' ? code.value : paiseToRupees(code.value),
    minOrder: paiseToRupees(code.minOrderPaise),
    startsAt: code.startsOn,
    endsAt: code.endsOn,
    maxUses: code.maxUses,
    maxUsesPerUser: code.maxUsesPerUser,
    scope: code.scope,
    scopeItems: code.scopeItems,
    firstOrderOnly: code.firstOrderOnly,
    paused: code.paused,
    uses: code.uses,
  }
}
