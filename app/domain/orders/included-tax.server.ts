// The price breakup before payment (issue 32, Consumer Protection (E-Commerce) Rules 2020): the GST
// included in a total, worked out as the invoice will (lib/gst's computeTaxBreakdown over the lines,
// their code shares and the delivery), so the figure shown before paying is the one the invoice
// prints. One reckoning (taxWithinPaise) serves the checkout's cart and a placed order's payment page.
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import type { Cart } from '~/domain/cart/cart.server'
import type { CartDiscount } from '~/domain/promotions/cart-discount.server'
import { NotFound } from '~/domain/errors'
import { domainSettings } from '~/domain/settings.server'
import type { Category } from '~/lib/catalog'
import { computeTaxBreakdown } from '~/lib/gst'
import { taxModeFor } from '~/lib/invoice-document'
import { ORDER_MESSAGES } from '~/lib/order-status'

/** As the invoice: an article whose product is gone is taxed as resin home decor. */
const FALLBACK_CATEGORY: Category = 'home-decor'

/** A line as the tax needs it: the product (for its category), how many, the unit price paid and the line's share of the code's saving. */
export interface TaxedLine {
  productId: string
  quantity: number
  unitPricePaise: number
  discountPaise: number
}

/**
 * The tax in paise within what `lines` and the delivery fee add up to; `shippingState` decides CGST +
 * SGST or IGST (the amount is the same either way; null: the seller's own state). 0 when the seller
 * has no GSTIN (a bill of supply).
 */
export async function taxWithinPaise(
  db: DB,
  input: { lines: readonly TaxedLine[]; deliveryFeePaise: number; shippingState: string | null },
): Promise<number> {
  const { invoice } = domainSettings()
  const mode = taxModeFor(invoice, input.shippingState ?? invoice.seller.state)
  if (mode === 'none') return 0
  const ids = [...new Set(input.lines.map((line) => line.productId))]
  const rows = ids.length ? await db.selectFrom('products').select(['id', 'category']).where(inJsonList('id', ids)).execute() : []
  const categories = new Map(rows.map((row) => [row.id, row.category as Category]))
  const lines = input.lines.map((line) => ({
    ...invoice.categories[categories.get(line.productId) ?? FALLBACK_CATEGORY],
    description: '',
    details: [],
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    discountPaise: line.discountPaise,
  }))
  return computeTaxBreakdown({ lines, deliveryFeePaise: input.deliveryFeePaise, mode }).totals.taxPaise
}

/** The tax within a checkout's total: the cart's payable lines, the code's saving and the delivery fee. */
export async function includedTaxPaise(
  db: DB,
  input: { cart: Cart; discount: CartDiscount | null; deliveryFeePaise: number; shippingState: string | null },
): Promise<number> {
  const shares = input.discount?.applies ? input.discount.discount.shares : []
  const lines = input.cart.items.flatMap((line, i) =>
    line.available ? [{ productId: line.productId, quantity: line.quantity, unitPricePaise: line.unitPricePaise, discountPaise: shares[i] ?? 0 }] : [],
  )
  return taxWithinPaise(db, { lines, deliveryFeePaise: input.deliveryFeePaise, shippingState: input.shippingState })
}

/** A placed order's total broken up as the checkout showed it: its pieces, the code's saving, the delivery, the total and the GST within it. */
export interface OrderBreakup {
  lines: { title: string; quantity: number; totalPaise: number }[]
  itemsPaise: number
  discount: { code: string; amountPaise: number } | null
  deliveryFeePaise: number
  totalPaise: number
  taxPaise: number
}

/** The breakup of order `orderId` as it will be charged (the TEST MODE payment page); NotFound when there is none. */
export async function orderBreakup(db: DB, orderId: string): Promise<OrderBreakup> {
  const order = await db
    .selectFrom('orders')
    .select(['subtotal_paise', 'discount_code', 'discount_paise', 'delivery_fee_paise', 'total_amount_paise', 'state'])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound)
  const lines = await db
    .selectFrom('order_lines')
    .select(['product_id', 'title', 'quantity', 'unit_price_paise', 'discount_paise'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
  const taxPaise = await taxWithinPaise(db, {
    lines: lines.map((line) => ({ productId: line.product_id, quantity: line.quantity, unitPricePaise: line.unit_price_paise, discountPaise: line.discount_paise })),
    deliveryFeePaise: order.delivery_fee_paise,
    shippingState: order.state,
  })
  return {
    lines: lines.map((line) => ({ title: line.title, quantity: line.quantity, totalPaise: line.unit_price_paise * line.quantity })),
    itemsPaise: order.subtotal_paise,
    discount: order.discount_paise > 0 ? { code: order.discount_code, amountPaise: order.discount_paise } : null,
    deliveryFeePaise: order.delivery_fee_paise,
    totalPaise: order.total_amount_paise,
    taxPaise,
  }
}
