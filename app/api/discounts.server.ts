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
    // Extra (ADR 084): the variants of a `variants` code, [] otherwise.
    variants: code.variants,
    firstOrderOnly: code.firstOrderOnly,
    paused: code.paused,
    uses: code.uses,
  }
}

/**
 * A POST or PUT body as the schema takes it: `scope` may also come as an object (ADR 084),
 * `{type: 'variants', variants: [{productId, variety, option2?, color?}]}` (or `{type, items}`).
 */
export function discountBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body
  const { scope, ...rest } = body as Record<string, unknown>
  if (typeof scope !== 'object' || scope === null || Array.isArray(scope)) return body
  const { type, variants, items } = scope as Record<string, unknown>
  return { ...rest, scope: type, ...(variants === undefined ? {} : { variants }), ...(items === undefined ? {} : { scopeItems: items }) }
}
