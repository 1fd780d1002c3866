// The pages of a custom order's quote (ADR 088): the owner's quote form, the shopper's accept (with
// the delivery address, then straight to the Payment Link) and decline (with a reason) from Account
// or from the mail's signed link, the Pay button, and the Payment Link's callback. Forms answer
// next to their fields; success redirects with a toast (or to where she pays).
import { redirect } from 'react-router'
import { getConfig, publicUrl } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { getPaymentLinks, quoteLinkSecret } from '~/infra/payment-links.server'
import { QUOTE_MESSAGES } from '~/lib/custom-orders'
import { acceptQuoteSchema, customQuoteSchema, declineQuoteSchema } from '~/schemas/custom-order'
import { clock } from '~/domain/clock'
import { DomainError } from '~/domain/errors'
import { checkPaymentLink, openPaymentLink, requestOfLink, settleLinkPayment } from '~/domain/custom-orders/quote-payments.server'
import { acceptQuote, declineQuote, type QuoteAnswerer, sendQuote } from '~/domain/custom-orders/quotes.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/** Where the mail's signed link leads. */
export const quoteLinkPath = (token: string) => `/shop/custom-order/quote/${token}`
/** A signed-in shopper's request and its quote. */
export const shopperQuotePath = (id: number) => `/shop/account/custom-orders/${id}`
/** Where Razorpay sends the shopper back after paying a link. */
export const LINK_CALLBACK_PATH = '/shop/custom-order/paid'

/** The owner sends the quote: 400 with the fields' messages, else back to the request with a toast. */
export async function adminQuoteFormAction(requestId: number, form: FormData) {
  const submission = parseForm(form, { schema: customQuoteSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      await sendQuote(getDb(), requestId, submission.value, { linkSecret: quoteLinkSecret(), answerPath: quoteLinkPath })
      return redirectWithToast(`/admin/custom-orders/${requestId}`, { type: 'success', message: QUOTE_MESSAGES.sent })
    },
    { reply: { submission } },
  )
}

/** The Payment Link for what is due now, or back to `back` with why not (the gateway down, nothing due). */
async function toPaymentLink(requestId: number, userId: string | null, back: string) {
  try {
    const link = await openPaymentLink(getDb(), getPaymentLinks(), requestId, { userId, callbackUrl: `${publicUrl(getConfig())}${LINK_CALLBACK_PATH}` })
    return redirect(link.shortUrl)
  } catch (error) {
    const message = error instanceof DomainError ? error.message : 'The payment page could not be opened. Please try again in a moment.'
    if (!(error instanceof DomainError)) console.error('Payment link', error)
    return redirectWithToast(back, { type: 'error', message })
  }
}

/**
 * The shopper's answer to a quote: intent accept (the address; then on to pay), decline (a reason),
 * or pay (signed in only). `back` is the page the answer came from.
 */
export async function answerQuoteAction(requestId: number, by: QuoteAnswerer, form: FormData, back: string) {
  const intent = String(form.get('intent') ?? '')
  if (intent === 'pay' && 'userId' in by) return toPaymentLink(requestId, by.userId, back)
  if (intent === 'decline') {
    const submission = parseForm(form, { schema: declineQuoteSchema })
    if (submission.status !== 'success') return invalidForm(submission)
    return formAction(
      async () => {
        await declineQuote(getDb(), requestId, by, submission.value.reason)
        return redirectWithToast(back, { type: 'success', message: QUOTE_MESSAGES.declined })
      },
      { reply: { submission } },
    )
  }
  const submission = parseForm(form, { schema: acceptQuoteSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      await acceptQuote(getDb(), requestId, by, submission.value)
      // The answer just checked her: the link is for this request.
      return toPaymentLink(requestId, null, back)
    },
    { reply: { submission } },
  )
}

/**
 * Razorpay's callback after a link is paid: a signed query (checked with the key secret) settles
 * it; without a valid signature the link is asked for by its id (it settles only if Razorpay says
 * paid). Answers what the page says.
 */
export async function linkCallback(url: URL): Promise<{ paid: boolean; requestId: number | null; orderId: string | null; message: string }> {
  const q = url.searchParams
  const linkId = q.get('razorpay_payment_link_id') ?? ''
  const paymentId = q.get('razorpay_payment_id') ?? ''
  const status = q.get('razorpay_payment_link_status') ?? ''
  const referenceId = q.get('razorpay_payment_link_reference_id') ?? ''
  const signature = q.get('razorpay_signature') ?? ''
  if (!/^plink_\w{1,40}$/.test(linkId)) return { paid: false, requestId: null, orderId: null, message: QUOTE_MESSAGES.linkInvalid }
  const gateway = getPaymentLinks()
  const db = getDb()
  // A link we never made is not asked about.
  if ((await requestOfLink(db, linkId)).requestId === null) return { paid: false, requestId: null, orderId: null, message: QUOTE_MESSAGES.linkInvalid }
  try {
    if (status === 'paid' && paymentId && gateway.verifyCallback({ linkId, referenceId, status, paymentId, signature })) {
      const settled = await settleLinkPayment(db, { linkId, paymentId, amountPaise: null }, clock.now())
      return { paid: true, requestId: settled.requestId, orderId: settled.orderId, message: QUOTE_MESSAGES.paid }
    }
    const now = await checkPaymentLink(db, gateway, linkId)
    const { requestId, orderId } = await requestOfLink(db, linkId)
    return { paid: now === 'paid', requestId, orderId, message: now === 'paid' ? QUOTE_MESSAGES.paid : 'The payment did not go through. You can pay again from your account.' }
  } catch (error) {
    if (error instanceof DomainError) return { paid: false, requestId: null, orderId: null, message: error.message }
    // Razorpay could not be asked now: the webhook or the poll settles a payment that went through.
    console.error('Payment link callback', error)
    const { requestId, orderId } = await requestOfLink(db, linkId)
    return { paid: false, requestId, orderId, message: 'We could not confirm the payment yet. If it went through, your account will show it within a few minutes.' }
  }
}
