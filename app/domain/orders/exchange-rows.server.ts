// Exchanges' rows as the returns module needs them (ADR 105), apart from exchanges.server.ts so
// that returns.server.ts can read them without a cycle: the view of each return's exchange, and the
// new piece's stock held once when the owner approves the return.
import { sql } from 'kysely'
import type { DB, Trx } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import { choiceWords, EXCHANGE_MESSAGES, type ExchangeView } from '~/lib/exchanges'
import { Invalid } from '~/domain/errors'
import { PRODUCT_STOCK, returnLineStock, takeVariantStock } from '~/domain/cart/variant-stock.server'
import { recordShelfChanges } from '~/domain/catalog/stock-history.server'

export async function exchangeRowOf(db: DB, returnId: string) {
  return db.selectFrom('return_exchanges').selectAll().where('return_id', '=', returnId).executeTakeFirst()
}

type ExchangeRow = NonNullable<Awaited<ReturnType<typeof exchangeRowOf>>>

export function toExchangeView(row: ExchangeRow, replacementOrderNumber: number | null): ExchangeView {
  const choice = { variety: row.variety_name, option2: row.option2, color: row.color }
  return {
    line: row.line,
    quantity: row.quantity,
    choice,
    choiceWords: choiceWords(choice),
    newUnitPaise: Number(row.new_unit_paise),
    paidPaise: Number(row.paid_paise),
    differencePaise: Number(row.difference_paise),
    stockHeld: row.stock_held === 1,
    link: row.link_url && row.link_status ? { url: row.link_url, status: row.link_status } : null,
    replacementOrderId: row.replacement_order_id,
    replacementOrderNumber,
  }
}

/** The exchanges of these returns, by return id (one query). */
export async function exchangesOf(db: DB, returnIds: string[]): Promise<Map<string, ExchangeView>> {
  const views = new Map<string, ExchangeView>()
  if (returnIds.length === 0) return views
  const rows = await db
    .selectFrom('return_exchanges as x')
    .leftJoin('orders as o', 'o.id', 'x.replacement_order_id')
    .selectAll('x')
    .select('o.number as replacement_number')
    .where(inJsonList('x.return_id', returnIds))
    .execute()
  for (const row of rows) views.set(row.return_id, toExchangeView(row, row.replacement_number === null ? null : Number(row.replacement_number)))
  return views
}

/**
 * On the return's approval (in its transaction): takes the new piece off the shelf, once (stock_held
 * goes 0 -> 1 with it). Invalid under `form` when it is out of stock now: the approval is refused and
 * the owner declines or asks the shopper. A return without an exchange: nothing.
 */
export async function holdExchangeStock(trx: Trx, returnId: string, at: string): Promise<void> {
  const row = await exchangeRowOf(trx, returnId)
  if (!row || row.stock_held === 1) return
  const claimed = await trx.updateTable('return_exchanges').set({ stock_held: 1, updated_at: at }).where('return_id', '=', returnId).where('stock_held', '=', 0).executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) return
  const hasVariants = await trx.selectFrom('product_variants').select('product_id').where('product_id', '=', row.product_id).executeTakeFirst()
  const taken = hasVariants
    ? await takeVariantStock(trx, row.product_id, { variety: row.variety_name, option2: row.option2, color: row.color }, row.quantity, at)
    : Number(
        (
          await trx
            .updateTable('products')
            .set({ total_stock: sql`total_stock - ${row.quantity}`, updated_at: at })
            .where('id', '=', row.product_id)
            .where('total_stock', '>=', row.quantity)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0
  if (!taken) throw new Invalid({ form: [EXCHANGE_MESSAGES.outOfStockOnApproval] })
  const key = hasVariants ? { variety: row.variety_name, option2: row.option2, color: row.color } : PRODUCT_STOCK
  await recordShelfChanges(trx, [{ productId: row.product_id, key, change: -row.quantity }], { reason: 'sale', orderId: row.order_id, note: 'Held for an exchange' })
}

/**
 * Puts an exchange's held piece back on the shelf when its return closes without the parcel (once:
 * stock_held 1 -> 0 is claimed first, so a second close finds nothing held).
 */
export async function releaseExchangeStock(trx: Trx, returnId: string, at: string): Promise<void> {
  const row = await exchangeRowOf(trx, returnId)
  if (row?.stock_held !== 1 || row.replacement_order_id) return
  const released = await trx.updateTable('return_exchanges').set({ stock_held: 0, updated_at: at }).where('return_id', '=', returnId).where('stock_held', '=', 1).executeTakeFirst()
  if (Number(released.numUpdatedRows) === 0) return
  const key = await returnLineStock(trx, row.product_id, { variety: row.variety_name, option2: row.option2, color: row.color }, row.quantity, at)
  if (key) await recordShelfChanges(trx, [{ productId: row.product_id, key, change: row.quantity }], { reason: 'cancellation', orderId: row.order_id, note: 'Exchange closed: the parcel never came back' })
}
