// Both gateways' payment signature checks against the razorpay SDK's own helper, taken as the
// definition of what Razorpay signs; and the SDK pointed at a local fake API through RAZORPAY_API_BASE.
// (Webhook signatures: razorpay-webhook.server.test.ts.)
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeRazorpay, startFakeRazorpay } from '../../tests/fake-razorpay'
import { hmacHex, paymentSignature, razorpayGateway, testGateway } from './payment-gateway.server'

const KEY_SECRET = 'rzp_secret_for_tests'
let fake: FakeRazorpay

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_gateway' })
})

afterAll(async () => {
  await fake.stop()
})

const gateways = () => [
  { name: 'razorpay', gateway: razorpayGateway({ keyId: 'rzp_test_gateway', keySecret: KEY_SECRET, apiBase: fake.url }), secret: KEY_SECRET },
  { name: 'test', gateway: testGateway(KEY_SECRET), secret: KEY_SECRET },
]

describe('payment signatures', () => {
  it('accepts exactly what the SDK accepts for a payment result', () => {
    for (const { name, gateway, secret } of gateways()) {
      const good = paymentSignature('order_A1', 'pay_B2', secret)
      const candidates = [
        good,
        good.toUpperCase(),
        good.slice(0, -1),
        `${good}0`,
        paymentSignature('order_A1', 'pay_B3', secret),
        paymentSignature('order_A1', 'pay_B2', 'another-secret'),
        hmacHex(secret, 'order_A1pay_B2'),
        'a'.repeat(64),
        '',
        'é'.repeat(32),
      ]
      for (const signature of candidates) {
        const sdk = validatePaymentVerification({ order_id: 'order_A1', payment_id: 'pay_B2' }, signature, secret)
        expect(gateway.verifySignature('order_A1', 'pay_B2', signature), `${name}: ${signature}`).toBe(sdk)
      }
      expect(gateway.verifySignature('order_A1', 'pay_B2', good)).toBe(true)
    }
  })

  it("signs TEST MODE results the way Razorpay does, so the SDK's check accepts them", () => {
    const gateway = testGateway(KEY_SECRET)
    expect(validatePaymentVerification({ order_id: 'order_T', payment_id: 'pay_T' }, gateway.sign('order_T', 'pay_T'), KEY_SECRET)).toBe(true)
  })
})

describe('razorpayGateway', () => {
  it('talks to the API base it is given (RAZORPAY_API_BASE) through the SDK', async () => {
    const gateway = razorpayGateway({ keyId: 'rzp_test_gateway', keySecret: KEY_SECRET, apiBase: fake.url })
    const order = await gateway.createOrder({ amountPaise: 149_900, receipt: 'receipt-1', notes: { orderId: 'o1' } })
    expect(order).toEqual({ id: expect.stringMatching(/^order_/), amount: 149_900, currency: 'INR' })
    const { paymentId, signature } = fake.pay(order.id)
    expect(gateway.verifySignature(order.id, paymentId, signature)).toBe(true)
    expect(await gateway.fetchPayment(paymentId, { gatewayOrderId: order.id, amountPaise: 149_900 })).toEqual({
      id: paymentId,
      orderId: order.id,
      amount: 149_900,
      currency: 'INR',
      status: 'captured',
    })
    expect(fake.requests).toEqual([`POST /v1/orders`, `GET /v1/payments/${paymentId}`])
  })
})
