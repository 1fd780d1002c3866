// POST /api/admin/orders/refund/:orderId, admin only (extra, ADR 087): a partial refund of a paid order.
// Body `{items: [{productId, variety, option2, color, quantity}], includeDelivery, restock, reason, key}`
// or `{amount, reason, key}` (rupees) -> `{success, message, data: refund}`; the same `key` again
// answers the same refund (200, nothing more refunded); without a key every call is a new refund.
// Bad input, more than is left or an unpaid order: 400 with `errors` and nothing changes; unknown order 404.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiPartialRefund } from '~/api/serializers.server'
import { parseInput } from '~/domain/errors'
import { askFromPieces, decidePartialRefund, partialRefundsOf } from '~/domain/orders/partial-refunds.server'
import { newId } from '~/lib/ids.server'
import { PARTIAL_REFUND_MESSAGES, type RefundAsk } from '~/lib/refund-shares'
import { amountOf, apiRefundSchema } from '~/schemas/partial-refund'
import { requireApiAdmin } from '~/web/auth.server'
import { sendPartialRefundNow } from '~/web/refunds-now.server'
import type { Route } from './+types/order-refund'

export const loader = () => methodNotAllowed('POST')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const admin = requireApiAdmin(context)
    const body = parseInput(apiRefundSchema, await readBody(request))
    const amount = body.amount === undefined ? null : amountOf(String(body.amount))
    const ask: RefundAsk =
      amount && 'paise' in amount ? { amountPaise: amount.paise } : await askFromPieces(getDb(), params.orderId, body.items ?? [], body.includeDelivery)
    const decided = await decidePartialRefund(getDb(), params.orderId, { key: body.key ?? newId(), ask, reason: body.reason, restock: body.restock }, admin.id)
    if (decided.created) await sendPartialRefundNow(decided.refund.id)
    // Read again: sent at once, it may already be processed with its credit note.
    const refund = (await partialRefundsOf(getDb(), [params.orderId])).get(params.orderId)?.find((r) => r.id === decided.refund.id) ?? decided.refund
    return apiJson({ success: true, message: PARTIAL_REFUND_MESSAGES.issued(refund.amountPaise), data: toApiPartialRefund(refund) }, decided.created ? 201 : 200)
  })
}
