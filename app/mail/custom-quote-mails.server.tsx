// The mails of a custom order's quote (ADR 088): the quote sent (with the accept and pay link), and
// the payment received for it (the advance, the balance or the whole price).
import { formatCustomOrderNumber } from '~/lib/custom-orders'
import { formatDay } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { ButtonLink, Heading, MailLayout, Muted, Paragraph } from './layout'
import type { MailBrand, RenderedMail } from './types'
import { html, text } from './parts.server'

export interface MailQuote {
  id: number
  name: string
  description: string
  message: string
  pricePaise: number
  dispatchBy: string
  advancePaise: number
  /** When the quote lapses (ISO). */
  expiresAt: string
  /** The signed link that accepts (then pays) or declines without a password. */
  answerUrl: string
}

const dayOf = (day: string) => `${formatDay(day)} ${day.slice(0, 4)}`

/** To the shopper: the studio's quote, its message, and the link to accept and pay, or decline. */
export function quoteSentMail(brand: MailBrand, quote: MailQuote): RenderedMail {
  const number = formatCustomOrderNumber(quote.id)
  const price = formatPaise(quote.pricePaise)
  const subject = `Your custom order ${number}: our quote is ${price}`
  const facts = [
    `Price: ${price}`,
    quote.advancePaise > 0 ? `Advance to start: ${formatPaise(quote.advancePaise)} (the balance before dispatch)` : '',
    `Expected dispatch: ${dayOf(quote.dispatchBy)}`,
    `The quote stands until ${dayOf(quote.expiresAt.slice(0, 10))}.`,
  ].filter(Boolean)
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={quote.message.slice(0, 100)}>
        <Heading>{subject}</Heading>
        <Paragraph>Hi {quote.name},</Paragraph>
        <Paragraph>{quote.message}</Paragraph>
        {facts.map((fact) => (
          <Paragraph key={fact}>{fact}</Paragraph>
        ))}
        <ButtonLink href={quote.answerUrl}>Accept and pay, or decline</ButtonLink>
        <Muted>What you asked for: {quote.description.slice(0, 300)}</Muted>
      </MailLayout>,
    ),
    text: text(brand, subject, `Hi ${quote.name},`, quote.message, facts.join('\n'), `Accept and pay, or decline: ${quote.answerUrl}`),
  }
}

/** To the shopper: the payment for her custom order came in, and what is left. */
export function quotePaidMail(
  brand: MailBrand,
  paid: { id: number; name: string; amountPaise: number; kind: 'full' | 'advance' | 'balance'; orderNumber: number; balancePaise: number },
): RenderedMail {
  const number = formatCustomOrderNumber(paid.id)
  const subject = `Payment received for your custom order ${number}`
  const line =
    paid.kind === 'advance'
      ? `We received your advance of ${formatPaise(paid.amountPaise)}: the making starts. We will ask for the balance of ${formatPaise(paid.balancePaise)} before dispatch.`
      : `We received ${formatPaise(paid.amountPaise)}. Your piece is order #${paid.orderNumber}.`
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={line}>
        <Heading>{subject}</Heading>
        <Paragraph>
          Hi {paid.name}, {line}
        </Paragraph>
        <ButtonLink href={`${brand.publicUrl}/shop/account`}>See it in your account</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, subject, `Hi ${paid.name}, ${line}`, `See it in your account: ${brand.publicUrl}/shop/account`),
  }
}
