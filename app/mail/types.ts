// What the mail templates are given: plain data read by the domain, rendered to HTML and text here.
import type { AddressFields } from '~/lib/addresses'
import type { PersonalizationValues } from '~/lib/personalization'

/** Who the shop is in every mail: its name and the absolute address links start with. */
export interface MailBrand {
  shopName: string
  /** e.g. https://shop.example.com, without a trailing slash. */
  publicUrl: string
}

export interface MailOrderLine {
  title: string
  /** The option group's name ('Chain', 'Size'); '' when the line has no option. */
  optionLabel: string
  varietyName: string
  /** The second group's name and option as bought (ADR 077); '' when none. */
  option2Label: string
  option2: string
  color: string
  /** The personalisation as bought, label -> value ({} for none; ADR 069). */
  personalization: PersonalizationValues
  quantity: number
  unitPricePaise: number
}

export interface MailOrder {
  id: string
  number: number
  userName: string
  email: string
  lines: MailOrderLine[]
  subtotalPaise: number
  /** The discount code the order used and its saving (ADR 073), when it had one. */
  discount?: { code: string; amountPaise: number } | null
  deliveryFeePaise: number
  totalPaise: number
  /** The order's snapshot of the delivery address (`name` is the recipient, '' when not given). */
  address: AddressFields
  /** 'test' when the TEST MODE gateway took it (no money moved). */
  gateway: string
  /** The India day (YYYY-MM-DD) it is expected to leave the studio (ADR 070), when known. */
  dispatchBy?: string | null
}

/** A mail ready for the outbox. */
export interface RenderedMail {
  subject: string
  html: string
  text: string
}
