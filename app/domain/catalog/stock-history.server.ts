// Stock history (issue 27, ADR 064): every change of a shelf stock, recorded in the transaction that
// makes it, with its reason (a sale, a cancellation, a refund, the inventory page, the product form,
// a CSV import), the order or admin behind it, and the stock it left. The admin reads a variant's
// history newest first.
import type { DB, Trx } from '../../../db/database'
import type { StockMovementReason } from '~/lib/inventory'
import { optionLabelOf } from '~/lib/catalog'
import { NotFound } from '~/domain/errors'
import { type Page, readPage } from '~/domain/paging.server'
import { PRODUCT_STOCK, returnLineStock, stockKey, type VariantKey } from '~/domain/cart/variant-stock.server'
import { type ChoiceKey, keyOf, sameVariant } from '~/lib/variants'

/** One change of a shelf stock, as the caller knows it. */
export interface StockMovement {
  productId: string
  /** The variant whose shelf changed; PRODUCT_STOCK for a product's own stock. */
  key: VariantKey
  /** Units added (above 0) or taken (below 0); 0 records nothing. */
  change: number
  stockAfter: number
  reason: StockMovementReason
  orderId?: string | null
  actorId?: string | null
  note?: string
}

/** Writes the movements (those that change something), in the caller's transaction. */
export async function recordStockMovements(trx: DB, movements: readonly StockMovement[]): Promise<void> {
  const rows = movements
    .filter((movement) => movement.change !== 0)
    .map((movement) => ({
      product_id: movement.productId,
      variety_name: movement.key.variety,
      option2: movement.key.option2,
      color: movement.key.color,
      change: movement.change,
      stock_after: movement.stockAfter,
      reason: movement.reason,
      order_id: movement.orderId ?? null,
      actor_id: movement.actorId ?? null,
      note: (movement.note ?? '').slice(0, 200),
    }))
  if (rows.length > 0) await trx.insertInto('stock_movements').values(rows).execute()
}

/** A recorded change, as the admin reads it. */
export interface StockHistoryEntry {
  id: number
  change: number
  stockAfter: number
  reason: StockMovementReason
  orderId: string | null
  orderNumber: number | null
  actorName: string | null
  note: string
  createdAt: string
}

export const STOCK_HISTORY_PAGE_SIZE = 25

/** The changes of one variant's (or product's own) stock, newest first. */
export async function stockHistory(db: DB, productId: string, shelf: ChoiceKey, page = 1): Promise<Page<StockHistoryEntry>> {
  const key = keyOf(shelf)
  const matching = db
    .selectFrom('stock_movements as m')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .leftJoin('users as u', 'u.id', 'm.actor_id')
    .where('m.product_id', '=', productId)
    .where('m.variety_name', '=', key.variety)
    .where('m.option2', '=', key.option2)
    .where('m.color', '=', key.color)
  const found = await readPage(
    matching,
    (query) =>
      query
        .select([
          'm.id',
          'm.change',
          'm.stock_after as stockAfter',
          'm.reason',
          'm.order_id as orderId',
          'o.number as orderNumber',
          'u.user_name as actorName',
          'm.note',
          'm.created_at as createdAt',
        ])
        .orderBy('m.id', 'desc'),
    { page, pageSize: STOCK_HISTORY_PAGE_SIZE },
  )
  return { ...found, items: found.items.map((row) => ({ ...row, orderNumber: row.orderNumber === null ? null : Number(row.orderNumber) })) }
}

/** The product a history is about: its title and the names of its option groups ('' when none). NotFound when there is no such product. */
export async function historySubject(db: DB, productId: string): Promise<{ title: string; optionLabel: string; option2Label: string }> {
  const product = await db.selectFrom('products').select(['title', 'option_label', 'option2_label', 'variety_type']).where('id', '=', productId).executeTakeFirst()
  if (!product) throw new NotFound('Product not found.')
  return { title: product.title, optionLabel: optionLabelOf(product.option_label, product.variety_type), option2Label: product.option2_label }
}

/**
 * Records changes the shop made itself (a sale, a cancellation) once made, in the caller's
 * transaction: each shelf's stock after is read back, so the history says what the shelf held then.
 */
export async function recordShelfChanges(
  trx: Trx,
  changes: readonly { productId: string; key: VariantKey; change: number }[],
  meta: { reason: StockMovementReason; orderId?: string | null; note?: string },
): Promise<void> {
  const movements: StockMovement[] = []
  for (const change of changes) {
    if (change.change === 0) continue
    const own = sameVariant(change.key, PRODUCT_STOCK)
    const variant = await trx
      .selectFrom('product_variants')
      .select('stock')
      .where('product_id', '=', change.productId)
      .where('variety_name', '=', change.key.variety)
      .where('option2', '=', change.key.option2)
      .where('color', '=', change.key.color)
      .executeTakeFirst()
    const after = variant ?? (own ? await trx.selectFrom('products').select('total_stock as stock').where('id', '=', change.productId).executeTakeFirst() : undefined)
    if (after) movements.push({ productId: change.productId, key: change.key, change: change.change, stockAfter: after.stock, ...meta })
  }
  await recordStockMovements(trx, movements)
}

/** Every shelf of a product and its stock now: its variants, or its own stock when it has none. */
export async function shelfStocks(trx: DB, productId: string): Promise<Map<string, { key: VariantKey; stock: number }>> {
  const variants = await trx.selectFrom('product_variants').select(['variety_name', 'option2', 'color', 'stock']).where('product_id', '=', productId).execute()
  const shelves = new Map<string, { key: VariantKey; stock: number }>()
  for (const variant of variants) {
    const key = { variety: variant.variety_name, option2: variant.option2, color: variant.color }
    shelves.set(stockKey(productId, key), { key, stock: variant.stock })
  }
  if (shelves.size === 0) {
    const product = await trx.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirst()
    if (product) shelves.set(stockKey(productId, PRODUCT_STOCK), { key: PRODUCT_STOCK, stock: product.total_stock })
  }
  return shelves
}

/**
 * Records what a write that may replace a product's shelves (the product form, the /api edit) changed:
 * each shelf's stock before and after; a shelf that appeared counts from 0, one that went, to 0.
 */
export async function recordShelfDifferences(
  trx: DB,
  productId: string,
  before: Map<string, { key: VariantKey; stock: number }>,
  meta: { reason: StockMovementReason; actorId?: string | null; note?: string },
): Promise<void> {
  const after = await shelfStocks(trx, productId)
  const movements: StockMovement[] = []
  for (const [id, now] of after) movements.push({ productId, key: now.key, change: now.stock - (before.get(id)?.stock ?? 0), stockAfter: now.stock, ...meta })
  for (const [id, was] of before) if (!after.has(id)) movements.push({ productId, key: was.key, change: -was.stock, stockAfter: 0, ...meta })
  await recordStockMovements(trx, movements)
}

/**
 * Pieces of an order back at the studio (a shopper's return, a parcel returned to origin): each line
 * checked `restock` goes back on the shelf it draws on now (returnLineStock), and the moves are
 * recorded once under `note`; lines written off change no stock.
 */
export async function shelveReceived(
  trx: Trx,
  orderId: string,
  received: readonly { line: number; quantity: number; restock: boolean }[],
  at: string,
  note: string,
): Promise<void> {
  const lines = await trx.selectFrom('order_lines').select(['product_id', 'variety_name', 'option2', 'color']).where('order_id', '=', orderId).orderBy('id').execute()
  const shelved: { productId: string; key: VariantKey; change: number }[] = []
  for (const item of received) {
    const line = lines[item.line]
    if (!item.restock || !line) continue
    const key = await returnLineStock(trx, line.product_id, { variety: line.variety_name, option2: line.option2, color: line.color }, item.quantity, at)
    if (key) shelved.push({ productId: line.product_id, key, change: item.quantity })
  }
  await recordShelfChanges(trx, shelved, { reason: 'refund', orderId, note })
}
