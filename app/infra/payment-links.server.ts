// Payment Links (ADR 088), implementing the custom-orders room's PaymentLinkGateway: Razorpay's
// paymentLink API through the SDK when keys are set, else the demo's TEST MODE links (no network: the
// link is our own page /shop/custom-order/pay-test/:id, which "pays" with a signed callback).
// The payment_link.paid webhook is read here too.
import { randomBytes } from 'node:crypto'
import Razorpay from 'razorpay'
import type { GatewayLink, LinkStatus, PaymentLinkGateway } from '~/domain/custom-orders/payment-links'
import { getConfig } from '~/infra/config.server'
import { Invalid, NotFound } from '~/domain/errors'
import { GatewayCallError, hmacHex, sameSignature } from './payment-gateway.server'
import { paymentSetup } from './payment-setup.server'
import { getSessionSecret } from './secret.server'
import { webhookSignatureValid } from './razorpay-webhook.server'

/** Razorpay signs the callback's query: HMAC-SHA256("link_id|reference_id|status|payment_id", key secret). */
export function linkCallbackSignature(secret: string, input: { linkId: string; referenceId: string; status: string; paymentId: string }): string {
  return hmacHex(secret, `${input.linkId}|${input.referenceId}|${input.status}|${input.paymentId}`)
}

function linkStatus(status: unknown): LinkStatus {
  return status === 'paid' || status === 'cancelled' || status === 'expired' ? status : 'created'
}

interface RazorpayLink {
  id: string
  short_url: string
  amount: number | string
  status: string
  reference_id?: string
  payments?: { payment_id?: string; status?: string }[] | null
}

function toGatewayLink(link: RazorpayLink): GatewayLink {
  const captured = (link.payments ?? []).find((p) => p.status === 'captured')
  return {
    id: link.id,
    shortUrl: link.short_url,
    amountPaise: Number(link.amount),
    status: linkStatus(link.status),
    referenceId: link.reference_id ?? '',
    paymentId: captured?.payment_id ?? null,
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const e = error as { statusCode?: number; error?: { description?: string }; message?: string }
    const status = typeof e?.statusCode === 'number' ? e.statusCode : 0
    throw new GatewayCallError(`${status || ''} ${e?.error?.description ?? e?.message ?? String(error)}`.trim(), status >= 400 && status < 500)
  }
}

export function razorpayLinks(options: { keyId: string; keySecret: string; apiBase?: string }): PaymentLinkGateway {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret })
  if (options.apiBase) {
    const api = (client as unknown as { api?: { rq?: { defaults?: { baseURL?: string } } } }).api
    if (!api?.rq?.defaults) throw new Error('RAZORPAY_API_BASE: this razorpay SDK keeps no axios instance at api.rq')
    api.rq.defaults.baseURL = options.apiBase
  }
  return {
    name: 'razorpay',
    async createLink(input) {
      const link = await call(() =>
        client.paymentLink.create({
          amount: input.amountPaise,
          currency: 'INR',
          accept_partial: false,
          reference_id: input.referenceId.slice(0, 40),
          description: input.description,
          customer: input.customer,
          notify: { email: false, sms: false },
          reminder_enable: false,
          callback_url: input.callbackUrl,
          callback_method: 'get',
          expire_by: Math.floor(Date.parse(input.expireBy) / 1000),
        }),
      )
      return toGatewayLink(link as unknown as RazorpayLink)
    },
    async fetchLink(linkId) {
      return toGatewayLink((await call(() => client.paymentLink.fetch(linkId))) as unknown as RazorpayLink)
    },
    async cancelLink(linkId) {
      await call(() => client.paymentLink.cancel(linkId))
    },
    verifyCallback(input) {
      return sameSignature(linkCallbackSignature(options.keySecret, input), input.signature)
    },
  }
}

/** The TEST MODE links: kept in memory (a restart forgets them: the page then says so), paid on our own page. */
export function testLinks(secret: string): PaymentLinkGateway & { links: Map<string, GatewayLink & { callbackUrl: string }>; pay(linkId: string): Record<string, string> } {
  const links = new Map<string, GatewayLink & { callbackUrl: string }>()
  return {
    name: 'test',
    links,
    async createLink(input) {
      const id = `plink_test_${randomBytes(8).toString('hex')}`
      const link = { id, shortUrl: `/shop/custom-order/pay-test/${id}`, amountPaise: input.amountPaise, status: 'created' as const, referenceId: input.referenceId, paymentId: null, callbackUrl: input.callbackUrl }
      links.set(id, link)
      return link
    },
    async fetchLink(linkId) {
      const link = links.get(linkId)
      if (!link) throw new GatewayCallError('400 The id provided does not exist', true)
      return link
    },
    async cancelLink(linkId) {
      const link = links.get(linkId)
      if (link && link.status === 'created') link.status = 'cancelled'
    },
    verifyCallback(input) {
      return sameSignature(linkCallbackSignature(secret, input), input.signature)
    },
    pay(linkId) {
      const link = links.get(linkId)
      if (link?.status !== 'created') throw new NotFound('This payment link is not open.')
      const paymentId = `pay_test_${randomBytes(8).toString('hex')}`
      link.status = 'paid'
      link.paymentId = paymentId
      const query = { linkId, referenceId: link.referenceId, status: 'paid', paymentId }
      return {
        razorpay_payment_id: paymentId,
        razorpay_payment_link_id: linkId,
        razorpay_payment_link_reference_id: link.referenceId,
        razorpay_payment_link_status: 'paid',
        razorpay_signature: linkCallbackSignature(secret, query),
      }
    },
  }
}

let links: PaymentLinkGateway | undefined
let test: ReturnType<typeof testLinks> | undefined

export function getTestLinks(): ReturnType<typeof testLinks> {
  test ??= testLinks(hmacHex(getSessionSecret(), 'test-payment-links'))
  return test
}

/** Razorpay's links with keys; the TEST MODE links where paymentSetup allows them. */
export function getPaymentLinks(): PaymentLinkGateway {
  if (links) return links
  const config = getConfig()
  links =
    paymentSetup(config).gateway === 'razorpay' && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
      ? razorpayLinks({ keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET, apiBase: config.RAZORPAY_API_BASE })
      : getTestLinks()
  return links
}

/** The key the signed quote links are made with, derived from the session secret. */
export function quoteLinkSecret(): string {
  return hmacHex(getSessionSecret(), 'custom-quote-links')
}

/**
 * A payment_link.paid webhook, checked (signature over the raw body with the webhook secret) and read:
 * the link and its captured payment; null for another event. NotFound without a secret, Invalid for a bad signature.
 */
export function parseLinkWebhook(input: { rawBody: string; signature: string | null; secret: string | undefined }): { linkId: string; paymentId: string; amountPaise: number | null } | null {
  if (!input.secret) throw new NotFound('Webhooks are not configured.')
  if (!input.signature || !webhookSignatureValid(input.rawBody, input.signature, input.secret)) {
    throw new Invalid({ signature: ['Invalid webhook signature.'] }, 'Invalid webhook signature.')
  }
  let body: { event?: string; payload?: { payment_link?: { entity?: { id?: string } }; payment?: { entity?: { id?: string; amount?: number; status?: string } } } }
  try {
    body = JSON.parse(input.rawBody)
  } catch {
    throw new Invalid({ body: ['The webhook body is not valid JSON.'] })
  }
  const linkId = body.payload?.payment_link?.entity?.id
  const payment = body.payload?.payment?.entity
  if (body.event !== 'payment_link.paid' || !linkId || !payment?.id || (payment.status ?? 'captured') !== 'captured') return null
  return { linkId, paymentId: payment.id, amountPaise: typeof payment.amount === 'number' ? payment.amount : null }
}
