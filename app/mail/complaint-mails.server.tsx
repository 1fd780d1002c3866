// The mails of a complaint (ADR 089): the acknowledgement at once to the complainant, the owner's copy,
// and the resolution to the complainant. Anyone can type anyone's email into the form, so the mails to
// the complainant repeat nothing she typed but the ticket; the owner's copy has it all.
import { ButtonLink, Heading, MailLayout, Muted, Paragraph } from './layout'
import type { MailContact } from './custom-order-mails.server'
import type { MailBrand, RenderedMail } from './types'
import { html, text } from './parts.server'

export interface MailComplaint {
  id: number
  ticket: string
  name: string
  email: string
  phone: string
  orderNumber: number | null
  message: string
}

/** To the complainant, at once: the ticket, and when she will hear (the rules' one month). */
export function complaintReceivedMail(brand: MailBrand & { contact: MailContact }, complaint: Pick<MailComplaint, 'ticket'>): RenderedMail {
  const subject = `We have your complaint ${complaint.ticket}`
  const line = `Your complaint is registered as ticket ${complaint.ticket}. Our grievance officer will look into it and reply within one month at the latest.`
  const reach = `To add anything, write to ${brand.contact.email} or call ${brand.contact.phone}, quoting ${complaint.ticket}.`
  const notYou = 'If you did not write to us, ignore this mail: someone may have typed your address by mistake.'
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={line}>
        <Heading>We have your complaint</Heading>
        <Paragraph>{line}</Paragraph>
        <Paragraph>{reach}</Paragraph>
        <Muted>{notYou}</Muted>
      </MailLayout>,
    ),
    text: text(brand, 'We have your complaint', line, reach, notYou),
  }
}

export const adminComplaintsUrl = (brand: MailBrand) => `${brand.publicUrl}/admin/complaints`

/** To the owner: a new complaint, with who sent it and what it says. */
export function ownerComplaintMail(brand: MailBrand, complaint: MailComplaint): RenderedMail {
  const subject = `New complaint ${complaint.ticket} from ${complaint.name}`
  const from = `From ${[complaint.name, complaint.email, complaint.phone].filter(Boolean).join(', ')}.`
  const order = complaint.orderNumber === null ? '' : `About order #${complaint.orderNumber}.`
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={complaint.message.slice(0, 80)}>
        <Heading>New complaint {complaint.ticket}</Heading>
        <Paragraph>{from}</Paragraph>
        {order ? <Paragraph>{order}</Paragraph> : null}
        <Paragraph>{complaint.message}</Paragraph>
        <ButtonLink href={adminComplaintsUrl(brand)}>Open the complaints</ButtonLink>
      </MailLayout>,
    ),
    text: text(brand, `New complaint ${complaint.ticket}`, from, order, complaint.message, `Open the complaints: ${adminComplaintsUrl(brand)}`),
  }
}

/** To the complainant: her complaint is resolved, with the studio's note. */
export function complaintResolvedMail(brand: MailBrand, complaint: Pick<MailComplaint, 'ticket'>, resolution: string): RenderedMail {
  const subject = `Your complaint ${complaint.ticket} is resolved`
  return {
    subject,
    html: html(
      <MailLayout brand={brand} preview={resolution.slice(0, 80)}>
        <Heading>{subject}</Heading>
        <Paragraph>{resolution}</Paragraph>
        <Muted>If you are not satisfied, reply to this mail quoting {complaint.ticket}.</Muted>
      </MailLayout>,
    ),
    text: text(brand, subject, resolution, `If you are not satisfied, reply to this mail quoting ${complaint.ticket}.`),
  }
}
