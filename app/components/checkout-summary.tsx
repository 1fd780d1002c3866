// Checkout's order summary: the cart's lines, the delivery fee and the total the shopper pays.
import { personalizationWords } from '~/lib/personalization'
import type { Cart } from '~/domain/cart/cart.server'
import type { CheckoutQuote } from '~/domain/orders/place-order.server'
import type { CheckoutDispatch } from '~/domain/catalog/dispatch-dates.server'
import { CART_MESSAGES } from '~/lib/cart'
import { LineItem } from './line-item'
import type { DiscountSummary } from './discount-line'
import { PriceBreakupRows } from './price-breakup'
import { OfferNotes, type OffersSummary } from './offer-notes'

/** `dispatch`: the day the order is expected to leave the studio and each line's making time (ADR 070). */
export function CheckoutSummary({
  cart,
  quote,
  dispatch,
  arrival,
  discount,
  offers,
  breakup,
}: {
  cart: Cart
  quote: CheckoutQuote
  dispatch?: CheckoutDispatch
  /** The day the parcel should reach the chosen address ('Tue 8 Dec'), once one is chosen (issue 30). */
  arrival?: string | null
  /** The cart's discount code (ADR 073): its saving is a line of its own above the delivery. */
  discount?: DiscountSummary | null
  /** The automatic offers in the prices and the free-delivery hint (ADR 078). */
  offers?: OffersSummary | null
  /**
   * Issue 32's price breakup before payment: the GST included in the total (as the invoice works it
   * out), and whether the delivery is the lowest any address pays, no address being chosen (ADR 085).
   */
  breakup?: { taxPaise: number; estimate: boolean }
}) {
  return (
    <>
      <h2 id="checkout-items" className="text-lg font-semibold">
        Your items
      </h2>
      {cart.items.length === 0 ? <p className="text-zinc-600">{CART_MESSAGES.emptyCart}</p> : null}
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {cart.items.map((line) => (
          <LineItem
            key={line.id}
            image={line.image}
            title={line.title}
            quantity={line.quantity}
            details={[line.variety, line.option2, line.color, ...personalizationWords(line.personalization), dispatch?.notes[line.id] ?? '']}
            totalPaise={line.lineTotalPaise}
            problem={line.problem}
          />
        ))}
      </ul>
      <OfferNotes offers={offers} />
      <dl className="grid gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        <PriceBreakupRows
          itemsPaise={quote.subtotalPaise}
          discount={discount}
          deliveryFeePaise={quote.deliveryFeePaise}
          totalPaise={quote.totalPaise}
          taxPaise={breakup ? breakup.taxPaise : null}
          estimate={breakup?.estimate ?? false}
          empty={cart.items.length === 0}
        />
        {dispatch?.day ? (
          <div className="flex justify-between text-sm" data-dispatch-by={dispatch.day}>
            <dt>Expected dispatch</dt>
            <dd>by {dispatch.dayText}</dd>
          </div>
        ) : null}
        {arrival ? (
          <div className="flex justify-between text-sm" data-delivery-by>
            <dt>Expected delivery</dt>
            <dd>by {arrival}</dd>
          </div>
        ) : null}
      </dl>
    </>
  )
}
