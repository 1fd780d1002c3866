// A write load against the built server for crash and backup tests: shoppers who add to the cart,
// check out and pay through the TEST MODE gateway, and an admin who retitles products.
import { expect } from 'vitest'
import { openDatabase } from '../../db/database'
import { databaseOf } from '../integration/server'
import { type ShopApi, type Shopper, testPaymentResult } from './shop-api'

/** The product the shoppers buy, and its stock before any sale. */
export const PRODUCT = 'crash-pendant'
export const INITIAL_STOCK = 100_000
export const EDITED = ['crash-decoy-0', 'crash-decoy-1', 'crash-decoy-2']

export interface Ledger {
  /** Orders the server answered 'Payment Successful!' for. */
  paid: Set<string>
  /** Per edited product: the titles the admin sent in order, and how many of them were acknowledged. */
  titles: Map<string, { sent: string[]; acknowledged: number }>
  interrupted: number
}

/** Adds the product the shoppers buy and the ones the admin edits, straight into the server's database. */
export async function insertProducts(dir: string) {
  const db = openDatabase(databaseOf(dir))
  try {
    const now = new Date().toISOString()
    await db
      .insertInto('products')
      .values(
        [PRODUCT, ...EDITED].map((id) => ({
          id,
          title: `Resin ${id}`,
          description: 'A crash test piece.',
          category: 'jewellery' as const,
          price_paise: 49_900,
          sale_price_paise: 0,
          total_stock: INITIAL_STOCK,
          variety_type: null,
          updated_at: now,
          deleted_at: null,
        })),
      )
      .execute()
  } finally {
    await db.destroy()
  }
}

/** One shopper's loop: add to cart, check out, pay; until the server dies or `stopped()`. */
export async function shop(
  api: ShopApi,
  who: Shopper,
  addressId: string,
  ledger: Ledger,
  stopped: () => boolean,
  onPaid: () => void,
) {
  // A kill between checkout and payment leaves the line in the cart: start each round empty.
  await api.call('DELETE', `/api/shop/cart/${who.id}/${PRODUCT}`, { token: who.token })
  let round = 0
  while (!stopped()) {
    round += 1
    const quantity = 1 + (round % 3)
    const added = await api.call('POST', '/api/shop/cart/add', { token: who.token, body: { userId: who.id, productId: PRODUCT, quantity } })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const created = await api.createOrder(who, { addressInfo: { addressId } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const result = testPaymentResult(created.body.razorpayOrder.id, `pay_crash_${created.body.orderId}`, created.body.orderId)
    const verified = await api.verify(who, result)
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    ledger.paid.add(created.body.orderId)
    onPaid()
  }
}

/** The admin's loop: retitles the decoy products one after another. */
export async function edit(api: ShopApi, admin: Shopper, ledger: Ledger, stopped: () => boolean) {
  let round = 0
  while (!stopped()) {
    round += 1
    const id = EDITED[round % EDITED.length] as string
    const entry = ledger.titles.get(id) ?? { sent: [], acknowledged: 0 }
    ledger.titles.set(id, entry)
    // Unique across crash rounds, so that a lost write can never pass for an older one.
    const title = `Resin ${id} edit ${entry.sent.length + 1}`
    entry.sent.push(title)
    const answer = await api.call('PUT', `/api/admin/products/edit/${id}`, { token: admin.token, body: { title } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    entry.acknowledged = entry.sent.length
  }
}
