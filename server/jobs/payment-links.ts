// The Payment Links' fallback (ADR 088): every PAYMENT_LINK_POLL_SECONDS the open links of custom
// orders and of exchanges (ADR 105) are fetched (paymentLink.fetch) and a paid one settled, for a payment whose callback and
// webhook never came (app/domain/custom-orders/quote-payments.server.ts pollPaymentLinks; tests call that).
import { pollPaymentLinks } from '~/domain/custom-orders/quote-payments.server'
import { pollExchangeLinks } from '~/domain/orders/exchanges.server'
import { getDb } from '~/infra/db.server'
import { getPaymentLinks } from '~/infra/payment-links.server'

export const PAYMENT_LINK_POLL_SECONDS = 5 * 60

/** Starts the poll (on an interval that does not keep the process alive). */
export function startPaymentLinkPoll(seconds = PAYMENT_LINK_POLL_SECONDS): () => void {
  let running = false
  const tick = () => {
    if (running) return
    running = true
    Promise.all([pollPaymentLinks(getDb(), getPaymentLinks()), pollExchangeLinks(getDb(), getPaymentLinks())])
      .catch((error) => console.error('The payment link poll failed', error))
      .finally(() => {
        running = false
      })
  }
  const timer = setInterval(tick, seconds * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
