// GET /api/admin/discounts -> {success, data: [code]}; POST {code, type: 'percent'|'fixed', value,
// minOrder, startsAt, endsAt, maxUses, maxUsesPerUser, scope, scopeItems?, firstOrderOnly?, paused?}
// -> 201 {success, message, data: code}; 400 {errors} names each bad field. Admin only (ADR 073).
import { getDb } from '~/infra/db.server'
import { discountCodeSchema, toDiscountInput } from '~/schemas/discount-code'
import { apiJson, handleApi, readBody } from '~/api/handle-api.server'
import { discountBody, toApiDiscount } from '~/api/discounts.server'
import { parseInput } from '~/domain/errors'
import { createDiscountCode, DISCOUNT_ADMIN_MESSAGES, listDiscountCodes } from '~/domain/promotions/discount-codes.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/discounts'

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    return apiJson({ success: true, data: (await listDiscountCodes(getDb())).map(toApiDiscount) })
  })
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireApiAdmin(context)
    if (request.method !== 'POST') return apiJson({ success: false, message: 'Method not allowed. Use GET or POST.' }, { status: 405, headers: { Allow: 'GET, POST' } })
    const input = toDiscountInput(parseInput(discountCodeSchema, discountBody(await readBody(request))))
    const code = await createDiscountCode(getDb(), input)
    return apiJson({ success: true, message: DISCOUNT_ADMIN_MESSAGES.created(code.code), data: toApiDiscount(code) }, 201)
  })
}
