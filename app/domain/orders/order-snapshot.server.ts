// An order as it was placed: its row, the delivery address it kept and its lines. The invoice
// (invoices.server.ts) and the order mails (mail.server.ts) are both drawn from this one read.
import type { DB } from '../../../db/database'
import type { Category, Order } from '../../../db/schema'
import type { AddressFields } from '~/lib/addresses'
import { readPersonalization } from '~/lib/personalization'
import type { MailOrderLine } from '~/mail/types'
import { fromAddressColumns } from '~/domain/accounts/addresses.server'
import { optionLabelOf } from '~/lib/catalog'

/** A line as it was bought (what a mail shows of it), and the product's category for the invoice. */
export interface OrderSnapshotLine extends MailOrderLine {
  /** The product's category today; null when the product is gone. */
  category: Category | null
  /** The line's share of the order's discount (ADR 073): it paid unitPricePaise * quantity - discountPaise. */
  discountPaise: number
}

export interface OrderSnapshot {
  order: Order
  /** The order's copy of the delivery address (`name` is the recipient, '' when not given). */
  address: AddressFields
  lines: OrderSnapshotLine[]
}

/** The order, its address and its lines in the order they were added; null when there is no such order. */
export async function readOrderSnapshot(trx: DB, orderId: string): Promise<OrderSnapshot | null> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
  if (!order) return null
  const lines = await trx
    .selectFrom('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .select([
      'order_lines.title',
      'order_lines.variety_type',
      'order_lines.option_label',
      'order_lines.variety_name',
      'order_lines.option2_label',
      'order_lines.option2',
      'order_lines.color',
      'order_lines.personalization',
      'order_lines.quantity',
      'order_lines.unit_price_paise',
      'order_lines.discount_paise',
      'products.category',
    ])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.id')
    .execute()
  return {
    order,
    address: fromAddressColumns(order),
    lines: lines.map((line) => ({
      title: line.title,
      varietyType: line.variety_type,
      optionLabel: line.variety_name ? optionLabelOf(line.option_label, line.variety_type) : '',
      varietyName: line.variety_name,
      option2Label: line.option2 ? line.option2_label || 'Option' : '',
      option2: line.option2,
      color: line.color,
      personalization: readPersonalization(line.personalization),
      quantity: line.quantity,
      unitPricePaise: line.unit_price_paise,
      category: line.category ?? null,
      discountPaise: line.discount_paise,
    })),
  }
}
