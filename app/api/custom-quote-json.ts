// The /api shape of a shopper's custom request with its quote and payment links (ADR 088): amounts in rupees.
import { paiseToRupees } from '~/lib/money'
import type { quoteOfShopper } from '~/domain/custom-orders/quote-payments.server'

type ShopperQuote = Awaited<ReturnType<typeof quoteOfShopper>>

const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise))

export function toApiCustomQuote(view: ShopperQuote) {
  const { quote } = view
  return {
    id: view.requestId,
    status: view.status,
    description: view.description,
    quote: {
      state: quote.state,
      message: quote.message,
      price: rupees(quote.pricePaise),
      dispatchBy: quote.dispatchBy,
      advancePercent: quote.advancePercent,
      advance: rupees(quote.advancePaise),
      balance: rupees(quote.balancePaise),
      expiresAt: quote.expiresAt,
      declinedBy: quote.declinedBy,
      declineReason: quote.declineReason,
      orderId: quote.orderId,
      says: quote.says,
    },
    due: view.due ? { kind: view.due.kind, amount: paiseToRupees(view.due.amountPaise) } : null,
    paymentLinks: view.links.map((link) => ({ kind: link.kind, amount: paiseToRupees(link.amountPaise), status: link.status, url: link.shortUrl, paidAt: link.paidAt })),
  }
}
