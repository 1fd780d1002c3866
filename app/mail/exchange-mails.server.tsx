// The shopper's mails about an exchange (issue 31, ADR 105): the difference to pay (with its link),
// and the replacement order made (with the difference refunded or paid, or nothing to settle).
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { ButtonLink, Heading, MailLayout, Paragraph } from './layout'
import type { MailBrand, MailOrder, RenderedMail } from './types'
import { html, orderUrl, text } from './parts.server'

export type ExchangeMailKind = 'pay' | 'replaced'

export interface ExchangeMailFacts {
  returnNumber: number
  /** '1 × Ring (M · Blue)'. */
  piece: string
  differencePaise: number
  /** Where to pay (pay). */
  payUrl?: string
  /** The replacement order's number (replaced). */
  replacementNumber?: number
}

export function exchangeMail(brand: MailBrand, order: MailOrder, kind: ExchangeMailKind, facts: ExchangeMailFacts): RenderedMail {
  const number = formatOrderNumber(order.number)
  const which = `return ${facts.returnNumber} of order ${number}`
  const money =
    facts.differencePaise > 0
      ? `The difference of ${formatPaise(facts.differencePaise)} ${kind === 'pay' ? 'is to pay' : 'is paid'}.`
      : facts.differencePaise < 0
        ? `The difference of ${formatPaise(-facts.differencePaise)} is refunded to the card or UPI account you paid from.`
        : 'The new piece costs the same: there is nothing to pay.'
  const body =
    kind === 'pay'
      ? `The studio has approved the exchange of ${which} for ${facts.piece}.`
      : `Your exchange of ${which} is settled: ${facts.piece} ships as order ${formatOrderNumber(facts.replacementNumber ?? 0)}.`
  const lines = [body, money]
  const subject = kind === 'pay' ? `Exchange approved for order ${number}: pay the difference` : `Exchange settled for order ${number}`
  const link = kind === 'pay' && facts.payUrl ? facts.payUrl : orderUrl(brand, order.id)
  const label = kind === 'pay' ? 'Pay the difference' : 'View your order'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={body}>
        <Heading>{kind === 'pay' ? 'Your exchange is approved' : 'Your exchange is on its way'}</Heading>
        <Paragraph>Hi {order.userName},</Paragraph>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <ButtonLink href={link}>{label}</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, `Hi ${order.userName},`, ...lines, `${label}: ${link}`),
  }
}
