// PUT /api/admin/discounts/:id {the POST's fields} -> {success, message, data: code}; unknown id 404,
// bad fields 400 {errors}. Admin only (ADR 073). Orders placed keep what they were charged.
import { getDb } from '~/infra/db.server'
import { discountCodeSchema, toDiscountInput } from '~/schemas/discount-code'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { discountBody, toApiDiscount } from '~/api/discounts.server'
import { parseInput } from '~/domain/errors'
import { DISCOUNT_ADMIN_MESSAGES, updateDiscountCode } from '~/domain/promotions/discount-codes.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/discount-update'

export const loader = () => methodNotAllowed('PUT')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    requireApiAdmin(context)
    const input = toDiscountInput(parseInput(discountCodeSchema, discountBody(await readBody(request))))
    const code = await updateDiscountCode(getDb(), params.id.slice(0, 200), input)
    return apiJson({ success: true, message: DISCOUNT_ADMIN_MESSAGES.saved(code.code), data: toApiDiscount(code) })
  })
}
