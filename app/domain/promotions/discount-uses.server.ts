// A discount code's uses (ADR 073): an order carrying the code counts while its checkout holds stock
// (the use is held with the stock hold, so it is given back when the checkout expires, fails or is
// cancelled) and once paid, unless the order was cancelled or rejected. Nothing is counted in a
// column that could drift; claimUse takes the code's lock so that checkouts racing for the last use
// are counted one after the other.
import type { ExpressionBuilder } from 'kysely'
import type { DB, Trx } from '../../../db/database'
import { lockCounter } from '../../../db/dialect'
import type { Database } from '../../../db/schema'
import { DISCOUNT_MESSAGES } from '~/lib/discounts'
import { clock } from '~/domain/clock'
import { Invalid } from '~/domain/errors'

/** The order stands for the code: its checkout holds stock now, or it is paid and not cancelled or rejected. */
export function countsAsUse(eb: ExpressionBuilder<Database, 'orders'>, now: string) {
  return eb.or([
    eb.and([eb('orders.payment_status', '=', 'paid'), eb('orders.order_status', 'not in', ['cancelled', 'rejected'])]),
    eb.exists(eb.selectFrom('stock_holds as sh').select('sh.order_id').whereRef('sh.order_id', '=', 'orders.id').where('sh.expires_at', '>', now)),
  ])
}

/**
 * The uses of a code, in all and by one shopper, leaving out one order (the checkout being counted)
 * and the shopper's own unpaid checkouts: a shopper has one live checkout, and their next one ends
 * the others' holds (stock-holds.server.ts), so going back to the cart or retrying frees its use.
 */
export async function usesOf(db: DB, codeId: string, who: { userId: string | null; exceptOrderId?: string }, now = clock.iso()) {
  let query = db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(eb.case().when('orders.user_id', '=', who.userId ?? '').then(1).else(0).end()).as('mine'),
    ])
    .where('orders.discount_code_id', '=', codeId)
    .where((eb) => countsAsUse(eb, now))
  if (who.exceptOrderId) query = query.where('orders.id', '!=', who.exceptOrderId)
  if (who.userId) {
    const me = who.userId
    query = query.where((eb) => eb.or([eb('orders.user_id', '!=', me), eb('orders.payment_status', '=', 'paid')]))
  }
  const row = await query.executeTakeFirst()
  return { all: Number(row?.all ?? 0), mine: Number(row?.mine ?? 0) }
}

/** Uses per code for the owner's list (one query): paid orders that stand, and checkouts holding one now. */
export async function usesByCode(db: DB, codeIds: string[], now = clock.iso()): Promise<Map<string, number>> {
  if (codeIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['orders.discount_code_id', eb.fn.countAll<number>().as('uses')])
    .where('orders.discount_code_id', 'in', codeIds)
    .where((eb) => countsAsUse(eb, now))
    .groupBy('orders.discount_code_id')
    .execute()
  return new Map(rows.map((row) => [row.discount_code_id as string, Number(row.uses)]))
}

/** True when the shopper has an order that stands (paid, not cancelled or rejected), `exceptOrderId` left out. */
export async function hasOrdered(db: DB, userId: string, exceptOrderId?: string): Promise<boolean> {
  let query = db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.user_id', '=', userId)
    .where('orders.payment_status', '=', 'paid')
    .where('orders.order_status', 'not in', ['cancelled', 'rejected'])
  if (exceptOrderId) query = query.where('orders.id', '!=', exceptOrderId)
  return (await query.limit(1).executeTakeFirst()) !== undefined
}

/** The caps a use must fit. */
export interface UseCaps {
  codeId: string
  maxUses: number | null
  maxUsesPerUser: number | null
}

/**
 * Takes a use of the code for the order, inside the transaction that writes the order's code and
 * its stock hold: the code's lock first (PostgreSQL; SQLite has one writer), then the uses of every
 * other order are counted. Invalid on the `discount` field when the code is used up, or by this shopper.
 */
export async function claimUse(trx: Trx, caps: UseCaps, order: { orderId: string; userId: string }): Promise<void> {
  await lockCounter(trx, `discount:${caps.codeId}`)
  const uses = await usesOf(trx, caps.codeId, { userId: order.userId, exceptOrderId: order.orderId })
  if (caps.maxUsesPerUser !== null && uses.mine >= caps.maxUsesPerUser) throw new Invalid({ discount: [DISCOUNT_MESSAGES.usedByYou] })
  if (caps.maxUses !== null && uses.all >= caps.maxUses) throw new Invalid({ discount: [DISCOUNT_MESSAGES.usedUp] })
}

/**
 * At payment, inside confirmPayment's transaction: true when the order's code still has room for it
 * (always, while its checkout's hold lived; after the hold expired, others may have taken the last
 * use). Orders without a code always fit.
 */
export async function discountUseFits(trx: Trx, orderId: string): Promise<boolean> {
  const order = await trx
    .selectFrom('orders')
    .innerJoin('discount_codes as d', 'd.id', 'orders.discount_code_id')
    .select(['orders.user_id', 'd.id', 'd.max_uses', 'd.max_uses_per_user'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
  if (!order) return true
  try {
    await claimUse(trx, { codeId: order.id, maxUses: order.max_uses, maxUsesPerUser: order.max_uses_per_user }, { orderId, userId: order.user_id })
    return true
  } catch (error) {
    if (error instanceof Invalid) return false
    throw error
  }
}
