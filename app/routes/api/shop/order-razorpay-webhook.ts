// POST /api/shop/order/razorpay/webhook (Razorpay's server, no session; CSRF-exempt, verified by signature):
// the raw body's HMAC-SHA256 with RAZORPAY_WEBHOOK_SECRET must match X-Razorpay-Signature; each
// X-Razorpay-Event-Id is handled once. -> 200 {success, status: 'processed' | 'duplicate' | 'ignored'}
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { getPaymentGateway } from '~/infra/payment-gateway.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { handleWebhook } from '~/domain/orders/payments.server'
import type { Route } from './+types/order-razorpay-webhook'

export const loader = () => methodNotAllowed('POST')

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    // The signature covers the exact bytes sent: read the raw text, never a re-serialised JSON.
    const rawBody = await request.text()
    const status = await handleWebhook(getDb(), getPaymentGateway(), {
      rawBody,
      signature: request.headers.get('X-Razorpay-Signature'),
      eventId: request.headers.get('X-Razorpay-Event-Id'),
      secret: getConfig().RAZORPAY_WEBHOOK_SECRET,
    })
    return apiJson({ success: true, status })
  })
}
