// What the payment provider's events do to orders (the provider's webhooks, read and their
// signatures checked by infrastructure into PaymentEvent): each event id is handled once, captured
// money confirms the order through confirmPayment, a failed attempt keeps the order payable, a
// settled refund moves the refund row.
import type { DB } from '../../../db/database'
import { confirmPayment, markPaymentFailed, PaymentRejected } from './payments.server'
import type { PaymentEvent } from './payment-gateway'
import { applySettledRefund } from './refunds.server'
import { applySettledPartialRefund } from './partial-refund-sending.server'

/** 'duplicate': this event id was handled before; 'ignored': recorded, nothing to do (or not ours). */
export type PaymentEventOutcome = 'processed' | 'duplicate' | 'ignored'

/**
 * Records the event, then applies it. An event handled before answers 'duplicate'; one that was
 * recorded but not finished (the process died) is applied again, which confirmPayment and the
 * refund rows make harmless.
 */
export async function handlePaymentEvent(db: DB, event: PaymentEvent): Promise<PaymentEventOutcome> {
  const inserted = await db
    .insertInto('webhook_events')
    .values({ id: event.id, event_type: event.name, gateway_order_id: event.gatewayOrderId, payload: event.rawBody })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const seen = await db.selectFrom('webhook_events').select('processed_at').where('id', '=', event.id).executeTakeFirst()
    if (seen?.processed_at) return 'duplicate'
  }
  const outcome = await apply(db, event)
  await db.updateTable('webhook_events').set({ processed_at: new Date().toISOString() }).where('id', '=', event.id).execute()
  return outcome
}

async function apply(db: DB, event: PaymentEvent): Promise<Exclude<PaymentEventOutcome, 'duplicate'>> {
  const change = event.change
  switch (change.kind) {
    case 'payment-captured': {
      // Only money in rupees confirms an order.
      if (change.currency !== 'INR') return 'ignored'
      try {
        await confirmPayment(db, { gatewayOrderId: change.gatewayOrderId, paymentId: change.paymentId, amountPaise: change.amountPaise, source: 'webhook' })
        return 'processed'
      } catch (error) {
        // An order that is not ours (another app on the same Razorpay account) or an amount that does
        // not match will not change on a redelivery: record the event and answer 200, so Razorpay does
        // not retry it for a day and then disable the webhook. Nothing was confirmed.
        if (!(error instanceof PaymentRejected)) throw error
        console.warn(`Webhook ${event.id} (${event.name}) for ${change.gatewayOrderId} was not applied: unknown order or amount mismatch`)
        return 'ignored'
      }
    }
    case 'payment-failed':
      await markPaymentFailed(db, change.gatewayOrderId, change.reason)
      return 'processed'
    case 'refund-settled':
      // A refund that is not one of ours (made by hand for another order) is recorded and ignored.
      return (await applySettledRefund(db, change.refund)) || (await applySettledPartialRefund(db, change.refund)) ? 'processed' : 'ignored'
    case 'none':
      return 'ignored'
  }
}
