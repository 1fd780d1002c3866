// Every mail the shop sends, as HTML (React, rendered to static markup) and as plain text, from
// plain data. The domain reads the data and puts the result in the outbox (app/domain/messaging/mail.server.ts).
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { VARIETY_LABELS } from '~/lib/catalog'
import { formatCustomOrderNumber } from '~/lib/custom-orders'
import { formatDay } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { ButtonLink, COLORS, Heading, MailLayout, Muted, Paragraph } from './layout'
import type { MailBrand, MailOrder, MailOrderLine, RenderedMail } from './types'

export type { MailBrand, MailOrder, RenderedMail } from './types'

function html(element: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`
}

/** Text mails: paragraphs, then the shop's name and address. */
function text(brand: MailBrand, ...parts: (string | null | false | undefined)[]): string {
  return `${[...parts.filter((p): p is string => Boolean(p)), `${brand.shopName}\n${brand.publicUrl}`].join('\n\n')}\n`
}

export const orderUrl = (brand: MailBrand, orderId: string) => `${brand.publicUrl}/shop/account/orders/${encodeURIComponent(orderId)}`
export const adminOrderUrl = (brand: MailBrand, orderId: string) => `${brand.publicUrl}/admin/orders/${encodeURIComponent(orderId)}`

function lineDetails(line: MailOrderLine): string {
  const variety = line.varietyType && line.varietyName ? `${VARIETY_LABELS[line.varietyType]}: ${line.varietyName}` : ''
  const color = line.color ? `Colour: ${line.color}` : ''
  return [variety, color].filter(Boolean).join(', ')
}

function LinesTable({ order }: { order: MailOrder }) {
  const cell = { padding: '8px 0', borderBottom: `1px solid ${COLORS.line}`, verticalAlign: 'top' as const }
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: '100%', borderCollapse: 'collapse', margin: '0 0 12px' }}>
      <tbody>
        {order.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
          <tr key={i}>
            <td style={cell}>
              <strong>{line.title}</strong> × {line.quantity}
              {lineDetails(line) ? <div style={{ color: COLORS.muted, fontSize: 13 }}>{lineDetails(line)}</div> : null}
            </td>
            <td style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: 8 }}>{formatPaise(line.unitPricePaise * line.quantity)}</td>
          </tr>
        ))}
        {order.deliveryFeePaise > 0 ? (
          <tr>
            <td style={cell}>Delivery</td>
            <td style={{ ...cell, textAlign: 'right' }}>{formatPaise(order.deliveryFeePaise)}</td>
          </tr>
        ) : null}
        <tr>
          <td style={{ padding: '8px 0', fontWeight: 700 }}>Total</td>
          <td style={{ padding: '8px 0', fontWeight: 700, textAlign: 'right', whiteSpace: 'nowrap' }}>{formatPaise(order.totalPaise)}</td>
        </tr>
      </tbody>
    </table>
  )
}

function linesText(order: MailOrder): string {
  const lines = order.lines.map((line) => {
    const details = lineDetails(line)
    return `- ${line.title} x ${line.quantity}${details ? ` (${details})` : ''}: ${formatPaise(line.unitPricePaise * line.quantity)}`
  })
  if (order.deliveryFeePaise > 0) lines.push(`- Delivery: ${formatPaise(order.deliveryFeePaise)}`)
  lines.push(`Total: ${formatPaise(order.totalPaise)}`)
  return lines.join('\n')
}

function addressLines(order: MailOrder): string[] {
  const a = order.address
  return [
    a.name || order.userName,
    a.addressLine,
    a.landmark ? `Landmark: ${a.landmark}` : '',
    `${a.city}, ${a.state} ${a.pincode}`,
    a.country,
    `Phone: ${a.phone}`,
  ].filter(Boolean)
}

function Address({ order }: { order: MailOrder }) {
  return (
    <div style={{ background: COLORS.panel, padding: 12, borderRadius: 6, margin: '0 0 12px', fontSize: 14 }}>
      <div style={{ fontWeight: 600, marginBottom: 4 }}>Shipping to</div>
      {addressLines(order).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  )
}

const testNote = 'Test order: paid through the TEST MODE gateway, no money moved.'

/** To the shopper once the payment is confirmed: lines, varieties, total, address, a link to the order. */
export function orderConfirmationMail(brand: MailBrand, order: MailOrder): RenderedMail {
  const number = formatOrderNumber(order.number)
  const subject = `Order ${number} confirmed: thank you!`
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={`We have your order ${number} and your payment of ${formatPaise(order.totalPaise)}.`}>
        <Heading>Thank you for your order, {order.userName}!</Heading>
        <Paragraph>
          We have received your payment for order <strong>{number}</strong>. We will write again when it is on its way.
        </Paragraph>
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

/** The reset link; it works once, for `minutes`. */
export function passwordResetMail(brand: MailBrand, input: { userName: string; link: string; minutes: number }): RenderedMail {
  const subject = `Reset your ${brand.shopName} password`
  const ignore = 'If you did not ask for this, ignore this mail: your password stays as it is.'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={`The link works once, for ${input.minutes} minutes.`}>
        <Heading>Reset your password</Heading>
        <Paragraph>Hi {input.userName}, someone (we hope you) asked to reset the password of your account.</Paragraph>
        <ButtonLink href={input.link}>Choose a new password</ButtonLink>
        <Paragraph>The link works once, for {input.minutes} minutes. Setting a new password signs you out everywhere.</Paragraph>
        <Muted>{ignore}</Muted>
        <Muted>
          {/* A 40-character token has no place to break: without break-all it ran past a phone's screen. */}
          If the button does not work, open this address: <span style={{ wordBreak: 'break-all' }}>{input.link}</span>
        </Muted>
      </MailLayout>,
    ),
    text: text(
      brand,
      `Hi ${input.userName}, someone (we hope you) asked to reset the password of your account.`,
      `Choose a new password: ${input.link}`,
      `The link works once, for ${input.minutes} minutes. Setting a new password signs you out everywhere.`,
      ignore,
    ),
  }
}

/**
 * To an account's own address when someone registers with it: registration answers the same for a
 * known email as for a new one (nobody learns who has an account), so its owner is told here. Names
 * only what the account holds, nothing the person registering typed.
 */
export function accountExistsMail(brand: MailBrand, input: { userName: string }): RenderedMail {
  const subject = `You already have a ${brand.shopName} account`
  const login = `${brand.publicUrl}/auth/login`
  const reset = `${brand.publicUrl}/auth/forgot-password`
  const line = 'Someone (we hope you) just tried to create an account with this email address, which already has one.'
  const ignore = 'If it was not you, ignore this mail: nothing was changed and no new account was made.'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={line}>
        <Heading>You already have an account</Heading>
        <Paragraph>
          Hi {input.userName}, {line}
        </Paragraph>
        <ButtonLink href={login}>Log in</ButtonLink>
        <Paragraph>Forgotten your password? Choose a new one: {reset}</Paragraph>
        <Muted>{ignore}</Muted>
      </MailLayout>,
    ),
    text: text(brand, `Hi ${input.userName}, ${line}`, `Log in: ${login}`, `Forgotten your password? Choose a new one: ${reset}`, ignore),
  }
}

/** To the owner when a product's stock falls below the threshold. */
export function lowStockMail(brand: MailBrand, input: { productId: string; title: string; stock: number; threshold: number }): RenderedMail {
  const subject = `Low stock: ${input.title} (${input.stock} left)`
  const link = `${brand.publicUrl}/admin/products/${encodeURIComponent(input.productId)}/edit`
  const body = `${input.title} has ${input.stock} left in stock, below ${input.threshold}.`
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
export const SHOPPER_MAIL_STATUSES = ['inProcess', 'inShipping', 'delivered', 'cancelled', 'rejected', 'refunded'] as const
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

/** A custom-order request as its mails take it. */
export interface MailCustomOrder {
  id: number
  name: string
  phone: string
  email: string
  description: string
  occasion: string
  budgetPaise: number
  neededBy: string
  quotedPaise: number | null
  photoCount: number
  /** True when it was sent signed in: the shopper follows it in Account. */
  signedIn: boolean
}

export const adminCustomOrderUrl = (brand: MailBrand, id: number) => `${brand.publicUrl}/admin/custom-orders/${id}`

function customOrderFacts(request: MailCustomOrder): string[] {
  return [
    `What: ${request.description}`,
    request.occasion ? `Occasion: ${request.occasion}` : '',
    `Budget: ${formatPaise(request.budgetPaise)}`,
    `Needed by: ${formatDay(request.neededBy)} ${request.neededBy.slice(0, 4)}`,
    request.photoCount ? `Reference photos: ${request.photoCount}` : '',
  ].filter(Boolean)
}

/** To the owner: a new custom-order request, with the way to reach the person. */
export function ownerCustomOrderMail(brand: MailBrand, request: MailCustomOrder): RenderedMail {
  const number = formatCustomOrderNumber(request.id)
  const subject = `New custom order request ${number} from ${request.name}`
  const contact = `${request.name}, ${request.phone}, ${request.email}`
  const facts = customOrderFacts(request)
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={`${request.name} would like: ${request.description.slice(0, 80)}`}>
        <Heading>New custom order request {number}</Heading>
        <Paragraph>From {contact}.</Paragraph>
        {facts.map((fact) => (
          <Paragraph key={fact}>{fact}</Paragraph>
        ))}
        <ButtonLink href={adminCustomOrderUrl(brand, request.id)}>Open the request</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, `New custom order request ${number}`, `From ${contact}.`, facts.join('\n'), `Open the request: ${adminCustomOrderUrl(brand, request.id)}`),
  }
}

/** How the person who asked reaches the studio: in the mail to them instead of anything they typed. */
export interface MailContact {
  email: string
  phone: string
}

/**
 * To the person who asked: we have it, and what happens next. Anyone can type anyone's email into
 * the form, so this mail carries nothing the requester typed (no name, no description: a name such
 * as "URGENT: verify your account at https://..." would go out under the shop's name); only the
 * reference number, dates and sums the form parsed, and the studio's own contact. The owner's copy
 * has it all.
 */
export function customOrderReceivedMail(brand: MailBrand & { contact: MailContact }, request: MailCustomOrder): RenderedMail {
  const { contact } = brand
  const number = formatCustomOrderNumber(request.id)
  const subject = `We have your custom order request ${number}`
  const next = 'We will reply with a price within two working days.'
  const follow = request.signedIn ? `You can follow it in your account: ${brand.publicUrl}/shop/account` : ''
  const facts = [
    `Budget: ${formatPaise(request.budgetPaise)}`,
    `Needed by: ${formatDay(request.neededBy)} ${request.neededBy.slice(0, 4)}`,
    request.photoCount ? `Reference photos: ${request.photoCount}` : '',
  ].filter(Boolean)
  const reach = `Questions? Write to ${contact.email} or call ${contact.phone}, quoting ${number}.`
  const notYou = 'If you did not ask us for anything, ignore this mail: someone may have typed your address by mistake.'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={next}>
        <Heading>Thank you for your request</Heading>
        <Paragraph>We have your custom order request {number}. {next}</Paragraph>
        {facts.map((fact) => (
          <Paragraph key={fact}>{fact}</Paragraph>
        ))}
        {request.signedIn ? <ButtonLink href={`${brand.publicUrl}/shop/account`}>Follow it in your account</ButtonLink> : null}
        <Paragraph>{reach}</Paragraph>
        <Muted>{notYou}</Muted>
      </MailLayout>,
    ),
    text: text(brand, 'Thank you for your request', `We have your custom order request ${number}. ${next}`, facts.join('\n'), follow, reach, notYou),
  }
}

/** To the person who asked: the studio quoted, started, declined or finished their piece. */
export function customOrderStatusMail(
  brand: MailBrand,
  request: MailCustomOrder,
  status: 'quoted' | 'accepted' | 'declined' | 'done',
): RenderedMail {
  const number = formatCustomOrderNumber(request.id)
  const price = request.quotedPaise === null ? '' : formatPaise(request.quotedPaise)
  const words = {
    quoted: { subject: `Your custom order ${number}: our price is ${price}`, line: `We can make it for ${price}. Reply to this mail or call us to go ahead.` },
    accepted: { subject: `Your custom order ${number} is being made`, line: `Thank you for going ahead: we are making your piece (${price}).` },
    declined: { subject: `Your custom order request ${number}`, line: 'We are sorry: we cannot take this request on. Reply to this mail if you would like to talk about another idea.' },
    done: { subject: `Your custom order ${number} is ready`, line: 'Your piece is done. Thank you for trusting us with it.' },
  }[status]
  // A declined request may be spam sent in someone else's name: its mail repeats nothing typed into
  // the form. The others follow a request the studio read and took up.
  const typed = status !== 'declined'
  const greeting = typed ? `Hi ${request.name}, ${words.line}` : `Hello, ${words.line}`
  const asked = typed ? `What you asked for: ${request.description.slice(0, 300)}` : ''
  return {
    subject: words.subject,
    html: html(
      <MailLayout brand={brand} preview={words.line}>
        <Heading>{words.subject}</Heading>
        <Paragraph>{greeting}</Paragraph>
        {asked ? <Muted>{asked}</Muted> : null}
        {request.signedIn ? <ButtonLink href={`${brand.publicUrl}/shop/account`}>See it in your account</ButtonLink> : null}
      </MailLayout>,
    ),
    text: text(brand, words.subject, greeting, asked),
  }
}
