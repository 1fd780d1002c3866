// POST /api/shop/custom-order/razorpay/webhook (Razorpay's server, no session; CSRF-exempt, verified by
// signature; ADR 088): payment_link.paid, its raw body's HMAC-SHA256 with RAZORPAY_WEBHOOK_SECRET in
// X-Razorpay-Signature, settles the custom order's link once. -> 200 {success, status: 'processed' | 'duplicate' | 'ignored'}
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { parseLinkWebhook } from '~/infra/payment-links.server'
import { WEBHOOK_SIGNATURE_HEADER } from '~/infra/razorpay-webhook.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { settleLinkPayment } from '~/domain/custom-orders/quote-payments.server'
import { exchangeOfLink, settleExchangePayment } from '~/domain/orders/exchanges.server'
import type { Route } from './+types/custom-order-webhook'

export const loader = () => methodNotAllowed('POST')

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const paid = parseLinkWebhook({ rawBody: await request.text(), signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER), secret: getConfig().RAZORPAY_WEBHOOK_SECRET })
    if (!paid) return apiJson({ success: true, status: 'ignored' })
    // An exchange's difference (ADR 105) comes through the same links and webhook.
    if (await exchangeOfLink(getDb(), paid.linkId)) {
      const exchange = await settleExchangePayment(getDb(), paid)
      return apiJson({ success: true, status: exchange.changed ? 'processed' : 'duplicate' })
    }
    const settled = await settleLinkPayment(getDb(), paid)
    return apiJson({ success: true, status: settled.changed ? 'processed' : 'duplicate' })
  })
}
