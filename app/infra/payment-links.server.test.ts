// Payment Links through the razorpay SDK against the local fake (tests/fake-razorpay.ts): create,
// fetch (paid, with its captured payment), cancel, the reference kept unique; the callback's signature
// checked as the SDK's own helper defines it; the payment_link.paid webhook checked and read.
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeRazorpay, startFakeRazorpay } from '../../tests/fake-razorpay'
import { linkCallbackSignature, parseLinkWebhook, razorpayLinks, testLinks } from './payment-links.server'

const KEY_SECRET = 'rzp_secret_for_links'
const WEBHOOK_SECRET = 'whsec_links'
let fake: FakeRazorpay

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_links' })
})

afterAll(async () => {
  await fake.stop()
})

const gateway = () => razorpayLinks({ keyId: 'rzp_test_links', keySecret: KEY_SECRET, apiBase: fake.url })
const input = (referenceId: string) => ({
  amountPaise: 320000,
  referenceId,
  description: 'Custom piece #1001',
  customer: { name: 'Meera', email: 'meera@example.com', contact: '9845012345' },
  callbackUrl: 'https://shop.example.in/shop/custom-order/paid',
  expireBy: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
})

describe('Razorpay Payment Links through the SDK', () => {
  it('creates a link, reads it paid with its payment, and checks the callback as the SDK does', async () => {
    const links = gateway()
    const link = await links.createLink(input('1001-full-1'))
    expect(link).toMatchObject({ amountPaise: 320000, status: 'created', referenceId: '1001-full-1', paymentId: null })
    expect(fake.requests).toContain('POST /v1/payment_links')
    const sent = fake.paymentLinks.get(link.id)
    expect(sent).toMatchObject({ callback_method: 'get', callback_url: 'https://shop.example.in/shop/custom-order/paid', accept_partial: false })

    const { paymentId, callbackQuery } = fake.payLink(link.id)
    expect(await links.fetchLink(link.id)).toMatchObject({ status: 'paid', paymentId })
    const query = { linkId: link.id, referenceId: '1001-full-1', status: 'paid', paymentId }
    expect(links.verifyCallback({ ...query, signature: callbackQuery.razorpay_signature ?? '' })).toBe(true)
    const sdkSays = validatePaymentVerification(
      { payment_link_id: link.id, payment_id: paymentId, payment_link_reference_id: '1001-full-1', payment_link_status: 'paid' },
      callbackQuery.razorpay_signature ?? '',
      KEY_SECRET,
    )
    expect(sdkSays).toBe(true)
    for (const bad of [{ ...query, status: 'created' }, { ...query, paymentId: 'pay_other' }, { ...query, referenceId: '1001-full-2' }]) {
      expect(links.verifyCallback({ ...bad, signature: callbackQuery.razorpay_signature ?? '' })).toBe(false)
    }
  })

  it('cancels an open link; refuses a reference used before', async () => {
    const links = gateway()
    const link = await links.createLink(input('1002-full-1'))
    await links.cancelLink(link.id)
    expect((await links.fetchLink(link.id)).status).toBe('cancelled')
    await expect(links.createLink(input('1002-full-1'))).rejects.toThrow(/already exists/)
  })

  it('the TEST MODE links sign their callback the same way', async () => {
    const links = testLinks('local-secret')
    const link = await links.createLink(input('1003-full-1'))
    const query = links.pay(link.id)
    expect(query.razorpay_signature).toBe(linkCallbackSignature('local-secret', { linkId: link.id, referenceId: '1003-full-1', status: 'paid', paymentId: query.razorpay_payment_id ?? '' }))
    expect((await links.fetchLink(link.id)).status).toBe('paid')
  })
})

describe('the payment_link.paid webhook', () => {
  it('is read when its signature holds, refused when it does not', async () => {
    const link = await gateway().createLink(input('1004-full-1'))
    const { paymentId } = fake.payLink(link.id)
    const { body, signature } = fake.linkPaidWebhook(link.id, WEBHOOK_SECRET)
    expect(parseLinkWebhook({ rawBody: body, signature, secret: WEBHOOK_SECRET })).toEqual({ linkId: link.id, paymentId, amountPaise: 320000 })
    expect(() => parseLinkWebhook({ rawBody: body.replace('320000', '100'), signature, secret: WEBHOOK_SECRET })).toThrow(/signature/)
    expect(() => parseLinkWebhook({ rawBody: body, signature, secret: 'another' })).toThrow(/signature/)
    expect(() => parseLinkWebhook({ rawBody: body, signature, secret: undefined })).toThrow(/not configured/)
  })
})
