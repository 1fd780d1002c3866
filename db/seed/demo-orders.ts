// A month of past orders for the demo shopper, so the owner's dashboard and order list show a
// working shop on first start. Marked gateway 'demo' (seeded history, counted as revenue, unlike
// orders the TEST MODE gateway takes); stock is not touched (the demo
// catalogue's stock is what is left after these sales).
import { newId } from '~/lib/ids.server'
import { unitPricePaise } from '~/lib/pricing'
import { recountReviews } from '~/domain/catalog/reviews.server'
import { nextOrderNumber } from '~/domain/orders/place-order.server'
import type { DB } from '../database'
import type { OrderStatus } from '../schema'

interface PlannedOrder {
  daysAgo: number
  hour: number
  /** Indexes into the chosen products, with quantities. */
  lines: [number, number][]
  status: OrderStatus
}

/** Most orders are old and delivered; the recent ones are still moving. */
const PLAN: PlannedOrder[] = [
  { daysAgo: 28, hour: 11, lines: [[0, 1]], status: 'delivered' },
  { daysAgo: 26, hour: 19, lines: [[1, 2]], status: 'delivered' },
  { daysAgo: 23, hour: 21, lines: [[2, 1], [3, 1]], status: 'delivered' },
  { daysAgo: 20, hour: 9, lines: [[4, 1]], status: 'delivered' },
  { daysAgo: 17, hour: 14, lines: [[5, 3]], status: 'rejected' },
  { daysAgo: 15, hour: 20, lines: [[6, 1], [0, 1]], status: 'delivered' },
  { daysAgo: 12, hour: 13, lines: [[7, 1]], status: 'delivered' },
  { daysAgo: 9, hour: 22, lines: [[8, 2]], status: 'delivered' },
  { daysAgo: 6, hour: 10, lines: [[9, 1], [2, 1]], status: 'inShipping' },
  { daysAgo: 4, hour: 18, lines: [[10, 1]], status: 'inShipping' },
  { daysAgo: 2, hour: 16, lines: [[11, 2]], status: 'inProcess' },
  { daysAgo: 1, hour: 12, lines: [[1, 1], [4, 1]], status: 'confirmed' },
  { daysAgo: 0, hour: 0, lines: [[3, 1]], status: 'confirmed' },
  { daysAgo: 0, hour: 0, lines: [[6, 2]], status: 'pending' },
]

/**
 * The demo shopper's reviews of pieces she received (indexes into the chosen products, as in PLAN):
 * some delivered pieces are reviewed, others are left for whoever tries the demo to review.
 */
const REVIEWS: { index: number; value: number; message: string; daysAgo: number }[] = [
  { index: 0, value: 5, message: 'Even prettier in person. The colours catch the morning light beautifully.', daysAgo: 25 },
  { index: 1, value: 4, message: 'Lovely finish and well packed. Took a little longer to arrive than I hoped.', daysAgo: 22 },
  { index: 2, value: 5, message: '', daysAgo: 19 },
]

const STATUS_PATH: Record<OrderStatus, OrderStatus[]> = {
  pending: ['pending'],
  confirmed: ['pending', 'confirmed'],
  inProcess: ['pending', 'confirmed', 'inProcess'],
  inShipping: ['pending', 'confirmed', 'inProcess', 'inShipping'],
  delivered: ['pending', 'confirmed', 'inProcess', 'inShipping', 'delivered'],
  cancelled: ['pending', 'confirmed', 'cancelled'],
  rejected: ['pending', 'confirmed', 'rejected'],
}

const DEMO_ADDRESS = {
  address_line: '12 Lake View Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  country: 'India',
  phone: '+919845012345',
  landmark: 'Opposite the metro station',
  notes: 'Please call before delivery',
}

/** Inserts the demo shopper's address and order history; returns how many orders it added. */
export async function seedDemoOrders(
  db: DB,
  shopper: { id: string; userName: string; email: string },
  now = new Date(),
): Promise<number> {
  const products = await db
    .selectFrom('products')
    .where('deleted_at', 'is', null)
    .where('variety_type', 'is', null)
    .where('total_stock', '>', 0)
    .select((eb) => [
      'id',
      'title',
      'price_paise',
      'sale_price_paise',
      eb
        .selectFrom('product_images')
        .whereRef('product_images.product_id', '=', 'products.id')
        .select('url')
        .orderBy('position')
        .limit(1)
        .as('image'),
      eb
        .selectFrom('product_colors')
        .whereRef('product_colors.product_id', '=', 'products.id')
        .select('name')
        .orderBy('position')
        .limit(1)
        .as('color'),
    ])
    .orderBy('created_at')
    .orderBy('id')
    .limit(12)
    .execute()
  if (products.length === 0) return 0

  await db.transaction().execute(async (trx) => {
    const addressId = newId()
    await trx
      .insertInto('addresses')
      .values({ id: addressId, user_id: shopper.id, ...DEMO_ADDRESS, updated_at: now.toISOString() })
      .execute()
    for (const planned of PLAN) {
      // Earlier days at the planned India hour; today's orders an hour ago.
      const placed = new Date(now.getTime() - planned.daysAgo * 86_400_000 - (planned.daysAgo === 0 ? 3_600_000 : 0))
      if (planned.daysAgo > 0) placed.setUTCHours(planned.hour - 5, -30, 0, 0)
      const date = placed.toISOString()
      const lines = planned.lines.map(([index, quantity]) => {
        const product = products[index % products.length] as (typeof products)[number]
        return { product, quantity, unitPaise: unitPricePaise({ pricePaise: product.price_paise, salePricePaise: product.sale_price_paise }) }
      })
      const total = lines.reduce((sum, line) => sum + line.unitPaise * line.quantity, 0)
      const id = newId()
      const paid = planned.status !== 'pending'
      await trx
        .insertInto('orders')
        .values({
          id,
          number: nextOrderNumber(),
          user_id: shopper.id,
          cart_id: null,
          user_name: shopper.userName,
          email: shopper.email,
          address_id: addressId,
          ...DEMO_ADDRESS,
          subtotal_paise: total,
          delivery_fee_paise: 0,
          total_amount_paise: total,
          order_status: planned.status,
          payment_status: paid ? 'paid' : 'pending',
          gateway: 'demo',
          gateway_order_id: `order_demo_${id}`,
          gateway_payment_id: paid ? `pay_demo_${id}` : null,
          order_date: date,
          updated_at: date,
        })
        .execute()
      await trx
        .insertInto('order_lines')
        .values(
          lines.map(({ product, quantity, unitPaise }) => ({
            order_id: id,
            product_id: product.id,
            title: product.title,
            image: product.image ?? '',
            variety_type: null,
            variety_name: '',
            color: product.color ?? '',
            unit_price_paise: unitPaise,
            quantity,
          })),
        )
        .execute()
      await trx
        .insertInto('payments')
        .values({
          id: newId(),
          order_id: id,
          gateway: 'demo',
          gateway_order_id: `order_demo_${id}`,
          gateway_payment_id: paid ? `pay_demo_${id}` : null,
          amount_paise: total,
          status: paid ? 'paid' : 'pending',
          created_at: date,
          updated_at: date,
        })
        .execute()
      await trx
        .insertInto('order_status_history')
        .values(
          STATUS_PATH[planned.status].map((status, step) => ({
            order_id: id,
            status,
            note: step === 0 ? 'Order placed' : status === 'confirmed' ? 'Payment received' : 'Changed by the admin',
            changed_by: step === 0 ? shopper.id : null,
            changed_at: new Date(Math.min(now.getTime(), placed.getTime() + step * 6 * 3_600_000)).toISOString(),
          })),
        )
        .execute()
    }
    // Her reviews of pieces delivered to her (verified buyer); each product's count and average come
    // from them by the reviews' own rule, as a shopper's review would leave them (ADR 062).
    const reviewed = REVIEWS.flatMap((review) => {
      const product = products[review.index]
      const delivered = PLAN.some((p) => p.status === 'delivered' && p.lines.some(([index]) => index === review.index))
      return product && delivered ? [{ ...review, product }] : []
    })
    for (const { product, value, message, daysAgo } of reviewed) {
      const at = new Date(now.getTime() - daysAgo * 86_400_000).toISOString()
      await trx
        .insertInto('reviews')
        .values({ id: newId(), product_id: product.id, user_id: shopper.id, review_value: value, review_message: message, created_at: at, updated_at: at })
        .execute()
    }
    await recountReviews(trx, reviewed.map(({ product }) => product.id))
  })
  return PLAN.length
}
