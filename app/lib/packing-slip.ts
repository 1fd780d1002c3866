// The packing slip (docs/decisions/072-packing-slips-and-indian-scripts.md): what the studio packs an
// order by. Its shape, the batch's cap and the words the admin reads; no prices on it.

/** At most this many orders' slips in one PDF: a batch stays a few seconds of work and a few MB. */
export const PACKING_SLIP_BATCH = 50

export const PACKING_SLIP_MESSAGES = {
  none: 'Choose at least one order to print its packing slip.',
  tooMany: `Packing slips print for at most ${PACKING_SLIP_BATCH} orders at a time: choose fewer orders.`,
  notPackable: 'Only a paid order that is not cancelled or rejected has a packing slip.',
} as const

/** Whether an order has something to pack: paid, and not cancelled or rejected (a shipped order's slip can be printed again). */
export function hasPackingSlip(order: { paymentStatus: string; orderStatus: string }): boolean {
  return order.paymentStatus === 'paid' && !['pending', 'cancelled', 'rejected'].includes(order.orderStatus)
}

export interface PackingSlipLine {
  title: string
  /** The option and colour as bought, in words: ['Chain: Gold', 'Colour: Teal']. */
  choice: string[]
  quantity: number
  /** The variant's (else the product's) SKU today; null when the owner set none. */
  sku: string | null
  /** The personalisation as bought, label and value, in the product's field order. */
  personalization: [label: string, value: string][]
}

export interface PackingSlip {
  orderNumber: number
  orderDate: string
  /** YYYY-MM-DD: the day the order should leave the studio (ADR 070); null for older orders. */
  dispatchBy: string | null
  /** A TEST MODE order (no money moved): the slip says so. */
  testMode: boolean
  studio: { name: string; lines: string[] }
  shipTo: { name: string; lines: string[]; phone: string }
  /** The shopper's note with the address ('' for none). */
  note: string
  lines: PackingSlipLine[]
}

/** The PDF's file name: one order's number, or the batch's size. */
export function packingSlipFilename(slips: readonly Pick<PackingSlip, 'orderNumber'>[]): string {
  return slips.length === 1 ? `packing-slip-${slips[0]?.orderNumber}.pdf` : `packing-slips-${slips.length}-orders.pdf`
}
