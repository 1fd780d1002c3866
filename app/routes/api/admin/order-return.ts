// POST /api/admin/orders/return/:returnId, admin only (extra, ADR 099): one move of a shopper's return.
// Body `{action: 'approve'|'decline'|'receive'|'refund'|'refundWithoutPickup', message?, restock?: {<line>: boolean}}`
// -> `{success, message, data: the return as the order details' returns[] show it}`. The state table
// decides: a move it refuses (or a decline without a message, a refund without pickup of pieces not
// all damaged) is 400 with `errors` and nothing changes; unknown return 404. The refund is the
// return's own (key `ret_<returnId>`, as the admin order page's): a second call answers the same refund.
// For an exchange (ADR 105) 'refund' settles it: the difference either way, then the replacement order, once.
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiReturn } from '~/api/serializers.server'
import { parseInput } from '~/domain/errors'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { moveReturn, orderOfReturn } from '~/domain/orders/returns.server'
import { exchangeOf, settleExchangeOf } from '~/domain/orders/exchanges.server'
import { EXCHANGE_MESSAGES } from '~/lib/exchanges'
import { approveReturnWithPickup } from '~/domain/shipping/return-pickups.server'
import { getDb } from '~/infra/db.server'
import { formatPaise } from '~/lib/money'
import { RETURN_MESSAGES } from '~/lib/returns'
import { apiOwnerReturnSchema } from '~/schemas/returns'
import { shippingProvider } from '~/web/admin-ship.server'
import { requireApiAdmin } from '~/web/auth.server'
import { sendPartialRefundNow } from '~/web/refunds-now.server'
import type { Route } from './+types/order-return'

export const loader = () => methodNotAllowed('POST')

async function approveWithPickup(returnId: string, message: string, adminId: string) {
  const orderId = await orderOfReturn(getDb(), returnId)
  const done = await approveReturnWithPickup(getDb(), shippingProvider(), orderId, returnId, message, adminId)
  return { ret: done.ret, orderId, refund: null }
}

const DONE = { approve: RETURN_MESSAGES.approved, decline: RETURN_MESSAGES.declined, receive: RETURN_MESSAGES.received, close: RETURN_MESSAGES.closed } as const

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const admin = requireApiAdmin(context)
    const body = parseInput(apiOwnerReturnSchema, await readBody(request))
    if (body.action === 'refund' && (await exchangeOf(getDb(), params.returnId))) {
      // An exchange (ADR 105) ends by its settlement: the difference either way, the replacement order.
      const settled = await settleExchangeOf(getDb(), params.returnId, { adminId: admin.id })
      if (settled.refundId) await sendPartialRefundNow(settled.refundId)
      const order = await getOrderDetail(getDb(), settled.orderId, admin)
      const ret = order.returns.find((r) => r.id === params.returnId)
      return apiJson({ success: true, message: EXCHANGE_MESSAGES.settled, data: ret ? toApiReturn(ret, order) : null })
    }
    const restock = Object.fromEntries(Object.entries(body.restock).map(([line, back]) => [Number(line), back]))
    // An approval books the courier pickup too when the shop has an aggregator (ADR 104); its failure leaves the return approved.
    const moved =
      body.action === 'approve' ? await approveWithPickup(params.returnId, body.message, admin.id) : await moveReturn(getDb(), params.returnId, { action: body.action, message: body.message, restock }, admin.id)
    if (moved.refund) await sendPartialRefundNow(moved.refund.id)
    // Read again with the order's lines (the /api names pieces by product and choice) and the refund as sent.
    const order = await getOrderDetail(getDb(), moved.orderId, admin)
    const ret = order.returns.find((r) => r.id === moved.ret.id) ?? moved.ret
    const refund = moved.refund ? order.refunds.find((r) => r.id === moved.refund?.id) : undefined
    const message = body.action === 'refund' || body.action === 'refundWithoutPickup' ? RETURN_MESSAGES.refunded(formatPaise(refund?.amountPaise ?? 0)) : DONE[body.action]
    return apiJson({ success: true, message, data: toApiReturn(ret, order) })
  })
}
