// Checkout's order summary: the cart's lines, the delivery fee and the total the shopper pays.
import { personalizationWords } from '~/lib/personalization'
import type { Cart } from '~/domain/cart/cart.server'
import type { CheckoutQuote } from '~/domain/orders/place-order.server'
import type { CheckoutDispatch } from '~/domain/catalog/dispatch-dates.server'
import { CART_MESSAGES } from '~/lib/cart'
import { formatPaise } from '~/lib/money'
import { LineItem } from './line-item'
import { DiscountLine, type DiscountSummary } from './discount-line'
import { OfferNotes, type OffersSummary } from './offer-notes'

/** `dispatch`: the day the order is expected to leave the studio and each line's making time (ADR 070). */
export function CheckoutSummary({
  cart,
  quote,
  dispatch,
  discount,
  offers,
}: {
  cart: Cart
  quote: CheckoutQuote
  dispatch?: CheckoutDispatch
  /** The cart's discount code (ADR 073): its saving is a line of its own above the delivery. */
  discount?: DiscountSummary | null
  /** The automatic offers in the prices and the free-delivery hint (ADR 078). */
  offers?: OffersSummary | null
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
        <DiscountLine discount={discount} />
        {cart.items.length ? (
          <div className="flex justify-between text-sm">
            <dt>Delivery</dt>
            <dd>{quote.deliveryFeePaise > 0 ? formatPaise(quote.deliveryFeePaise) : 'Free'}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-lg font-bold">
          <dt>Total</dt>
          <dd>{formatPaise(quote.totalPaise)}</dd>
        </div>
        {dispatch?.day ? (
          <div className="flex justify-between text-sm" data-dispatch-by={dispatch.day}>
            <dt>Expected dispatch</dt>
            <dd>by {dispatch.dayText}</dd>
          </div>
        ) : null}
      </dl>
    </>
  )
}
