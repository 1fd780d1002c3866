// The mails of a custom order: to the owner when one is asked for, and to the person who asked.
import { formatCustomOrderNumber } from '~/lib/custom-orders'
import { formatDay } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { ButtonLink, Heading, MailLayout, Muted, Paragraph } from './layout'
import type { MailBrand, RenderedMail } from './types'
import { html, text } from './parts.server'

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
