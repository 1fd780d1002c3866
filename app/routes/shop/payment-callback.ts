// POST /shop/payment/callback: where Razorpay Hosted Checkout (and the TEST MODE page) send the
// payment result. It is a cross-site post without our session cookie, so the order is found by
// razorpay_order_id and trusted only through the signature. A failure result is not signed: it
// is acted on only for the signed-in owner of the order (the TEST MODE page; Razorpay's own
// failures arrive by the signed payment.failed webhook), and the shopper sees a fixed message.
import { redirect } from 'react-router'
import { getDb } from '~/infra/db.server'
import { getUser } from '~/web/auth.server'
import { paymentSuccessPath } from '~/lib/order-status'
import { DomainError } from '~/domain/errors'
import { getPaymentGateway } from '~/infra/payment-gateway.server'
import { sendRefundsNow } from '~/web/refunds-now.server'
import { markPaymentFailed } from '~/domain/orders/payments.server'
import { orderOfGatewayOrder } from '~/domain/orders/payment-outcome.server'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { PaymentCheckUnavailable, verifyAndConfirm } from '~/domain/orders/verify-payment.server'
import { formAction } from '~/web/form-action.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/payment-callback'

export function loader() {
  return redirect('/shop/checkout')
}

function failureOrderId(form: FormData): string | null {
  const direct = form.get('error[metadata][order_id]')
  if (typeof direct === 'string') return direct
  try {
    const metadata = JSON.parse(String(form.get('error[metadata]') ?? '{}')) as { order_id?: unknown }
    return typeof metadata.order_id === 'string' ? metadata.order_id : null
  } catch {
    return null
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const db = getDb()
  if (form.has('error[code]') || form.has('error[description]')) {
    const gatewayOrderId = failureOrderId(form)
    const user = getUser(context)
    if (gatewayOrderId && user) {
      await markPaymentFailed(
        db,
        gatewayOrderId,
        { code: String(form.get('error[code]') ?? ''), description: String(form.get('error[description]') ?? '') },
        { userId: user.id },
      )
      // The payment-failed page says, from our records, what happened and whether money was taken.
      const orderId = await orderOfGatewayOrder(db, user.id, gatewayOrderId)
      if (orderId) return redirect(`/shop/payment/failed?order=${encodeURIComponent(orderId)}`)
    }
    return redirectWithToast('/shop/checkout', { type: 'error', message: PAYMENT_MESSAGES.verificationFailed })
  }
  const result = {
    gatewayOrderId: String(form.get('razorpay_order_id') ?? ''),
    paymentId: String(form.get('razorpay_payment_id') ?? ''),
    signature: String(form.get('razorpay_signature') ?? ''),
  }
  return formAction(
    async () => {
      const { orderId, unfillable } = await verifyAndConfirm(db, getPaymentGateway(), result).catch((error: unknown) => {
        // The shopper comes back from Razorpay either way: an unexpected failure is 'try again', logged.
        if (error instanceof DomainError) throw error
        console.error(error)
        throw new PaymentCheckUnavailable()
      })
      if (unfillable) {
        // Paid, but the stock went to another shopper first: never 'successful'; the refund goes now.
        await sendRefundsNow()
        return redirectWithToast(paymentSuccessPath(orderId), { type: 'error', message: PAYMENT_MESSAGES.unfillable })
      }
      return redirectWithToast(paymentSuccessPath(orderId), { type: 'success', message: PAYMENT_MESSAGES.success })
    },
    {
      flash: '/shop/checkout',
      message: (error) => (error instanceof PaymentCheckUnavailable ? PAYMENT_MESSAGES.error : PAYMENT_MESSAGES.verificationFailed),
    },
  )
}
