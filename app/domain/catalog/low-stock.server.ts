// Low stock by shelf (ADR 064): a shelf is a variant, or the product's own stock for a product without
// variants, so a sold-out size shows as sold out while the other sizes sell. The dashboard lists the
// emptiest shelves; a paid order names each shelf it took below the line, for the owner's mail.
import type { DB, Trx } from '../../../db/database'
import { LOW_STOCK_THRESHOLD, optionLabelOf } from '~/lib/catalog'
import { choiceWords } from '~/lib/variants'
import { stockKey, variantOf } from '~/domain/cart/variant-stock.server'
import { shelves } from './inventory.server'

/** A shelf under LOW_STOCK_THRESHOLD. `choice` is its option and colour in words ('' for a product's own stock). */
export interface LowShelf {
  productId: string
  title: string
  choice: string
  stock: number
}

/** The first `limit` shelves of live products under the line, emptiest first, and how many are out, low and in all. */
export async function lowShelves(db: DB, limit: number): Promise<{ shelves: number; outOfStock: number; lowStock: number; items: LowShelf[] }> {
  const [counts, items] = await Promise.all([
    shelves(db)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('s.stock', '<=', 0).then(1).else(0).end()).as('outOfStock'),
        eb.fn.sum<number>(eb.case().when(eb.and([eb('s.stock', '>', 0), eb('s.stock', '<', LOW_STOCK_THRESHOLD)])).then(1).else(0).end()).as('lowStock'),
      ])
      .executeTakeFirstOrThrow(),
    shelves(db)
      .where('s.stock', '<', LOW_STOCK_THRESHOLD)
      .selectAll()
      .orderBy('s.stock')
      .orderBy('s.title')
      .orderBy('s.productId')
      .orderBy('s.position')
      .limit(limit)
      .execute(),
  ])
  return {
    shelves: Number(counts.total),
    outOfStock: Number(counts.outOfStock ?? 0),
    lowStock: Number(counts.lowStock ?? 0),
    items: items.map((row) => ({
      productId: row.productId,
      title: row.title,
      choice: choiceWords({ option: optionLabelOf(row.optionLabel, row.varietyType), option2: row.option2Label }, row).join(' · '),
      stock: Math.max(0, Number(row.stock)),
    })),
  }
}

/**
 * The shelves an order's lines draw on (variantOf, the one rule) that are under the line now and were
 * not before the order took its units: each with its stock now. Read inside the payment's transaction,
 * after the stock is taken.
 */
export async function shelvesTakenLow(trx: Trx | DB, orderId: string): Promise<LowShelf[]> {
  const lines = await trx
    .selectFrom('order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.product_id', 'l.variety_name', 'l.option2', 'l.color', 'l.quantity', 'p.title', 'p.total_stock', 'p.option_label', 'p.option2_label', 'p.variety_type'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute()
  if (lines.length === 0) return []
  const variants = await trx
    .selectFrom('product_variants')
    .select(['product_id', 'variety_name as variety', 'option2', 'color', 'stock'])
    .where('product_id', 'in', [...new Set(lines.map((line) => line.product_id))])
    .execute()
  const taken = new Map<string, LowShelf & { taken: number }>()
  for (const line of lines) {
    const own = variants.filter((variant) => variant.product_id === line.product_id)
    const shelf = variantOf(own, { variety: line.variety_name, option2: line.option2, color: line.color })
    if (shelf === null) continue
    const key = stockKey(line.product_id, shelf)
    const stock = own.length === 0 ? line.total_stock : (shelf as (typeof own)[number]).stock
    const entry = taken.get(key) ?? {
      productId: line.product_id,
      title: line.title,
      choice: choiceWords({ option: optionLabelOf(line.option_label, line.variety_type), option2: line.option2_label }, shelf).join(', '),
      stock,
      taken: 0,
    }
    entry.taken += line.quantity
    taken.set(key, entry)
  }
  return [...taken.values()]
    .filter((shelf) => shelf.stock < LOW_STOCK_THRESHOLD && shelf.stock + shelf.taken >= LOW_STOCK_THRESHOLD)
    .map(({ taken: _, ...shelf }) => shelf)
}
