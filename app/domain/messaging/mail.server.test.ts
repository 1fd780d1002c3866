// The mails events queue, in the events' own transactions: a confirmed payment (shopper, owner, low
// stock once per crossing), the admin's status change (shipped with its tracking, delivered,
// rejected with the refund note), and nothing for a replay or a rollback.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertUsers, owner } from '../../../tests/helpers/fixtures'
import type { DB } from '../../../db/database'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { testGateway, paymentSignature } from '~/infra/payment-gateway.server'
import { addressSchema } from '~/schemas/address'
import { addAddress } from '~/domain/accounts/addresses.server'
import { updateOrderStatus } from '~/domain/orders/admin-orders.server'
import { addToCart } from '~/domain/cart/cart-edits.server'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { enqueueMail, orderStatusMail, ownerAlert } from './mail.server'
import { updateOrderByAdmin } from '~/domain/orders/order-tracking.server'
import { placeOrder } from '~/domain/orders/place-order.server'
import { verifyAndConfirm } from '~/domain/orders/verify-payment.server'
import { formatDispatchDay } from '~/lib/dispatch'

const SECRET = 'mail-test-secret'
const gateway = testGateway(SECRET)

let testDb: TestDb
let db: DB

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  setDomainSettings({ mail: { shopName: 'Resin Craft Studio', publicUrl: 'https://shop.example.in', ownerEmail: null } })
  await insertUsers(db, [asha, owner])
  const now = new Date().toISOString()
  await db
    .insertInto('products')
    .values([
      { id: 'pendant', title: 'Ocean pendant', description: '', category: 'jewellery', price_paise: 120_000, total_stock: 12, variety_type: null, updated_at: now, deleted_at: null },
      { id: 'coaster', title: 'Agate coaster', description: '', category: 'home-decor', price_paise: 30_000, total_stock: 50, variety_type: 'size', updated_at: now, deleted_at: null },
    ])
    .execute()
  await db.insertInto('product_varieties').values({ product_id: 'coaster', position: 0, name: 'Large', price_paise: 45_000 }).execute()
  await addAddress(
    db,
    asha.id,
    addressSchema.parse({ addressLine: '1 Lake View', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '9822012345', name: 'Meera' }),
  )
})

afterEach(async () => {
  await testDb.cleanup()
})

async function paidOrder(lines: { productId: string; quantity: number; variety?: string }[], paymentId: string) {
  for (const line of lines) await addToCart(db, { userId: asha.id }, line)
  const address = await db.selectFrom('addresses').select('id').where('user_id', '=', asha.id).executeTakeFirstOrThrow()
  const placed = await placeOrder(db, gateway, asha, { addressId: address.id }, 0)
  const gatewayOrderId = placed.gatewayOrder.id
  await verifyAndConfirm(db, gateway, { gatewayOrderId, paymentId, signature: paymentSignature(gatewayOrderId, paymentId, SECRET) })
  return placed.orderId
}

const outbox = () => db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()

describe('a confirmed payment', () => {
  it('queues the confirmation (lines, varieties, total, address, link) and the owner mail, once', async () => {
    const orderId = await paidOrder(
      [
        { productId: 'pendant', quantity: 1 },
        { productId: 'coaster', quantity: 2, variety: 'Large' },
      ],
      'pay_1',
    )
    const order = await db.selectFrom('orders').select(['number', 'dispatch_by']).where('id', '=', orderId).executeTakeFirstOrThrow()
    const mails = await outbox()
    expect(mails.map((m) => [m.kind, m.to_address, m.dedupe_key])).toEqual([
      ['order-confirmed', 'asha@example.com', `order-confirmed:${orderId}`],
      ['order-paid-owner', 'owner@example.com', `order-paid-owner:${orderId}`],
    ])
    const [confirmation, ownerMail] = mails
    expect(confirmation?.subject).toBe(`Order #${order.number} confirmed: thank you!`)
    for (const body of [confirmation?.html, confirmation?.text]) {
      expect(body).toContain('Resin Craft Studio')
      expect(body).toContain('Ocean pendant')
      expect(body).toContain('Agate coaster')
      expect(body).toContain('Size: Large')
      expect(body).toContain('₹2,100.00') // 1,200 + 2 x 450
      expect(body).toContain('Meera')
      expect(body).toContain('1 Lake View')
      expect(body).toContain('Pune, Maharashtra 411001')
      expect(body).toContain(`https://shop.example.in/shop/account/orders/${orderId}`)
      // When it is expected to leave the studio (ADR 070).
      expect(body).toContain(`We expect to dispatch it by ${formatDispatchDay(order.dispatch_by ?? '')}.`)
    }
    expect(confirmation?.html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(confirmation?.html).toContain('max-width:560px')
    expect(JSON.parse(confirmation?.attachments ?? '')).toEqual([{ kind: 'invoice', orderId }])
    expect(ownerMail?.subject).toBe(`New paid order #${order.number}: ₹2,100.00 (test)`)
    expect(ownerMail?.text).toContain(`https://shop.example.in/admin/orders/${orderId}`)

    // The same payment again (a replay, the webhook) queues nothing more.
    const gatewayOrderId = (await db.selectFrom('orders').select('gateway_order_id').where('id', '=', orderId).executeTakeFirstOrThrow()).gateway_order_id ?? ''
    await verifyAndConfirm(db, gateway, { gatewayOrderId, paymentId: 'pay_1', signature: paymentSignature(gatewayOrderId, 'pay_1', SECRET) })
    expect(await outbox()).toHaveLength(2)
  })

  it('sends owner mail to OWNER_EMAIL when it is set', async () => {
    setDomainSettings({ mail: { ownerEmail: 'studio@example.in' } })
    await paidOrder([{ productId: 'coaster', quantity: 1, variety: 'Large' }], 'pay_1')
    expect((await outbox()).find((m) => m.kind === 'order-paid-owner')?.to_address).toBe('studio@example.in')
  })

  it('tells the owner of stock that fell below 10, once per crossing', async () => {
    await paidOrder([{ productId: 'pendant', quantity: 2 }], 'pay_1') // 12 -> 10: not below
    expect((await outbox()).filter((m) => m.kind === 'low-stock')).toHaveLength(0)
    const crossing = await paidOrder([{ productId: 'pendant', quantity: 1 }], 'pay_2') // 10 -> 9
    await paidOrder([{ productId: 'pendant', quantity: 1 }], 'pay_3') // 9 -> 8: still below, no mail
    let low = (await outbox()).filter((m) => m.kind === 'low-stock')
    expect(low.map((m) => [m.to_address, m.subject, m.dedupe_key])).toEqual([
      ['owner@example.com', 'Low stock: Ocean pendant (9 left)', `low-stock:pendant:${crossing}`],
    ])
    expect(low[0]?.text).toContain('https://shop.example.in/admin/products/pendant/edit')

    // Restocked, then sold below 10 again: a new crossing, a new mail.
    await db.updateTable('products').set({ total_stock: 15 }).where('id', '=', 'pendant').execute()
    await paidOrder([{ productId: 'pendant', quantity: 7 }], 'pay_4')
    low = (await outbox()).filter((m) => m.kind === 'low-stock')
    expect(low.map((m) => m.subject)).toEqual(['Low stock: Ocean pendant (9 left)', 'Low stock: Ocean pendant (8 left)'])
  })

  it("tells of a size that fell below 10 while the product's total stays above it, named by the owner's group name", async () => {
    await db.insertInto('product_varieties').values({ product_id: 'coaster', position: 1, name: 'Small', price_paise: 30_000 }).execute()
    await db
      .insertInto('product_variants')
      .values([
        { product_id: 'coaster', variety_name: 'Large', stock: 40, position: 0 },
        { product_id: 'coaster', variety_name: 'Small', stock: 10, position: 1 },
      ])
      .execute()
    await db.updateTable('products').set({ option_label: 'Diameter' }).where('id', '=', 'coaster').execute()
    const crossing = await paidOrder(
      [
        { productId: 'coaster', quantity: 1, variety: 'Small' },
        { productId: 'coaster', quantity: 1, variety: 'Large' },
      ],
      'pay_1',
    )
    const low = (await outbox()).filter((m) => m.kind === 'low-stock')
    expect(low.map((m) => [m.subject, m.dedupe_key])).toEqual([['Low stock: Agate coaster, Diameter: Small (9 left)', `low-stock:coaster:Diameter: Small:${crossing}`]])
    expect((await db.selectFrom('products').select('total_stock').where('id', '=', 'coaster').executeTakeFirstOrThrow()).total_stock).toBe(48)
  })
})

describe('status mail', () => {
  it('the admin moving an order queues the mail of that status in the same transaction, once', async () => {
    const orderId = await paidOrder([{ productId: 'pendant', quantity: 1 }], 'pay_1')
    await updateOrderStatus(db, orderId, 'inProcess', owner.id)
    await updateOrderStatus(db, orderId, 'inShipping', owner.id)
    // Moves the lifecycle table refuses queue nothing (the transaction rolls back).
    await expect(updateOrderStatus(db, orderId, 'inShipping', owner.id)).rejects.toThrow()
    await expect(updateOrderStatus(db, orderId, 'pending', owner.id)).rejects.toThrow()
    const mails = (await outbox()).filter((m) => m.kind.startsWith('order-in'))
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
      ['order-inProcess', 'asha@example.com'],
      ['order-inShipping', 'asha@example.com'],
    ])
    expect(mails[0]?.subject).toMatch(/accepted/)
    expect(mails[1]?.subject).toMatch(/shipped/)
    expect(mails[1]?.text).toContain(`https://shop.example.in/shop/account/orders/${orderId}`)
  })

  it('shipped through the admin update with shipping details: the mail carries the carrier and tracking number', async () => {
    const orderId = await paidOrder([{ productId: 'pendant', quantity: 1 }], 'pay_1')
    await updateOrderStatus(db, orderId, 'inProcess', owner.id)
    await updateOrderByAdmin(
      db,
      orderId,
      { orderStatus: 'inShipping', tracking: { carrier: 'India Post', trackingNumber: 'EK123456789IN', trackingUrl: 'https://track.example/EK123456789IN' } },
      owner.id,
    )
    const shipped = (await outbox()).filter((m) => m.kind === 'order-inShipping')
    expect(shipped).toHaveLength(1)
    expect(shipped[0]?.text).toContain('Carrier: India Post\nTracking number: EK123456789IN\nTrack it: https://track.example/EK123456789IN')
    expect(shipped[0]?.html).toContain('Carrier: India Post.')
    expect(shipped[0]?.html).toContain('<strong>EK123456789IN</strong>')
    expect(shipped[0]?.html).toContain('href="https://track.example/EK123456789IN"')
    // Editing the details afterwards (no move) sends no second shipped mail.
    await updateOrderByAdmin(db, orderId, { orderStatus: 'inShipping', tracking: { carrier: 'Delhivery', trackingNumber: 'DL42' } }, owner.id)
    expect((await outbox()).filter((m) => m.kind === 'order-inShipping')).toHaveLength(1)
  })

  it('delivered: the shopper hears it once', async () => {
    const orderId = await paidOrder([{ productId: 'pendant', quantity: 1 }], 'pay_1')
    const { number } = await db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()
    for (const status of ['inProcess', 'inShipping', 'delivered'] as const) await updateOrderStatus(db, orderId, status, owner.id)
    const delivered = (await outbox()).filter((m) => m.kind === 'order-delivered')
    expect(delivered.map((m) => [m.to_address, m.subject, m.dedupe_key])).toEqual([['asha@example.com', `Order #${number} delivered`, `order-status:${orderId}:delivered`]])
    expect(delivered[0]?.text).toContain(`Order #${number} was delivered. We hope you love it!`)
    expect(delivered[0]?.text).toContain(`https://shop.example.in/shop/account/orders/${orderId}`)
    expect(delivered[0]?.html).toContain('Your order was delivered')
  })

  it('a paid order rejected by the admin: the rejected mail says the payment is being refunded, and the refund is queued', async () => {
    const orderId = await paidOrder([{ productId: 'pendant', quantity: 1 }], 'pay_1')
    const { number } = await db.selectFrom('orders').select('number').where('id', '=', orderId).executeTakeFirstOrThrow()
    expect(await updateOrderStatus(db, orderId, 'rejected', owner.id)).toMatchObject({ refundQueued: true })
    const rejected = (await outbox()).filter((m) => m.kind === 'order-rejected')
    expect(rejected.map((m) => [m.to_address, m.subject])).toEqual([['asha@example.com', `Order #${number} could not be accepted`]])
    const note = 'Your payment of ₹1,200.00 is being refunded in full to the card or UPI account you paid from; we will write again when it is processed.'
    expect(rejected[0]?.text).toContain(`We are sorry: we could not accept order #${number}.\n\n${note}`)
    expect(rejected[0]?.html).toContain(note)
    expect(rejected[0]?.text).not.toContain('last piece')
    expect(await db.selectFrom('refunds').select(['reason', 'status', 'amount_paise']).where('order_id', '=', orderId).execute()).toEqual([
      { reason: 'rejected', status: 'queued', amount_paise: 120_000 },
    ])
    // The refund is not processed yet: no refunded mail.
    expect((await outbox()).filter((m) => m.kind === 'order-refunded')).toHaveLength(0)
  })

  it('orderStatusMail: tracking, refunds, statuses nobody hears about, unknown orders', async () => {
    const orderId = await paidOrder([{ productId: 'pendant', quantity: 1 }], 'pay_1')
    expect(await orderStatusMail(db, orderId, 'confirmed')).toBe(false)
    expect(await orderStatusMail(db, 'no-such-order', 'delivered')).toBe(false)
    expect(await orderStatusMail(db, orderId, 'inShipping', { tracking: { number: 'EK123456789IN', carrier: 'India Post', url: 'https://track.example/EK123' } })).toBe(true)
    expect(await orderStatusMail(db, orderId, 'refunded', { refundPaise: 50_000, eventId: 'rfnd_1' })).toBe(true)
    expect(await orderStatusMail(db, orderId, 'refunded', { refundPaise: 50_000, eventId: 'rfnd_1' })).toBe(false)
    expect(await orderStatusMail(db, orderId, 'refunded', { refundPaise: 20_000, eventId: 'rfnd_2' })).toBe(true)
    const mails = (await outbox()).filter((m) => m.kind === 'order-inShipping' || m.kind === 'order-refunded')
    expect(mails[0]?.text).toContain('Carrier: India Post\nTracking number: EK123456789IN\nTrack it: https://track.example/EK123')
    expect(mails[0]?.html).toContain('href="https://track.example/EK123"')
    expect(mails.slice(1).map((m) => m.text.match(/Amount refunded: (\S+)/)?.[1])).toEqual(['₹500.00', '₹200.00'])
  })

  it('ownerAlert reaches the admins', async () => {
    expect(await ownerAlert(db, { kind: 'refund-failed', dedupeKey: 'refund-failed:r1', subject: 'A refund failed', lines: ['Razorpay said no.'], orderId: 'o1' })).toBe(true)
    const [alert] = await outbox()
    expect(alert).toMatchObject({ to_address: 'owner@example.com', subject: 'A refund failed' })
    expect(alert?.text).toContain('https://shop.example.in/admin/orders/o1')
  })
})

it('a mail queued in a transaction that rolls back is not there', async () => {
  await expect(
    db.transaction().execute(async (trx) => {
      await enqueueMail(trx, { kind: 'test', to: 'a@example.com', dedupeKey: 'test:1', subject: 's', html: '<p>h</p>', text: 't' })
      throw new Error('the event failed')
    }),
  ).rejects.toThrow('the event failed')
  expect(await outbox()).toHaveLength(0)
})
