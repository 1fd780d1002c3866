// What the studio packs an order by (ADR 072): the orders still to pack, and the packing slips of
// chosen orders (ship-to, each line's piece, option, colour, quantity, SKU and personalisation as
// bought), soonest dispatch first. The PDF is drawn by app/infra/pdf/packing-slip-pdf.server.ts.
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { optionLabelOf } from '~/lib/catalog'
import type { Seller } from '~/lib/invoice-settings'
import { ORDER_MESSAGES, type OrderStatus } from '~/lib/order-status'
import { hasPackingSlip, PACKING_SLIP_BATCH, PACKING_SLIP_MESSAGES, type PackingSlip } from '~/lib/packing-slip'
import { readPersonalization } from '~/lib/personalization'
import { choiceWords, variantOf } from '~/lib/variants'
import { Invalid, NotFound } from '~/domain/errors'
import { type Page, readPage } from '~/domain/paging.server'
import { domainSettings } from '~/domain/settings.server'
import { type OrderSummary, ORDER_SUMMARY_COLUMNS, toOrderSummary } from './order-reads.server'

/** Paid, and still to leave the studio: the orders the "to pack" list and its batch print hold. */
export const TO_PACK_STATUSES = ['confirmed', 'inProcess'] as const satisfies readonly OrderStatus[]

/** The paid orders still to pack, soonest dispatch first (orders without a day last, then oldest first), a batch a page. */
export async function listOrdersToPack(db: DB, options: { page?: number } = {}): Promise<Page<OrderSummary>> {
  const matching = db.selectFrom('orders').where('payment_status', '=', 'paid').where('order_status', 'in', TO_PACK_STATUSES)
  const page = await readPage(
    matching,
    (rows) =>
      rows
        .select(ORDER_SUMMARY_COLUMNS)
        .orderBy(sql`case when dispatch_by is null then 1 else 0 end`)
        .orderBy('dispatch_by')
        .orderBy('order_date')
        .orderBy('id'),
    { page: options.page, pageSize: PACKING_SLIP_BATCH },
  )
  return { ...page, items: page.items.map(toOrderSummary) }
}

/**
 * The packing slips of the chosen orders (each once), soonest dispatch first. Invalid when none or
 * more than PACKING_SLIP_BATCH are chosen, NotFound for an unknown order, Invalid for one that is not
 * paid or will not be sent (nothing to pack).
 */
export async function packingSlips(
  db: DB,
  orderIds: readonly string[],
  studio: Pick<Seller, 'legalName' | 'address'> = domainSettings().invoice.seller,
): Promise<PackingSlip[]> {
  const ids = [...new Set(orderIds.filter(Boolean))]
  if (ids.length === 0) throw new Invalid({ order: [PACKING_SLIP_MESSAGES.none] })
  if (ids.length > PACKING_SLIP_BATCH) throw new Invalid({ order: [PACKING_SLIP_MESSAGES.tooMany] })
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy(sql`case when dispatch_by is null then 1 else 0 end`)
    .orderBy('dispatch_by')
    .orderBy('order_date')
    .orderBy('id')
    .execute()
  if (orders.length < ids.length) throw new NotFound(ORDER_MESSAGES.notFound)
  if (!orders.every((order) => hasPackingSlip({ paymentStatus: order.payment_status, orderStatus: order.order_status }))) {
    throw new Invalid({ order: [PACKING_SLIP_MESSAGES.notPackable] })
  }
  const lines = await db
    .selectFrom('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .select([
      'order_lines.order_id',
      'order_lines.product_id',
      'order_lines.title',
      'order_lines.variety_type',
      'order_lines.option_label',
      'order_lines.variety_name',
      'order_lines.option2_label',
      'order_lines.option2',
      'order_lines.color',
      'order_lines.personalization',
      'order_lines.quantity',
      'products.sku',
    ])
    .where('order_lines.order_id', 'in', ids)
    .orderBy('order_lines.id')
    .execute()
  const skus = await variantSkus(db, [...new Set(lines.map((line) => line.product_id))])
  const label = { name: studio.legalName, lines: studio.address }
  return orders.map((order) => ({
    orderNumber: order.number,
    orderDate: order.order_date,
    dispatchBy: order.dispatch_by,
    testMode: order.gateway === 'test',
    studio: label,
    shipTo: {
      name: order.recipient_name || order.user_name,
      lines: [order.address_line, order.landmark, `${order.city} ${order.pincode}`.trim(), [order.state, order.country].filter(Boolean).join(', ')].filter(Boolean),
      phone: order.phone,
    },
    note: order.notes,
    lines: lines
      .filter((line) => line.order_id === order.id)
      .map((line) => {
        const key = { variety: line.variety_name, option2: line.option2, color: line.color }
        const variant = variantOf(skus.get(line.product_id) ?? [], key)
        const variantSku = variant && 'sku' in variant ? variant.sku : null
        return {
          title: line.title,
          choice: choiceWords({ option: line.variety_name ? optionLabelOf(line.option_label, line.variety_type) : '', option2: line.option2_label }, key),
          quantity: line.quantity,
          sku: variantSku || line.sku || null,
          personalization: Object.entries(readPersonalization(line.personalization)),
        }
      }),
  }))
}

/** Each product's variant rows with their SKUs, for the lines' SKU (the variant's, else the product's). */
async function variantSkus(db: DB, productIds: string[]) {
  const byProduct = new Map<string, { variety: string; option2: string; color: string; sku: string | null }[]>()
  if (productIds.length === 0) return byProduct
  const rows = await db
    .selectFrom('product_variants')
    .select(['product_id', 'variety_name', 'option2', 'color', 'sku'])
    .where('product_id', 'in', productIds)
    .execute()
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? []
    list.push({ variety: row.variety_name, option2: row.option2, color: row.color, sku: row.sku })
    byProduct.set(row.product_id, list)
  }
  return byProduct
}
