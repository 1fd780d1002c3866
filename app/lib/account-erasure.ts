// Deleting a shopper's account (DPDP Act 2023, issue 32, ADR 089): the words of the page and /api,
// the placeholders her personal data is replaced by, and what is kept for tax law.
export const ERASED_NAME = 'Deleted shopper'

/** The address an erased account keeps: unique, and never a mailbox (.invalid, RFC 2606). */
export const erasedEmail = (userId: string) => `deleted-${userId}@erased.invalid`

export const REVIEW_CHOICES = ['anonymous', 'delete'] as const
export type ReviewChoice = (typeof REVIEW_CHOICES)[number]

/** Invoices of this value or more keep the buyer's name and delivery address (GST rule 46(e)). */
export const NAMED_INVOICE_PAISE = 50_000_00

/** What deletion keeps, as the shopper reads it ("Your") and as the owner does on the customers page ("Her"). */
const keptText = (whose: 'Your' | 'Her') =>
  `${whose} orders and their invoices stay for eight years, as Indian tax law requires: their numbers, dates, pieces, amounts, taxes and the state they were delivered to. ${whose} name, email, phone and address are removed from them (an invoice of ₹50,000 or more keeps the name and delivery address the law asks for).`

export const ERASURE_TEXT = {
  kept: keptText('Your'),
  keptAdmin: keptText('Her'),
  confirmWord: 'DELETE',
} as const

export const ERASURE_MESSAGES = {
  confirm: `Type ${ERASURE_TEXT.confirmWord} or your password to confirm`,
  ordersInFlight: 'You have an order on its way. You can delete your account once it is delivered or cancelled.',
  adminAccount: 'An admin account cannot be deleted here',
  deleted: 'Your account is deleted. Thank you for shopping with us.',
  deletedByAdmin: "The shopper's account is deleted",
  /** The admin's 409: the shopper's own words ('You have an order...') would name the admin. */
  ordersInFlightAdmin: 'This shopper has an order on its way (paid and not yet delivered), or a checkout holding stock. Her account can be deleted once the order is delivered, cancelled or rejected.',
  alreadyDeleted: 'This account is already deleted.',
} as const
