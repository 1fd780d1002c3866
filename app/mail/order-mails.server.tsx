// The mails of an order's life: confirmation, the owner's new-order note, status changes, low stock
// and the owner's alerts, as HTML and plain text from plain data; the domain puts them in the outbox.
import { formatDispatchDay } from '~/lib/dispatch'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { ButtonLink, Heading, MailLayout, Muted, Paragraph } from './layout'
import type { MailBrand, MailOrder, RenderedMail } from './types'
import { Address, addressLines, adminOrderUrl, html, LinesTable, linesText, orderUrl, testNote, text } from './parts.server'

/** To the shopper once the payment is confirmed: lines, varieties, total, address, a link to the order. */
export function orderConfirmationMail(brand: MailBrand, order: MailOrder): RenderedMail {
  const number = formatOrderNumber(order.number)
  const subject = `Order ${number} confirmed: thank you!`
  // Counted from the payment, in working days (ADR 070).
  const dispatch = order.dispatchBy ? `We expect to dispatch it by ${formatDispatchDay(order.dispatchBy)}.` : null
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={`We have your order ${number} and your payment of ${formatPaise(order.totalPaise)}.`}>
        <Heading>Thank you for your order, {order.userName}!</Heading>
        <Paragraph>
          We have received your payment for order <strong>{number}</strong>. We will write again when it is on its way.
        </Paragraph>
        {dispatch ? <Paragraph>{dispatch}</Paragraph> : null}
        {order.gateway === 'test' ? <Muted>{testNote}</Muted> : null}
        <LinesTable order={order} />
        <Address order={order} />
        <ButtonLink href={orderUrl(brand, order.id)}>View your order</ButtonLink>
      </MailLayout>,
    ),
    text: text(
      brand,
      `Thank you for your order, ${order.userName}!`,
      `We have received your payment for order ${number}. We will write again when it is on its way.`,
      dispatch,
      order.gateway === 'test' && testNote,
      linesText(order),
      `Shipping to:\n${addressLines(order).join('\n')}`,
      `View your order: ${orderUrl(brand, order.id)}`,
    ),
  }
}

/** To the owner when an order is paid. */
export function ownerNewOrderMail(brand: MailBrand, order: MailOrder): RenderedMail {
  const number = formatOrderNumber(order.number)
  const subject = `New paid order ${number}: ${formatPaise(order.totalPaise)}${order.gateway === 'test' ? ' (test)' : ''}`
  const buyer = `${order.userName} <${order.email}>`
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={`${buyer} paid ${formatPaise(order.totalPaise)}.`}>
        <Heading>New paid order {number}</Heading>
        <Paragraph>
          From {order.userName} ({order.email}).
        </Paragraph>
        {order.gateway === 'test' ? <Muted>{testNote}</Muted> : null}
        <LinesTable order={order} />
        <Address order={order} />
        <ButtonLink href={adminOrderUrl(brand, order.id)}>Open the order</ButtonLink>
      </MailLayout>,
    ),
    text: text(
      brand,
      `New paid order ${number}`,
      `From ${buyer}.`,
      order.gateway === 'test' && testNote,
      linesText(order),
      `Shipping to:\n${addressLines(order).join('\n')}`,
      `Open the order: ${adminOrderUrl(brand, order.id)}`,
    ),
  }
}

/** To the owner when a shelf's stock (a size or colour's, or the product's own) falls below the threshold. */
export function lowStockMail(
  brand: MailBrand,
  input: { productId: string; title: string; choice: string; stock: number; threshold: number },
): RenderedMail {
  const name = input.choice ? `${input.title}, ${input.choice}` : input.title
  const subject = `Low stock: ${name} (${input.stock} left)`
  const link = `${brand.publicUrl}/admin/products/${encodeURIComponent(input.productId)}/edit`
  const body = `${name} has ${input.stock} left in stock, below ${input.threshold}.`
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={body}>
        <Heading>Low stock</Heading>
        <Paragraph>{body}</Paragraph>
        <ButtonLink href={link}>Edit the product</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, body, `Edit the product: ${link}`),
  }
}

/** The statuses a shopper hears about, and 'refunded' (the payment's, not the order's). */
export const SHOPPER_MAIL_STATUSES = ['inProcess', 'inShipping', 'delivered', 'cancelled', 'rejected', 'refunded', 'outForDelivery', 'deliveryFailed'] as const
export type ShopperMailStatus = (typeof SHOPPER_MAIL_STATUSES)[number]

export interface StatusMailExtra {
  /** Shipped: the carrier's tracking number, and where to follow it. */
  tracking?: { number?: string | null; carrier?: string; url?: string | null }
  /** Refunded: the amount, when not the whole order. */
  refundPaise?: number
  /** A sentence from the shop (e.g. why an order was rejected). */
  note?: string
}

const STATUS_WORDS: Record<ShopperMailStatus, { subject: (n: string) => string; heading: string; body: (n: string) => string }> = {
  inProcess: {
    subject: (n) => `Order ${n} accepted: we are making it`,
    heading: 'We are making your order',
    body: (n) => `We have accepted order ${n} and started making it by hand.`,
  },
  inShipping: {
    subject: (n) => `Order ${n} shipped`,
    heading: 'Your order is on its way',
    body: (n) => `Order ${n} has left the studio.`,
  },
  delivered: {
    subject: (n) => `Order ${n} delivered`,
    heading: 'Your order was delivered',
    body: (n) => `Order ${n} was delivered. We hope you love it!`,
  },
  cancelled: {
    subject: (n) => `Order ${n} cancelled`,
    heading: 'Your order was cancelled',
    body: (n) => `Order ${n} was cancelled.`,
  },
  rejected: {
    subject: (n) => `Order ${n} could not be accepted`,
    heading: 'We could not take your order',
    body: (n) => `We are sorry: we could not accept order ${n}.`,
  },
  // The courier's scan (ADR 086), not an order status.
  outForDelivery: {
    subject: (n) => `Order ${n} is out for delivery`,
    heading: 'Your order arrives today',
    body: (n) => `The courier is out delivering order ${n} today.`,
  },
  // A failed delivery attempt (NDR, ADR 102): one mail per attempt; the note says why and what next.
  deliveryFailed: {
    subject: (n) => `Order ${n}: the courier could not deliver it`,
    heading: 'We could not deliver your order',
    body: (n) => `The courier tried to deliver order ${n} but could not.`,
  },
  refunded: {
    subject: (n) => `Refund for order ${n} processed`,
    heading: 'Your refund is on its way',
    body: (n) => `We have refunded your payment for order ${n}. Banks take 5 to 7 working days to show it.`,
  },
}

/** A status change the shopper cares about. */
export function orderStatusChangeMail(brand: MailBrand, order: MailOrder, status: ShopperMailStatus, extra: StatusMailExtra = {}): RenderedMail {
  const number = formatOrderNumber(order.number)
  const words = STATUS_WORDS[status]
  const tracking = extra.tracking
  const trackingText = tracking
    ? [
        tracking.carrier ? `Carrier: ${tracking.carrier}` : null,
        tracking.number ? `Tracking number: ${tracking.number}` : null,
        tracking.url ? `Track it: ${tracking.url}` : null,
      ]
        .filter(Boolean)
        .join('\n')
    : null
  const refund = status === 'refunded' ? `Amount refunded: ${formatPaise(extra.refundPaise ?? order.totalPaise)}` : null
  return {
    subject: words.subject(number),
    html: html(
      <MailLayout brand={brand} preview={words.body(number)}>
        <Heading>{words.heading}</Heading>
        <Paragraph>Hi {order.userName},</Paragraph>
        <Paragraph>{words.body(number)}</Paragraph>
        {extra.note ? <Paragraph>{extra.note}</Paragraph> : null}
        {tracking ? (
          <Paragraph>
            {tracking.carrier ? `Carrier: ${tracking.carrier}. ` : ''}
            {tracking.number ? (
              <>
                Tracking number: <strong>{tracking.number}</strong>{' '}
              </>
            ) : null}
            {tracking.url ? <a href={tracking.url}>Track it</a> : null}
          </Paragraph>
        ) : null}
        {refund ? <Paragraph>{refund}</Paragraph> : null}
        <ButtonLink href={orderUrl(brand, order.id)}>View your order</ButtonLink>
      </MailLayout>,
    ),
    text: text(
      brand,
      `Hi ${order.userName},`,
      words.body(number),
      extra.note,
      trackingText,
      refund,
      `View your order: ${orderUrl(brand, order.id)}`,
    ),
  }
}

/** To the owner: something needs a person (a refund that failed, ...). */
export function ownerAlertMail(brand: MailBrand, input: { subject: string; lines: string[]; link?: { href: string; label: string } }): RenderedMail {
  return {
    subject: input.subject,
    html: html(
      <MailLayout brand={brand} preview={input.lines[0] ?? input.subject}>
        <Heading>{input.subject}</Heading>
        {input.lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        {input.link ? <ButtonLink href={input.link.href}>{input.link.label}</ButtonLink> : null}
      </MailLayout>,
    ),
    text: text(brand, ...input.lines, input.link && `${input.link.label}: ${input.link.href}`),
  }
}
