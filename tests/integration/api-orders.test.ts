// Addresses, checkout, payment verification, webhook and order history over real HTTP against the
// built server: once with the TEST MODE gateway and the demo catalogue, once with Razorpay pointed
// (RAZORPAY_API_BASE) at a local fake Razorpay API that signs payments with the test key secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { hmacHex, paymentSignature } from '../../app/infra/payment-gateway.server'
import { insertProducts } from '../helpers/fixtures'
import { ADDRESS, client, type Shopper, TEST_GATEWAY_SECRET } from '../helpers/shop-api'
import type { FakeRazorpay } from '../fake-razorpay'
import { type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { type RunningServer, startServer } from './server'

describe('with the TEST MODE gateway and the demo catalogue', () => {
  let server: RunningServer
  const api = client(() => server)
  let asha: Shopper
  let ravi: Shopper
  let admin: Shopper
  /** A demo product with stock to spare, and the options the cart needs for it. */
  let pick: { productId: string; variety?: string; color?: string }

  beforeAll(async () => {
    server = await startServer({
      SEED_DEMO: '1',
      DELIVERY_FEE: '49',
      AUTH_RATE_LIMIT: '100',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-1',
    })
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    ravi = await api.registerAndLogin('Ravi', 'ravi@example.com')
    admin = await api.login('owner@example.com', 'owner-password-1')

    const listing = await api.call('GET', '/api/shop/products/get?sortBy=price-lowtohigh')
    expect(listing.status).toBe(200)
    // A plain piece (no personalisation to type, ADR 069) with stock to spare.
    const plain = (listing.body.data as { _id: string; totalStock: number; personalization: unknown[] }[]).filter(
      (p) => p.totalStock >= 10 && p.personalization.length === 0,
    )
    const card = plain[0]
    if (!card) throw new Error('The demo catalogue has no product with stock to spare')
    const detail = (await api.call('GET', `/api/shop/products/get/${card._id}`)).body.data
    const variety = detail.variety as
      | { type: 'choice'; options: { name: string }[] }
      | { type: 'size'; sizes: { size: string }[] }
      | { type: 'pack'; packs: { packName: string }[] }
      | null
    pick = {
      productId: card._id,
      variety:
        variety?.type === 'choice'
          ? variety.options[0]?.name
          : variety?.type === 'size'
            ? variety.sizes[0]?.size
            : variety?.type === 'pack'
              ? variety.packs[0]?.packName
              : undefined,
      color: (detail.colors as string[])[0],
    }
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
  })

  describe('addresses', () => {
    it('adds, lists, updates and deletes an own address with the exact messages', async () => {
      await api.clearAddresses(asha)
      const added = await api.addAddress(asha)
      expect(added.status).toBe(201)
      expect(added.body).toEqual({
        success: true,
        message: 'Address Added Successfully',
        data: {
          _id: expect.any(String),
          userId: asha.id,
          name: '',
          addressLine: '221 Residency Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560025',
          country: 'India',
          phone: '+919845012345',
          landmark: 'Near the clock tower',
          notes: 'Call before delivery',
        },
      })
      const id = added.body.data._id
      expect(await api.addressesOf(asha)).toEqual([added.body.data])

      const updated = await api.call('PUT', `/api/shop/address/update/${asha.id}/${id}`, {
        token: asha.token,
        body: { ...ADDRESS, city: 'Mysuru', pincode: '570001', userId: asha.id },
      })
      expect(updated.status).toBe(200)
      expect(updated.body).toMatchObject({ success: true, message: 'Address Updated Successfully', data: { _id: id, city: 'Mysuru' } })

      const deleted = await api.call('DELETE', `/api/shop/address/delete/${asha.id}/${id}`, { token: asha.token })
      expect(deleted.status).toBe(200)
      expect(deleted.body).toEqual({ success: true, message: 'Address Deleted Successfully' })
      expect(await api.addressesOf(asha)).toEqual([])
    })

    it("refuses the 4th address with 400 'You can Add Max 3 Addresses'", async () => {
      await api.clearAddresses(asha)
      for (const line of ['One', 'Two', 'Three']) {
        expect((await api.addAddress(asha, { ...ADDRESS, addressLine: line })).status).toBe(201)
      }
      const fourth = await api.addAddress(asha, { ...ADDRESS, addressLine: 'Four' })
      expect(fourth.status).toBe(400)
      expect(fourth.body).toMatchObject({ success: false, message: 'You can Add Max 3 Addresses' })
      expect((await api.addressesOf(asha)).map((a) => a.addressLine)).toEqual(['One', 'Two', 'Three'])
      await api.clearAddresses(asha)
    })

    it('answers 400 with field errors for an invalid address', async () => {
      const answer = await api.addAddress(asha, { addressLine: '', city: 'Pune', state: '', pincode: '4110', phone: '12345' })
      expect(answer.status).toBe(400)
      expect(answer.body.success).toBe(false)
      expect(Object.keys(answer.body.errors).sort()).toEqual(['addressLine', 'phone', 'pincode', 'state'])
    })

    it('takes an optional recipient name, a state in any case, and refuses a state not in the list', async () => {
      await api.clearAddresses(asha)
      const added = await api.addAddress(asha, { ...ADDRESS, name: 'Anjali Rao', state: 'kerala' })
      expect(added.status).toBe(201)
      expect(added.body.data).toMatchObject({ name: 'Anjali Rao', state: 'Kerala' })
      const misspelt = await api.addAddress(asha, { ...ADDRESS, state: 'Karnatka' })
      expect(misspelt.status).toBe(400)
      expect(misspelt.body.errors).toEqual({ state: ['Choose a state or union territory from the list'] })
      await api.clearAddresses(asha)
    })

    it("keeps every user to their own addresses: another userId is 403, another's address id is 404", async () => {
      await api.clearAddresses(asha)
      const ashas = (await api.addAddress(asha)).body.data
      expect((await api.addAddress(ravi, ADDRESS, asha.id)).status).toBe(403)
      expect((await api.call('GET', `/api/shop/address/get/${asha.id}`, { token: ravi.token })).status).toBe(403)
      expect(
        (await api.call('PUT', `/api/shop/address/update/${asha.id}/${ashas._id}`, { token: ravi.token, body: ADDRESS })).status,
      ).toBe(403)
      expect((await api.call('DELETE', `/api/shop/address/delete/${asha.id}/${ashas._id}`, { token: ravi.token })).status).toBe(403)
      // Ravi's own user id with Asha's address id: not found, and nothing changes.
      const update = await api.call('PUT', `/api/shop/address/update/${ravi.id}/${ashas._id}`, { token: ravi.token, body: ADDRESS })
      expect(update.status).toBe(404)
      expect((await api.call('DELETE', `/api/shop/address/delete/${ravi.id}/${ashas._id}`, { token: ravi.token })).status).toBe(404)
      expect(await api.addressesOf(asha)).toEqual([ashas])
      // The admin may read them.
      expect((await api.call('GET', `/api/shop/address/get/${asha.id}`, { token: admin.token })).status).toBe(200)
      // Nobody signed in: 401.
      expect((await api.call('GET', `/api/shop/address/get/${asha.id}`)).status).toBe(401)
      expect((await api.call('POST', '/api/shop/address/add', { body: { userId: asha.id, ...ADDRESS } })).status).toBe(401)
      await api.clearAddresses(asha)
    })

    it('answers 405 to the wrong methods', async () => {
      expect((await api.call('GET', '/api/shop/address/add', { token: asha.token })).status).toBe(405)
      expect((await api.call('POST', `/api/shop/address/get/${asha.id}`, { token: asha.token, body: {} })).status).toBe(405)
      expect((await api.call('GET', `/api/shop/address/update/${asha.id}/x`, { token: asha.token })).status).toBe(405)
      expect((await api.call('POST', `/api/shop/address/delete/${asha.id}/x`, { token: asha.token, body: {} })).status).toBe(405)
    })
  })

  describe('checkout and payment', () => {
    it("refuses an empty cart with 400 'Your Cart is Empty.' and a missing address with 'Please Select an Address.'", async () => {
      const newcomer = await api.registerAndLogin('Nila', 'nila@example.com')
      const address = (await api.addAddress(newcomer)).body.data
      const empty = await api.createOrder(newcomer, { userId: newcomer.id, addressInfo: { addressId: address._id } })
      expect(empty.status).toBe(400)
      expect(empty.body).toEqual({ success: false, message: 'Your Cart is Empty.', errors: { cart: ['Your Cart is Empty.'] } })

      await api.addToCart(newcomer, { ...pick, quantity: 1 })
      for (const body of [{ userId: newcomer.id }, { addressInfo: {} }, { addressInfo: { addressId: '' } }, { addressId: 'nope' }]) {
        const answer = await api.createOrder(newcomer, body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.body.message).toBe('Please Select an Address.')
      }
      // Someone else's address is no address.
      const ravisAddress = (await api.addAddress(ravi)).body.data
      const foreign = await api.createOrder(newcomer, { addressInfo: { addressId: ravisAddress._id } })
      expect(foreign.status).toBe(400)
      expect(foreign.body.message).toBe('Please Select an Address.')
      expect(await api.ordersOf(newcomer)).toEqual([])
      await api.clearAddresses(ravi)
    })

    it('refuses a visitor (401) and another userId (403)', async () => {
      expect((await api.call('POST', '/api/shop/order/razorpay/create', { body: {} })).status).toBe(401)
      const answer = await api.createOrder(ravi, { userId: asha.id, addressInfo: { addressId: 'x' } })
      expect(answer.status).toBe(403)
    })

    it('creates the order from the server cart (ignoring client totals), verifies the payment, and shows it in history', async () => {
      await api.clearAddresses(asha)
      const address = (await api.addAddress(asha)).body.data
      await api.addToCart(asha, { ...pick, quantity: 2 })
      const cart = await api.cartOf(asha)
      const expectedPaise = Math.round(cart.totalAmount * 100) + 4_900
      const stockBefore = await api.stockOf(pick.productId)

      // The original client's body: only addressInfo.addressId counts.
      const created = await api.createOrder(asha, {
        userId: asha.id,
        cartId: 'whatever',
        cartItems: [{ productId: pick.productId, title: 'Cheap', price: 1, quantity: 2 }],
        addressInfo: { ...ADDRESS, addressId: address._id, city: 'Elsewhere' },
        totalAmount: 1,
        orderDate: '2000-01-01T00:00:00.000Z',
        orderStatus: 'confirmed',
        paymentStatus: 'paid',
      })
      expect(created.status).toBe(201)
      expect(created.body).toEqual({
        success: true,
        razorpayOrder: { id: expect.stringMatching(/^order_test_/), amount: expectedPaise, currency: 'INR' },
        orderId: expect.any(String),
        orderNumber: expect.any(Number),
        keyId: 'test',
      })
      const { orderId } = created.body
      const gatewayOrderId = created.body.razorpayOrder.id
      const pending = await api.ordersOf(asha)
      expect(pending[0]).toMatchObject({ _id: orderId, orderStatus: 'pending', paymentStatus: 'pending', totalAmount: expectedPaise / 100 })
      expect(new Date(pending[0]?.orderDate ?? '').getFullYear()).toBeGreaterThan(2000)

      // A forged signature is refused and changes nothing.
      const forged = await api.verify(asha, {
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: 'pay_forged',
        razorpay_signature: hmacHex('guess', `${gatewayOrderId}|pay_forged`),
        orderId,
      })
      expect(forged.status).toBe(400)
      expect(forged.body).toMatchObject({ success: false, message: 'Payment Verification Failed.' })
      // Nothing taken; the checkout holds Asha's 2, so shoppers see 2 fewer until she pays or the hold ends.
      expect(await api.stockOf(pick.productId)).toBe(stockBefore - 2)

      // Ravi posting Asha's correctly signed result: 403.
      const paymentId = 'pay_test_1'
      const result = {
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(gatewayOrderId, paymentId, TEST_GATEWAY_SECRET),
        orderId,
      }
      expect((await api.verify(ravi, result)).status).toBe(403)

      const verified = await api.verify(asha, result)
      expect(verified.status).toBe(200)
      expect(verified.body).toEqual({ success: true, message: 'Payment Successful!', data: { orderId } })
      expect(await api.stockOf(pick.productId)).toBe(stockBefore - 2)
      expect((await api.cartOf(asha)).items).toEqual([])

      // A replay still answers success, and takes no more stock.
      const replay = await api.verify(asha, result)
      expect(replay.status).toBe(200)
      expect(replay.body.message).toBe('Payment Successful!')
      expect(await api.stockOf(pick.productId)).toBe(stockBefore - 2)

      const list = await api.ordersOf(asha)
      expect(list[0]).toMatchObject({
        _id: orderId,
        orderNumber: created.body.orderNumber,
        orderDate: expect.any(String),
        orderStatus: 'confirmed',
        paymentStatus: 'paid',
        totalAmount: expectedPaise / 100,
      })

      const details = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: asha.token })
      expect(details.status).toBe(200)
      expect(details.body.data).toEqual({
        _id: orderId,
        orderNumber: created.body.orderNumber,
        userId: asha.id,
        cartId: expect.any(String),
        cartItems: [
          {
            productId: pick.productId,
            title: expect.any(String),
            image: expect.any(String),
            price: Math.round(cart.totalAmount * 100) / 2 / 100,
            quantity: 2,
            variety: pick.variety ? { type: expect.any(String), name: pick.variety } : null,
            color: pick.color ?? null,
            personalization: {},
          },
        ],
        addressInfo: {
          addressId: address._id,
          name: '',
          addressLine: '221 Residency Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560025',
          country: 'India',
          phone: '+919845012345',
          landmark: 'Near the clock tower',
          notes: 'Call before delivery',
        },
        subtotal: cart.totalAmount,
        deliveryFee: 49,
        totalAmount: expectedPaise / 100,
        orderDate: list[0]?.orderDate,
        orderStatus: 'confirmed',
        paymentMethod: 'razorpay',
        paymentStatus: 'paid',
        userInfo: { userName: 'Asha', email: 'asha@example.com' },
        history: [
          { status: 'pending', note: 'Order placed', changedAt: expect.any(String) },
          { status: 'confirmed', note: `Paid (test, ${paymentId})`, changedAt: expect.any(String) },
        ],
        // Extra (ADR 070): the day the order is expected to leave the studio.
        dispatchBy: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      })
      // The history list holds each order whole, as the details call answers it.
      expect(list[0]).toEqual(details.body.data)

      // Others: Ravi gets 404 for the details and 403 for Asha's list; the admin may read both.
      const foreign = await api.call('GET', `/api/shop/order/details/${orderId}`, { token: ravi.token })
      expect(foreign.status).toBe(404)
      expect(foreign.body).toEqual({ success: false, message: 'Order not found.' })
      expect((await api.call('GET', `/api/shop/order/list/${asha.id}`, { token: ravi.token })).status).toBe(403)
      expect((await api.call('GET', `/api/shop/order/details/${orderId}`, { token: admin.token })).status).toBe(200)
      expect((await api.ordersOf(admin, asha.id)).map((o) => o._id)).toContain(orderId)
      expect((await api.call('GET', `/api/shop/order/details/${orderId}`)).status).toBe(401)
      expect((await api.call('GET', '/api/shop/order/details/no-such-order', { token: asha.token })).status).toBe(404)
      await api.clearAddresses(asha)
    })

    it('refuses a verify body that is missing fields', async () => {
      const answer = await api.verify(asha, { orderId: 'x' })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('Payment Verification Failed.')
    })

    it("answers 410 to /api/shop/order/create: 'Use /api/shop/order/razorpay/create.'", async () => {
      const answer = await api.call('POST', '/api/shop/order/create', { token: asha.token, body: { totalAmount: 1 } })
      expect(answer.status).toBe(410)
      expect(answer.body).toEqual({ success: false, message: 'Use /api/shop/order/razorpay/create.' })
      expect((await api.call('GET', '/api/shop/order/create')).status).toBe(405)
      expect((await api.call('GET', '/api/shop/order/razorpay/create', { token: asha.token })).status).toBe(405)
      expect((await api.call('GET', '/api/shop/order/razorpay/verify', { token: asha.token })).status).toBe(405)
      expect((await api.call('GET', '/api/shop/order/razorpay/webhook')).status).toBe(405)
      expect((await api.call('POST', `/api/shop/order/list/${asha.id}`, { token: asha.token, body: {} })).status).toBe(405)
    })

    it('answers 404 on the webhook when no webhook secret is configured', async () => {
      const body = JSON.stringify({ event: 'order.paid' })
      const answer = await api.call('POST', '/api/shop/order/razorpay/webhook', {
        body,
        headers: { 'X-Razorpay-Signature': hmacHex('anything', body), 'X-Razorpay-Event-Id': 'evt_1' },
      })
      expect(answer.status).toBe(404)
    })
  })
})

describe('with Razorpay pointed at a fake Razorpay API', () => {
  const KEY_ID = 'rzp_test_fakekey'
  const KEY_SECRET = 'fake-key-secret'
  const WEBHOOK_SECRET = 'fake-webhook-secret'
  let fake: FakeRazorpay
  let server: RunningServer
  let db: DB
  const api = client(() => server)
  let asha: Shopper
  let ravi: Shopper
  let addressId: string

  let shop: ShopWithFakeRazorpay | undefined

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET })
    ;({ fake, server, db } = shop)
    await insertProducts(db, [{ id: 'vase', title: 'Ocean resin vase', description: 'Blue waves.', price: 149_950, stock: 20 }])
    asha = await api.registerAndLogin('Asha', 'asha@example.com')
    ravi = await api.registerAndLogin('Ravi', 'ravi@example.com')
    addressId = (await api.addAddress(asha)).body.data._id
  }, 120_000)

  afterAll(async () => {
    await shop?.stop()
  })

  /** The stock on the shelf (what payments take; shoppers see it less live holds). */
  async function shelfOf(productId: string) {
    return (await db.selectFrom('products').select('total_stock').where('id', '=', productId).executeTakeFirstOrThrow()).total_stock
  }

  /** Puts `quantity` vases in Asha's cart and creates the order: the fake holds the Razorpay order. */
  async function placeVaseOrder(quantity: number) {
    await api.addToCart(asha, { productId: 'vase', quantity })
    const created = await api.createOrder(asha, { userId: asha.id, addressInfo: { addressId }, totalAmount: 1 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return { orderId: created.body.orderId as string, gatewayOrderId: created.body.razorpayOrder.id as string, body: created.body }
  }

  function webhook(body: string, headers: Record<string, string>) {
    return api.call('POST', '/api/shop/order/razorpay/webhook', { body, headers })
  }

  function orderPaid(gatewayOrderId: string, paymentId: string, amount: number) {
    return JSON.stringify({
      entity: 'event',
      event: 'order.paid',
      payload: {
        payment: { entity: { id: paymentId, order_id: gatewayOrderId, amount, status: 'captured' } },
        order: { entity: { id: gatewayOrderId, amount, amount_paid: amount, status: 'paid' } },
      },
    })
  }

  it('creates the Razorpay order through the SDK with the server total in paise, and confirms a paid one', async () => {
    const stockBefore = await shelfOf('vase')
    const { orderId, gatewayOrderId, body } = await placeVaseOrder(2)
    expect(body).toEqual({
      success: true,
      razorpayOrder: { id: expect.stringMatching(/^order_/), amount: 299_900, currency: 'INR' },
      orderId,
      orderNumber: expect.any(Number),
      keyId: KEY_ID,
    })
    expect(fake.orders.get(gatewayOrderId)).toMatchObject({ amount: 299_900, currency: 'INR', receipt: orderId, status: 'created' })

    const { paymentId, signature } = fake.pay(gatewayOrderId)
    const result = { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId }
    const verified = await api.verify(asha, result)
    expect(verified.status).toBe(200)
    expect(verified.body).toEqual({ success: true, message: 'Payment Successful!', data: { orderId } })
    expect(fake.requests).toContain(`GET /v1/payments/${paymentId}`)
    expect(await shelfOf('vase')).toBe(stockBefore - 2)
    expect((await api.ordersOf(asha)).find((o) => o._id === orderId)).toMatchObject({
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
      totalAmount: 2_999,
    })

    const replay = await api.verify(asha, result)
    expect(replay.status).toBe(200)
    expect(await shelfOf('vase')).toBe(stockBefore - 2)

    // Forged: a signature made without the key secret.
    const forged = await api.verify(asha, { ...result, razorpay_signature: hmacHex('not-the-secret', `${gatewayOrderId}|${paymentId}`) })
    expect(forged.status).toBe(400)
    expect(forged.body.message).toBe('Payment Verification Failed.')
  })

  it('never calls a payment a success when the stock ran out after its hold ended: 409, rejected, refunded once', async () => {
    await insertProducts(db, [{ id: 'last-bowl', title: 'Last resin bowl', description: 'One left.', price: 99_900, stock: 1 }])
    await api.addToCart(asha, { productId: 'last-bowl', quantity: 1 })
    const created = await api.createOrder(asha, { addressInfo: { addressId } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const orderId = created.body.orderId as string
    const gatewayOrderId = created.body.razorpayOrder.id as string
    // Asha's hold ends unpaid, and the piece is sold meanwhile.
    await db.updateTable('stock_holds').set({ expires_at: '2026-01-01T00:00:00.000Z' }).where('order_id', '=', orderId).execute()
    await db.updateTable('products').set({ total_stock: 0 }).where('id', '=', 'last-bowl').execute()

    const { paymentId, signature } = fake.pay(gatewayOrderId)
    const answer = await api.verify(asha, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
    expect(answer.status).toBe(409)
    expect(answer.body).toEqual({ success: false, message: expect.stringMatching(/could not be filled.*refunded in full/), data: { orderId } })
    const replay = await api.verify(asha, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
    expect(replay.status).toBe(409)
    const order = (await api.ordersOf(asha)).find((o) => o._id === orderId)
    expect(order).toMatchObject({ orderStatus: 'rejected', refund: { amount: 999 } })
    expect(await shelfOf('last-bowl')).toBe(0)
    const refundCalls = () => fake.requests.filter((r) => r === `POST /v1/payments/${paymentId}/refund`).length
    for (let i = 0; i < 100 && refundCalls() === 0; i++) await new Promise((r) => setTimeout(r, 50))
    expect(refundCalls()).toBe(1)
    await api.call('DELETE', `/api/shop/cart/${asha.id}/last-bowl`, { token: asha.token })
  })

  it("refuses a correctly signed payment whose amount on Razorpay's record is not the order total", async () => {
    const stockBefore = await shelfOf('vase')
    const { orderId, gatewayOrderId } = await placeVaseOrder(1)
    const { paymentId, signature } = fake.pay(gatewayOrderId, { amount: 100 })
    const answer = await api.verify(asha, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('Payment Verification Failed.')
    expect(await shelfOf('vase')).toBe(stockBefore)
    expect((await api.ordersOf(asha)).find((o) => o._id === orderId)).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' })
    // Another user's order is not theirs to verify.
    const full = fake.pay(gatewayOrderId)
    const stolen = await api.verify(ravi, {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: full.paymentId,
      razorpay_signature: full.signature,
    })
    expect(stolen.status).toBe(403)
    await api.call('DELETE', `/api/shop/cart/${asha.id}/vase`, { token: asha.token })
  })

  it('confirms an order paid while the browser died through the webhook, once per event id', async () => {
    const stockBefore = await shelfOf('vase')
    const { orderId, gatewayOrderId } = await placeVaseOrder(1)
    const { paymentId } = fake.pay(gatewayOrderId)
    const body = orderPaid(gatewayOrderId, paymentId, 149_950)

    // A bad signature is 400, even with a session cookie from another site (the webhook is CSRF-exempt).
    const bad = await webhook(body, {
      'X-Razorpay-Signature': hmacHex('wrong', body),
      'X-Razorpay-Event-Id': 'evt_paid_1',
      Cookie: '__session=whatever',
      Origin: 'https://api.razorpay.com',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.success).toBe(false)
    expect(await shelfOf('vase')).toBe(stockBefore)

    const good = await webhook(body, { 'X-Razorpay-Signature': hmacHex(WEBHOOK_SECRET, body), 'X-Razorpay-Event-Id': 'evt_paid_1' })
    expect(good.status).toBe(200)
    expect(good.body).toEqual({ success: true, status: 'processed' })
    expect(await shelfOf('vase')).toBe(stockBefore - 1)
    expect((await api.ordersOf(asha)).find((o) => o._id === orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' })
    expect((await api.cartOf(asha)).items).toEqual([])

    const duplicate = await webhook(body, { 'X-Razorpay-Signature': hmacHex(WEBHOOK_SECRET, body), 'X-Razorpay-Event-Id': 'evt_paid_1' })
    expect(duplicate.status).toBe(200)
    expect(duplicate.body).toEqual({ success: true, status: 'duplicate' })
    expect(await shelfOf('vase')).toBe(stockBefore - 1)
  })

  it('marks a payment failed on payment.failed, and the order can still be paid', async () => {
    const { orderId, gatewayOrderId } = await placeVaseOrder(1)
    const failed = JSON.stringify({
      entity: 'event',
      event: 'payment.failed',
      payload: {
        payment: {
          entity: { id: 'pay_declined', order_id: gatewayOrderId, amount: 149_950, status: 'failed', error_code: 'BAD_REQUEST_ERROR', error_description: 'Card declined' },
        },
      },
    })
    const answer = await webhook(failed, { 'X-Razorpay-Signature': hmacHex(WEBHOOK_SECRET, failed), 'X-Razorpay-Event-Id': 'evt_failed_1' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ success: true, status: 'processed' })
    expect((await api.ordersOf(asha)).find((o) => o._id === orderId)).toMatchObject({ orderStatus: 'pending', paymentStatus: 'failed' })

    const { paymentId, signature } = fake.pay(gatewayOrderId)
    const retry = await api.verify(asha, { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId })
    expect(retry.status).toBe(200)
    expect((await api.ordersOf(asha)).find((o) => o._id === orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' })
  })

  it('captures a payment Razorpay reports only authorized (manual capture), then confirms it', async () => {
    const stockBefore = await shelfOf('vase')
    const { orderId, gatewayOrderId } = await placeVaseOrder(1)
    const { paymentId, signature } = fake.pay(gatewayOrderId, { status: 'authorized' })
    const result = { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId }
    const answer = await api.verify(asha, result)
    expect(answer.status).toBe(200)
    expect(fake.payments.get(paymentId)?.status).toBe('captured')
    expect(fake.requests).toContain(`POST /v1/payments/${paymentId}/capture`)
    expect((await api.ordersOf(asha)).find((o) => o._id === orderId)).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' })
    expect(await shelfOf('vase')).toBe(stockBefore - 1)
  })

  it('answers 502 when Razorpay cannot create the order', async () => {
    await api.addToCart(asha, { productId: 'vase', quantity: 1 })
    fake.down = true
    try {
      const answer = await api.createOrder(asha, { addressInfo: { addressId } })
      expect(answer.status).toBe(502)
      expect(answer.body).toEqual({ success: false, message: 'Payment could not be started. Please try again in a moment.' })
    } finally {
      fake.down = false
    }
    expect((await api.cartOf(asha)).items).toHaveLength(1)
    await api.call('DELETE', `/api/shop/cart/${asha.id}/vase`, { token: asha.token })
  })
})
