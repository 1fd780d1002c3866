// The refund worker: every REFUND_WORKER_SECONDS it sends queued refunds through the gateway that
// took the payment and polls pending ones, whole-order refunds then partial ones (app/domain/orders/refunds.server.ts runRefunds,
// partial-refund-sending.server.ts runPartialRefunds; tests call those
// directly). Started once by server/process/serve.ts; rows live in the database, so a restart loses nothing.
import { runRefunds } from '~/domain/orders/refunds.server'
import { runPartialRefunds } from '~/domain/orders/partial-refund-sending.server'
import { creditBackEndedExchanges } from '~/domain/orders/exchanges.server'
import { getDb } from '~/infra/db.server'
import { gatewayForRefund } from '~/infra/payment-gateway.server'

export const REFUND_WORKER_SECONDS = 15

/** Starts the worker (one pass at once, then on an interval that does not keep the process alive). */
export function startRefundWorker(seconds = REFUND_WORKER_SECONDS): () => void {
  let running = false
  const tick = () => {
    if (running) return
    running = true
    runRefunds(getDb(), gatewayForRefund)
      // An exchange's replacement order that ended owes the returned pieces' credit back (ADR 105).
      .then(() => creditBackEndedExchanges(getDb()))
      .then(() => runPartialRefunds(getDb(), gatewayForRefund))
      .catch((error) => console.error('The refund worker failed', error))
      .finally(() => {
        running = false
      })
  }
  tick()
  const timer = setInterval(tick, seconds * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
