// POST /api/shop/order/razorpay/verify {razorpay_order_id, razorpay_payment_id, razorpay_signature, orderId}
//   -> {success, message: 'Payment Successful!', data: {orderId}}; a bad or foreign result -> 400
//   'Payment Verification Failed.' (403 for another user's order). Replays answer success, change nothing.
//   Extra: a payment for an order the stock could no longer fill (its hold had ended) is never
//   called a success: 409 {success: false, message, data: {orderId}}; the order is rejected and refunded.
import { z } from 'zod'
import { apiBodySchema } from '~/schemas/api-body'
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { requireApiUser } from '~/web/auth.server'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { verifyAndConfirm } from '~/domain/orders/verify-payment.server'
import { getPaymentGateway } from '~/infra/payment-gateway.server'
import { sendRefundsNow } from '~/web/refunds-now.server'
import type { Route } from './+types/order-razorpay-verify'

const field = z
  .string({ error: PAYMENT_MESSAGES.verificationFailed })
  .trim()
  .max(200, { error: PAYMENT_MESSAGES.verificationFailed })
  .nullish()
  .transform((v) => v ?? '')

const verifyBodySchema = apiBodySchema({
  razorpay_order_id: field,
  razorpay_payment_id: field,
  razorpay_signature: field,
  orderId: field,
})

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const body = parseInput(verifyBodySchema, await readBody(request))
    const confirmation = await verifyAndConfirm(
      getDb(),
      getPaymentGateway(),
      { gatewayOrderId: body.razorpay_order_id, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature },
      { orderId: body.orderId || undefined, userId: user.id },
    )
    if (confirmation.unfillable) {
      await sendRefundsNow()
      return apiJson({ success: false, message: PAYMENT_MESSAGES.unfillable, data: { orderId: confirmation.orderId } }, 409)
    }
    return apiJson({ success: true, message: PAYMENT_MESSAGES.success, data: { orderId: confirmation.orderId } })
  })
}
