// Exchanges on the pages (issue 31, ADR 105): the shopper's "Pay the difference" on her order page
// (straight to the Payment Link) and the link's callback (a signed query settles it once, else the
// link is asked for). Errors come back as toasts; the owner's settle is in return-forms.server.ts.
import { redirect } from 'react-router'
import { getConfig, publicUrl } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { getPaymentLinks } from '~/infra/payment-links.server'
import { EXCHANGE_MESSAGES } from '~/lib/exchanges'
import { DomainError } from '~/domain/errors'
import { checkExchangeLink, exchangeOfLink, openExchangeLink, settleExchangePayment } from '~/domain/orders/exchanges.server'
import { redirectWithToast } from './toast/toast.server'

export const EXCHANGE_CALLBACK_PATH = '/shop/exchange/paid'
const orderPath = (orderId: string) => `/shop/account/orders/${orderId}`

/** The shopper's tap (the loader checked the order is hers): to the link, or back with why not. */
export async function payExchangeAction(orderId: string, returnId: string, userId: string) {
  try {
    const link = await openExchangeLink(getDb(), getPaymentLinks(), returnId, { userId, callbackUrl: `${publicUrl(getConfig())}${EXCHANGE_CALLBACK_PATH}` })
    return redirect(link.url)
  } catch (error) {
    if (error instanceof DomainError) return redirectWithToast(orderPath(orderId), { type: 'error', message: error.message })
    throw error
  }
}

/** Razorpay's (or TEST MODE's) callback: back to the order page with what came of the payment. */
export async function exchangeLinkCallback(url: URL) {
  const q = url.searchParams
  const linkId = q.get('razorpay_payment_link_id') ?? ''
  const paymentId = q.get('razorpay_payment_id') ?? ''
  const status = q.get('razorpay_payment_link_status') ?? ''
  const referenceId = q.get('razorpay_payment_link_reference_id') ?? ''
  const signature = q.get('razorpay_signature') ?? ''
  const db = getDb()
  const found = /^plink_\w{1,40}$/.test(linkId) ? await exchangeOfLink(db, linkId) : null
  if (!found) return redirectWithToast('/shop/account', { type: 'error', message: 'This payment link is not valid.' })
  const gateway = getPaymentLinks()
  try {
    if (status === 'paid' && paymentId && gateway.verifyCallback({ linkId, referenceId, status, paymentId, signature })) {
      await settleExchangePayment(db, { linkId, paymentId, amountPaise: null })
      return redirectWithToast(orderPath(found.orderId), { type: 'success', message: EXCHANGE_MESSAGES.paid })
    }
    const now = await checkExchangeLink(db, gateway, linkId)
    return redirectWithToast(orderPath(found.orderId), now === 'paid' ? { type: 'success', message: EXCHANGE_MESSAGES.paid } : { type: 'error', message: 'The payment did not go through. You can pay again from this page.' })
  } catch (error) {
    if (!(error instanceof DomainError)) console.error('Exchange link callback', error)
    return redirectWithToast(orderPath(found.orderId), { type: 'error', message: 'We could not confirm the payment yet. If it went through, this page will show it within a few minutes.' })
  }
}
