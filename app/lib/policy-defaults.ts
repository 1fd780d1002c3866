// Each policy page's default text, written from the shop's own settings (name, seller, contact, hours,
// delivery fee, return window) when the owner has not written a version of her own: the page stays
// right when a setting changes. The words follow what the shop does (docs/features.md): Razorpay for
// cards, UPI and net banking, no cash on delivery, cancel until the studio accepts the order with a
// full refund, a GST invoice for each paid order.
import type { GrievanceOfficer } from './grievance-officer'
import { formatPaise } from './money'
import { type PolicySlug, STUDIO_HOURS } from './policies'

/** What the default texts say of the shop, from its settings. */
export interface PolicyFacts {
  shopName: string
  /** The seller's legal name (SELLER_LEGAL_NAME, else the shop's name). */
  legalName: string
  /** The seller's address lines; none when not set. */
  address: string[]
  gstin: string | null
  email: string
  phone: string
  /** A flat fee an order (DELIVERY_FEE); 0: free delivery. */
  deliveryFeePaise: number
  /** Priced by zone (DELIVERY_PRICING=zones, ADR 085): each zone's name, first 500 g, each further 500 g and days; else absent. */
  deliveryZones?: { name: string; firstSlabPaise: number; extraSlabPaise: number; transitDays: number }[]
  /** The free-delivery offer's amount when one runs (ADR 078), else absent. */
  freeDeliveryOverPaise?: number | null
  returnWindowDays: number
  /** The owner's returns policy (issue 31, ADR 099): the reasons she takes (as shoppers read them), whether personalised and made-to-order pieces come back only when damaged or wrong, and where a return is sent. */
  returns: { reasons: string[]; specialOnlyFault: boolean; sendTo: string }
  /** The seller's grievance officer (E-Commerce Rules 2020). */
  grievanceOfficer: GrievanceOfficer
}

const addressLine = (facts: PolicyFacts) => (facts.address.length ? facts.address.join(', ') : null)

function seller(facts: PolicyFacts): string[] {
  return [
    `- Seller: ${facts.legalName}`,
    ...(addressLine(facts) ? [`- Address: ${addressLine(facts)}`] : []),
    ...(facts.gstin ? [`- GSTIN: ${facts.gstin}`] : []),
    `- Email: ${facts.email}`,
    `- Phone: ${facts.phone} (${STUDIO_HOURS})`,
  ]
}

function grievance(facts: PolicyFacts): string[] {
  const officer = facts.grievanceOfficer
  return [
    '## Grievance officer',
    'If we have not settled a complaint, write to our grievance officer. We acknowledge a complaint within 48 hours and resolve it within one month.',
    `- ${officer.name}, ${officer.designation}`,
    `- Email: ${officer.email}`,
    `- Phone: ${officer.phone}`,
    'Or use the complaint form at /shop/complaint: you get a ticket number at once and an acknowledgement by mail.',
  ]
}

function deliveryFee(facts: PolicyFacts): string {
  const free = facts.freeDeliveryOverPaise ? ` Delivery is free on orders of ${formatPaise(facts.freeDeliveryOverPaise)} or more (after any discount).` : ''
  if (facts.deliveryZones?.length) {
    return `Delivery is priced by where the parcel goes and what it weighs: the larger of its weight and its size (length x breadth x height in cm / 5000, in kg), in steps of 500 g. The fee for your address is shown in your cart and at checkout, before you pay, and is part of the total you pay.${free}`
  }
  return (facts.deliveryFeePaise > 0
    ? `Delivery costs ${formatPaise(facts.deliveryFeePaise)} an order, wherever in India it goes. The fee is shown in your cart and at checkout, before you pay, and is part of the total you pay.`
    : 'Delivery is free on every order, wherever in India it goes.') + free
}

/** The zones' table for the shipping page (priced by zone only). */
function deliveryZones(facts: PolicyFacts): string[] {
  if (!facts.deliveryZones?.length) return []
  return [
    '',
    '## Delivery zones',
    'From our studio, the zone is set by the pincode you deliver to:',
    ...facts.deliveryZones.map(
      (zone) =>
        `- ${zone.name}: ${formatPaise(zone.firstSlabPaise)} for the first 500 g, ${formatPaise(zone.extraSlabPaise)} for each further 500 g; about ${zone.transitDays} working days after the parcel leaves.`,
    ),
    'An address our couriers do not serve is refused at checkout, before you pay.',
  ]
}

const TEXTS: Record<PolicySlug, (facts: PolicyFacts) => string[]> = {
  terms: (f) => [
    `These terms apply when you browse or buy from ${f.shopName}. By placing an order you agree to them.`,
    '',
    '## Who we are',
    ...seller(f),
    '',
    '## Our pieces',
    'Every piece is handmade in resin. Colours, flakes, flowers and bubbles differ a little from piece to piece and from the photos: that is part of handmade work, not a defect.',
    '',
    '## Prices and payment',
    '- Prices are in Indian rupees and include GST. Each paid order gets a GST invoice, which you can download from the order page.',
    `- ${deliveryFee(f)}`,
    '- You pay online through Razorpay, by card, UPI or net banking. We do not offer cash on delivery.',
    '- Your order is placed once the payment is confirmed. If a piece sells out while you pay, we cancel that order and refund you in full.',
    '',
    '## Cancellation, refunds and returns',
    'See our Refund and Cancellation, Returns and Shipping and Delivery pages.',
    '',
    '## Reviews and custom requests',
    'Reviews come from shoppers who bought the piece. We may hide a review that is abusive or not about the piece. Photos and words you send with a custom request are used only to quote and make your piece.',
    '',
    '## The law',
    'These terms are governed by the laws of India. For a complaint, write to us first (see Contact Us); we answer within 48 hours.',
    '',
    ...grievance(f),
  ],
  privacy: (f) => [
    `${f.legalName} runs ${f.shopName}. This notice says what we keep about you, why, and what you can ask of us.`,
    '',
    '## What we keep',
    '- Your name, email address and password (kept only as a secure hash) when you create an account.',
    '- Your delivery addresses and phone number, to deliver your orders and reach you about them.',
    '- Your orders, invoices, reviews and custom requests.',
    '- Cookies that keep you signed in, keep your cart and remember your light or dark theme. We use no advertising or tracking cookies.',
    '',
    '## Payments',
    'Payments go through Razorpay. Your card and UPI details are entered with Razorpay and never reach us; we keep only the payment\'s reference and status.',
    '',
    '## Why and with whom',
    '- To make, send and bill your orders, and to answer you.',
    '- With the courier who delivers your parcel (your name, address and phone) and with Razorpay (the amount and your contact details).',
    '- We do not sell or rent your data, and we send no marketing mail unless you ask for it.',
    '',
    '## How long',
    'Invoices and order records are kept for eight years, as Indian tax law requires. The rest is kept while you have an account.',
    '',
    '## Your rights',
    'In your account you can download your data as a file, and delete your account: your personal details are erased at once, while orders and invoices keep what tax law requires for eight years.',
    `You may also ask to see, correct or delete your data: write to ${f.email}. We answer within 48 hours.`,
  ],
  refunds: (f) => [
    '## Cancelling an order',
    '- You can cancel an order yourself from its page in your account until the studio accepts it. You get a full refund, delivery included.',
    '- Once the studio has accepted an order, the piece is being made or packed and the order can no longer be cancelled.',
    '- If we cannot fulfil an order (a piece sold out, or cannot be made), we cancel it and refund you in full.',
    '',
    '## Refunds',
    '- Refunds go back through Razorpay to the card, UPI account or bank you paid with. We start them at once; your bank usually shows them within 5 to 7 working days.',
    '- The order page shows the refund and the day it was processed, and a credit note for your records.',
    `- For a piece that arrived damaged, defective or not what you ordered, see our Returns page: you have ${f.returnWindowDays} days from delivery.`,
    '- We do not offer cash on delivery, so there are no cash refunds.',
    '',
    '## Questions',
    `Write to ${f.email} or call ${f.phone} (${STUDIO_HOURS}).`,
  ],
  shipping: (f) => [
    '## Where we deliver',
    'We deliver to addresses across India through a courier. We do not ship outside India.',
    '',
    '## What it costs',
    deliveryFee(f),
    ...deliveryZones(f),
    '',
    '## When it leaves',
    '- Each product page says when the piece leaves the studio. Pieces made to order take the working days shown on their page; the studio works Monday to Saturday.',
    '- Once your parcel is on its way, the order page shows the courier and the tracking number, and we write to you.',
    '- Most parcels arrive 3 to 7 days after they leave the studio, depending on the distance.',
    '',
    '## Payment',
    'Orders are paid online through Razorpay before they leave. We do not offer cash on delivery.',
    '',
    '## A parcel that arrives damaged',
    `Take photos of the parcel and the piece, and ask for a return from your order page within ${f.returnWindowDays} days of delivery (see Returns).`,
  ],
  returns: (f) => [
    '## Our return window',
    f.returnWindowDays > 0
      ? `You can ask to return a piece within ${f.returnWindowDays} ${f.returnWindowDays === 1 ? 'day' : 'days'} of delivery, for these reasons: ${f.returns.reasons.join(', ')}.`
      : `We do not take pieces back after delivery. If a piece arrives damaged, write to ${f.email} at once.`,
    '',
    '## How to ask',
    '- Open the order in your account (Account, then Orders) and choose Return pieces: which pieces, how many and why. For a damaged piece, describe the damage.',
    '- We approve or decline your request within 48 hours; the order page and a mail tell you which, with our message.',
    `- Send an approved return to: ${f.returns.sendTo}. For a piece damaged in transit we may refund you without asking for it back.`,
    '- When the fault is ours, we pay for the return.',
    '',
    '## What cannot be returned',
    ...(f.returns.specialOnlyFault
      ? ['- Personalised pieces (with a name, a date or your own flowers), made-to-order pieces and custom orders, unless they arrived damaged or are the wrong piece.']
      : []),
    '- Pieces that have been used or damaged after delivery.',
    '',
    '## Refunds',
    'Once the piece is back with us (or we refund a damaged piece without it), the refund goes through Razorpay to the card, UPI account or bank you paid with; your bank usually shows it within 5 to 7 working days. The order page shows each refund and its credit note.',
  ],
  contact: (f) => [
    `We are ${f.shopName}, a small resin art studio. Write, call or visit us.`,
    '',
    '## Reach us',
    ...seller(f),
    '',
    '## Hours',
    `${STUDIO_HOURS}. We answer mail within 48 hours.`,
    '',
    '## Custom pieces',
    'For a custom piece, use the custom order form in the shop: tell us what you have in mind and we send a quote.',
    '',
    ...grievance(f),
  ],
}

/** The default text of a policy page, from the shop's settings. */
export function defaultPolicyText(slug: PolicySlug, facts: PolicyFacts): string {
  return TEXTS[slug](facts).join('\n')
}
