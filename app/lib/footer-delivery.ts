// The footer's one line on delivery (issue 30, ADR 093), from the same settings the checkout prices
// with: DELIVERY_FEE when the fee is flat; under zones (ADR 085) the lowest first-500 g rate of the
// owner's zones, or no amount when Shiprocket's rates price the parcel; and the free-delivery offer.
import { formatPaise } from './money'

export type FooterDelivery =
  | { pricing: 'flat'; feePaise: number; freeOverPaise: number | null }
  /** fromPaise: the cheapest zone's first 500 g, or null when the courier's own rates decide. */
  | { pricing: 'zones'; fromPaise: number | null; freeOverPaise: number | null }

export function footerDeliveryText(delivery: FooterDelivery): string {
  const free = delivery.freeOverPaise ? ` Free on orders of ${formatPaise(delivery.freeOverPaise)} or more.` : ''
  if (delivery.pricing === 'zones') {
    const from = delivery.fromPaise ? ` from ${formatPaise(delivery.fromPaise)}` : ''
    return `We deliver across India${from}, by where the parcel goes and what it weighs: the fee for your pincode is shown before you pay.${free}`
  }
  if (delivery.feePaise === 0) return 'We deliver across India, free.'
  return `We deliver across India for ${formatPaise(delivery.feePaise)} an order, shown at checkout.${free}`
}
