// When a piece is expected to leave the studio (docs/decisions/070-made-to-order-dispatch-dates.md):
// a product's making time (0: ready to ship, the studio's handling time), an option's own when it has
// one, counted in working days (app/lib/dispatch.ts) from the India day of the moment asked about.
// The product page, the checkout and the order (placed, then paid) all ask here.
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import { clock } from '~/domain/clock'
import { indiaDay } from '~/lib/dates'
import { dispatchDay, dispatchSentence, formatDispatchDay, madeToOrderNote } from '~/lib/dispatch'
import { choiceMadeToOrderDays, type OwnMakingTime, type VariantKey } from '~/lib/variants'
import { readStudioCalendar } from './studio-calendar.server'

/**
 * A choice's making time (0: ready to ship), the day it is expected to leave the studio, and the page's
 * sentence for it (worked out here: the product page's JavaScript carries no date code).
 */
export interface DispatchPromise {
  madeToOrderDays: number
  day: string
  /** The day in words, 'Fri 5 Dec' (for a range of days: dispatchRangeSentence). */
  dayText: string
  sentence: string
}

/**
 * The product's own promise, each option's by name (the option's own making time, or the product's),
 * and one promise per making time any of its choices comes to (variants' own included, issue 27): the
 * page picks the chosen combination's with choiceMadeToOrderDays over the product's loader data.
 */
export interface ProductDispatch {
  product: DispatchPromise
  options: Record<string, DispatchPromise>
  byDays: Record<number, DispatchPromise>
}

/** A line's making time: its option's own when set, else the product's. */
export function madeToOrderDaysOf(productDays: number, optionDays: number | null | undefined): number {
  return optionDays ?? productDays
}

/** The promise of a product and of each of its options, for an order placed at `at`. */
export async function productDispatch(
  db: DB,
  product: {
    madeToOrderDays: number
    variety: { options: { name: string; madeToOrderDays: number | null }[] } | null
    variants?: readonly (VariantKey & OwnMakingTime)[]
  },
  at: Date = clock.now(),
): Promise<ProductDispatch> {
  const calendar = await readStudioCalendar(db, indiaDay(at))
  const promise = (days: number): DispatchPromise => {
    const day = dispatchDay(at, days, calendar)
    return { madeToOrderDays: days, day, dayText: formatDispatchDay(day), sentence: dispatchSentence(days, day) }
  }
  const options = (product.variety?.options ?? []).map((o) => [o.name, promise(madeToOrderDaysOf(product.madeToOrderDays, o.madeToOrderDays))] as const)
  const every = [
    product.madeToOrderDays,
    ...(product.variety?.options ?? []).flatMap((o) => (o.madeToOrderDays === null ? [] : [o.madeToOrderDays])),
    ...(product.variants ?? []).flatMap((v) => (v.madeToOrderDays === null || v.madeToOrderDays === undefined ? [] : [v.madeToOrderDays])),
  ]
  const byDays = Object.fromEntries([...new Set(every)].map((days) => [days, promise(days)]))
  return { product: promise(product.madeToOrderDays), options: Object.fromEntries(options), byDays }
}

/** A line of a cart or an order: the product, the option chosen ('' for none), and its second option and colour when known. */
export interface DispatchLine {
  productId: string
  variety: string
  option2?: string
  color?: string
}

/** Each line's making time (0: ready to ship), in the lines' order; a product gone since reads as ready to ship. */
export async function madeToOrderDaysOfLines(db: DB, lines: readonly DispatchLine[]): Promise<number[]> {
  if (lines.length === 0) return []
  const ids = [...new Set(lines.map((l) => l.productId))]
  const [products, options, variants] = await Promise.all([
    db.selectFrom('products').select(['id', 'made_to_order_days']).where(inJsonList('id', ids)).execute(),
    db
      .selectFrom('product_varieties')
      .select(['product_id', 'name', 'made_to_order_days'])
      .where(inJsonList('product_id', ids))
      .where('made_to_order_days', 'is not', null)
      .execute(),
    db
      .selectFrom('product_variants')
      .select(['product_id', 'variety_name', 'option2', 'color', 'made_to_order_days'])
      .where(inJsonList('product_id', ids))
      .orderBy('position')
      .execute(),
  ])
  const productDays = new Map(products.map((p) => [p.id, p.made_to_order_days]))
  const optionDays = new Map(options.map((o) => [JSON.stringify([o.product_id, o.name]), o.made_to_order_days]))
  // The one rule (choiceMadeToOrderDays): the variant the line draws on (the stock rule, blank parts
  // meaning any) when it has its own making time, else the option's, else the product's.
  return lines.map((l) => {
    const rows = variants
      .filter((v) => v.product_id === l.productId)
      .map((v) => ({ variety: v.variety_name, option2: v.option2, color: v.color, madeToOrderDays: v.made_to_order_days }))
    return choiceMadeToOrderDays(productDays.get(l.productId) ?? 0, optionDays.get(JSON.stringify([l.productId, l.variety])), rows, {
      variety: l.variety,
      option2: l.option2 ?? '',
      color: l.color ?? '',
    })
  })
}

/** The day lines ordered at `at` are expected to leave the studio together: the latest line's; null for no lines. */
export async function dispatchDayOfLines(db: DB, lines: readonly DispatchLine[], at: Date = clock.now()): Promise<string | null> {
  if (lines.length === 0) return null
  const [days, calendar] = await Promise.all([madeToOrderDaysOfLines(db, lines), readStudioCalendar(db, indiaDay(at))])
  // YYYY-MM-DD sorts as it reads: the last is the latest.
  return days.map((d) => dispatchDay(at, d, calendar)).sort().at(-1) ?? null
}

/** Writes the order's expected dispatch day from its lines, as of `at` (placed, or paid), in the caller's transaction. */
export async function writeOrderDispatchDay(db: DB, orderId: string, at: Date = clock.now()): Promise<string | null> {
  const lines = await db.selectFrom('order_lines').select(['product_id', 'variety_name', 'option2', 'color']).where('order_id', '=', orderId).execute()
  const day = await dispatchDayOfLines(
    db,
    lines.map((l) => ({ productId: l.product_id, variety: l.variety_name, option2: l.option2, color: l.color })),
    at,
  )
  await db.updateTable('orders').set({ dispatch_by: day }).where('id', '=', orderId).execute()
  return day
}

/**
 * What the checkout shows: the day its payable lines leave together (and in words, 'Thu 3 Dec'), and
 * each made-to-order line's note by line id ('Made to order: ships in 5 working days').
 */
export interface CheckoutDispatch {
  day: string | null
  dayText: string | null
  notes: Record<string, string>
}

/** The checkout's dispatch day and lines' making times, for lines that can be bought (`available`). */
export async function checkoutDispatch(
  db: DB,
  items: readonly (DispatchLine & { id: string; available: boolean })[],
  at: Date = clock.now(),
): Promise<CheckoutDispatch> {
  const payable = items.filter((line) => line.available)
  const [days, day] = await Promise.all([madeToOrderDaysOfLines(db, payable), dispatchDayOfLines(db, payable, at)])
  const notes = payable.flatMap((line, i) => {
    const note = madeToOrderNote(days[i] ?? 0)
    return note ? [[line.id, note] as const] : []
  })
  return { day, dayText: day ? formatDispatchDay(day) : null, notes: Object.fromEntries(notes) }
}
