// The GST included in a checkout's total (issue 32's price breakup before payment), worked out as the
// invoice will (lib/gst's computeTaxBreakdown over the lines, their code shares and the delivery), so
// the figure shown before paying is the one the invoice prints.
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import type { Cart } from '~/domain/cart/cart.server'
import type { CartDiscount } from '~/domain/promotions/cart-discount.server'
import { domainSettings } from '~/domain/settings.server'
import type { Category } from '~/lib/catalog'
import { computeTaxBreakdown } from '~/lib/gst'
import { taxModeFor } from '~/lib/invoice-document'

/** As the invoice: an article whose product is gone is taxed as resin home decor. */
const FALLBACK_CATEGORY: Category = 'home-decor'

/**
 * The tax in paise within what the cart's payable lines, the code's saving and the delivery fee add up
 * to; `shippingState` decides CGST + SGST or IGST (the amount is the same either way; null: the
 * seller's own state). 0 when the seller has no GSTIN (a bill of supply).
 */
export async function includedTaxPaise(
  db: DB,
  input: { cart: Cart; discount: CartDiscount | null; deliveryFeePaise: number; shippingState: string | null },
): Promise<number> {
  const { invoice } = domainSettings()
  const mode = taxModeFor(invoice, input.shippingState ?? invoice.seller.state)
  if (mode === 'none') return 0
  const ids = [...new Set(input.cart.items.map((line) => line.productId))]
  const rows = ids.length ? await db.selectFrom('products').select(['id', 'category']).where(inJsonList('id', ids)).execute() : []
  const categories = new Map(rows.map((row) => [row.id, row.category as Category]))
  const shares = input.discount?.applies ? input.discount.discount.shares : []
  const lines = input.cart.items.flatMap((line, i) =>
    line.available
      ? [
          {
            ...invoice.categories[categories.get(line.productId) ?? FALLBACK_CATEGORY],
            description: line.title,
            details: [],
            quantity: line.quantity,
            unitPricePaise: line.unitPricePaise,
            discountPaise: shares[i] ?? 0,
          },
        ]
      : [],
  )
  return computeTaxBreakdown({ lines, deliveryFeePaise: input.deliveryFeePaise, mode }).totals.taxPaise
}
