// The shopper's mail when the studio gives back part of an order (ADR 087): the amount, the owner's
// reason, the pieces, and where the credit note is.
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { ButtonLink, Heading, MailLayout, Paragraph } from './layout'
import type { MailBrand, MailOrder, RenderedMail } from './types'
import { html, orderUrl, text } from './parts.server'

export interface RefundIssuedFacts {
  amountPaise: number
  reason: string
  /** '1 × Ocean coaster' per piece given back; empty for an amount. */
  pieces: string[]
  /** The refund's credit note is attached (it is issued once the money is back). */
  creditNoteAttached?: boolean
}

/** To the shopper when a partial refund was issued through the gateway. */
export function refundIssuedMail(brand: MailBrand, order: MailOrder, facts: RefundIssuedFacts): RenderedMail {
  const number = formatOrderNumber(order.number)
  const body = `We have issued a refund of ${formatPaise(facts.amountPaise)} for order ${number} to the card or UPI account you paid from. Banks take 5 to 7 working days to show it.`
  const reason = `Reason: ${facts.reason}`
  const pieces = facts.pieces.length ? `Refunded: ${facts.pieces.join(', ')}` : null
  const note = facts.creditNoteAttached ? 'The credit note is attached, and on your order page.' : 'The credit note is on your order page.'
  return {
    subject: `Refund issued for order ${number}`,
    html: html(
      <MailLayout brand={brand} preview={body}>
        <Heading>Your refund is on its way</Heading>
        <Paragraph>Hi {order.userName},</Paragraph>
        <Paragraph>{body}</Paragraph>
        <Paragraph>{reason}</Paragraph>
        {pieces ? <Paragraph>{pieces}</Paragraph> : null}
        <Paragraph>{note}</Paragraph>
        <ButtonLink href={orderUrl(brand, order.id)}>View your order</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, `Hi ${order.userName},`, body, reason, pieces, note, `View your order: ${orderUrl(brand, order.id)}`),
  }
}

/** To the shopper when a partial refund that was on its way is back with them: its credit note, attached (ADR 094). */
export function refundCreditNoteMail(brand: MailBrand, order: MailOrder, facts: { amountPaise: number; creditNote: string }): RenderedMail {
  const number = formatOrderNumber(order.number)
  const body = `The refund of ${formatPaise(facts.amountPaise)} for order ${number} has been paid back. Its credit note ${facts.creditNote} is attached.`
  return {
    subject: `Credit note for your refund on order ${number}`,
    html: html(
      <MailLayout brand={brand} preview={body}>
        <Heading>Your refund is back with you</Heading>
        <Paragraph>Hi {order.userName},</Paragraph>
        <Paragraph>{body}</Paragraph>
        <ButtonLink href={orderUrl(brand, order.id)}>View your order</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, `Hi ${order.userName},`, body, `View your order: ${orderUrl(brand, order.id)}`),
  }
}
