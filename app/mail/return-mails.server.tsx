// The shopper's mails about a return (issue 31, ADR 099): approved (with where to send the parcel),
// declined (with the owner's message), received, and refunded.
import { formatOrderNumber } from '~/lib/order-status'
import { RETURN_PICKUP_MESSAGES } from '~/lib/return-pickups'
import { ButtonLink, Heading, MailLayout, Paragraph } from './layout'
import type { MailBrand, MailOrder, RenderedMail } from './types'
import { html, orderUrl, text } from './parts.server'

export type ReturnMailKind = 'approved' | 'declined' | 'received' | 'refunded'

export interface ReturnMailFacts {
  returnNumber: number
  /** '1 × Ocean coaster' per piece. */
  pieces: string[]
  ownerMessage: string
  /** Where to send the parcel (approved, unless refunded without it). */
  sendTo: string | null
  /** The refund's amount in words ('₹499.00'), for 'refunded'. */
  amount?: string
  /** A booked courier pickup (ADR 104): the courier collects the parcel instead of the shopper sending it. */
  pickup?: { courier: string; awb: string; trackingUrl: string | null } | null
}

const HEADINGS: Record<ReturnMailKind, string> = {
  approved: 'Your return is approved',
  declined: 'We could not accept your return',
  received: 'We have received your return',
  refunded: 'Your return is refunded',
}

export function returnMail(brand: MailBrand, order: MailOrder, kind: ReturnMailKind, facts: ReturnMailFacts): RenderedMail {
  const number = formatOrderNumber(order.number)
  const which = `return ${facts.returnNumber} of order ${number}`
  const body = {
    approved: `The studio has approved ${which}.`,
    declined: `The studio has declined ${which}.`,
    received: `The studio has received the pieces of ${which}; the refund follows.`,
    refunded: `We have refunded ${facts.amount ?? ''} for ${which} to the card or UPI account you paid from.`,
  }[kind]
  const lines = [
    body,
    facts.pieces.length ? `Pieces: ${facts.pieces.join(', ')}` : null,
    facts.ownerMessage ? `Message from the studio: ${facts.ownerMessage}` : null,
    kind === 'approved' && facts.pickup ? RETURN_PICKUP_MESSAGES.courierWillCollect(facts.pickup.courier, facts.pickup.awb) : null,
    kind === 'approved' && facts.pickup?.trackingUrl ? `${RETURN_PICKUP_MESSAGES.track}: ${facts.pickup.trackingUrl}` : null,
    kind === 'approved' && !facts.pickup && facts.sendTo ? `Please pack the pieces well and send them to: ${facts.sendTo}` : null,
  ].filter((l): l is string => l !== null)
  const subject = {
    approved: `Return approved for order ${number}`,
    declined: `Return declined for order ${number}`,
    received: `Return received for order ${number}`,
    refunded: `Return refunded for order ${number}`,
  }[kind]
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={body}>
        <Heading>{HEADINGS[kind]}</Heading>
        <Paragraph>Hi {order.userName},</Paragraph>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <ButtonLink href={orderUrl(brand, order.id)}>View your order</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, `Hi ${order.userName},`, ...lines, `View your order: ${orderUrl(brand, order.id)}`),
  }
}
