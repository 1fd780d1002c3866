// The admin dashboard's figures, in a few aggregate queries.
import type { DB } from '../../db/database'
import { LOW_STOCK_THRESHOLD } from '~/lib/catalog'

export async function dashboardFigures(db: DB) {
  const [products, orders] = await Promise.all([
    db
      .selectFrom('products')
      .where('deleted_at', 'is', null)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('total_stock', '=', 0).then(1).else(0).end()).as('outOfStock'),
        eb.fn
          .sum<number>(eb.case().when(eb.and([eb('total_stock', '>', 0), eb('total_stock', '<', LOW_STOCK_THRESHOLD)])).then(1).else(0).end())
          .as('lowStock'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('payment_status', '=', 'paid').then(1).else(0).end()).as('paid'),
        eb.fn.sum<number>(eb.case().when('payment_status', '=', 'paid').then(eb.ref('total_amount_paise')).else(0).end()).as('revenuePaise'),
        eb.fn.sum<number>(eb.case().when('needs_refund', '=', 1).then(1).else(0).end()).as('needsRefund'),
        eb.fn.sum<number>(eb.case().when('order_status', 'in', ['confirmed', 'inProcess']).then(1).else(0).end()).as('toShip'),
      ])
      .executeTakeFirstOrThrow(),
  ])
  const n = (v: unknown) => Number(v ?? 0)
  return {
    products: n(products.total),
    outOfStock: n(products.outOfStock),
    lowStock: n(products.lowStock),
    orders: n(orders.total),
    paidOrders: n(orders.paid),
    revenuePaise: n(orders.revenuePaise),
    needsRefund: n(orders.needsRefund),
    toShip: n(orders.toShip),
  }
}
