// POST /api/shop/order/razorpay/webhook (Razorpay's server, no session; CSRF-exempt, verified by signature):
// the raw body's HMAC-SHA256 with RAZORPAY_WEBHOOK_SECRET must match X-Razorpay-Signature; each
// X-Razorpay-Event-Id is handled once. -> 200 {success, status: 'processed' | 'duplicate' | 'ignored'}
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { readRazorpayWebhook } from '~/infra/razorpay-webhook.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { handlePaymentEvent } from '~/domain/orders/payment-events.server'
import type { Route } from './+types/order-razorpay-webhook'

export const loader = () => methodNotAllowed('POST')

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const event = await readRazorpayWebhook(request, getConfig().RAZORPAY_WEBHOOK_SECRET)
    const status = await handlePaymentEvent(getDb(), event)
    return apiJson({ success: true, status })
  })
}
