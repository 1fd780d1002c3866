// Checkout's Pay: the button (a fetcher with JS for Razorpay Standard Checkout, a plain post
// without, then Hosted Checkout's form), the Processing overlay, and the Standard Checkout run.
import { useEffect, useState } from 'react'
import { type Form, Link, useNavigate } from 'react-router'
import { paymentSuccessPath } from '~/lib/order-status'
import { policyPath } from '~/lib/policies'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { openStandardCheckout, type StandardCheckoutOptions } from '~/lib/razorpay-checkout'
import { type FormReply, replyMessage } from '~/web/form-reply'
import { notify } from '~/web/toast/notify'
import { buttonClass } from './ui/button'

/** docs/spec: the redirect to the success page waits this long after 'Payment Successful!'. */
const SUCCESS_REDIRECT_MS = 2000

type PayOrder = StandardCheckoutOptions & { orderId: string }
interface HostedCheckout {
  action: string
  fields: Record<string, string>
}

/** What checkout's action answers (see payAction in app/web/payment-pages.server.ts). */
export type PayResult = { razorpay: PayOrder } | { hosted: HostedCheckout } | FormReply

/** The pay form's failed reply and the address form's, told apart by the intent the pay reply echoes. */
export function checkoutReplies(result: PayResult | undefined): { pay: FormReply | null; address: FormReply | null } {
  if (!result || 'razorpay' in result || 'hosted' in result) return { pay: null, address: null }
  return result.initialValue?.intent === 'pay' ? { pay: result, address: null } : { pay: null, address: result }
}

/** With JS: Razorpay Standard Checkout, then our verify call; the outcome as toasts. */
export function useStandardCheckout(payData: PayResult | undefined) {
  const navigate = useNavigate()
  const [working, setWorking] = useState(false)
  useEffect(() => {
    const error = replyMessage(checkoutReplies(payData).pay)
    if (error) notify('error', error)
    const order = payData && 'razorpay' in payData ? payData.razorpay : undefined
    if (!order) return
    let cancelled = false
    setWorking(true)
    openStandardCheckout(order)
      .then(async (result) => {
        if (cancelled) return
        if (!result) {
          notify('error', PAYMENT_MESSAGES.cancelled)
          setWorking(false)
          return
        }
        const response = await fetch('/api/shop/order/razorpay/verify', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...result, orderId: order.orderId }),
        })
        if (response.status === 409) {
          // Paid, but the stock went to another shopper first: the order is refunded (its page says so).
          notify('error', PAYMENT_MESSAGES.unfillable)
          setTimeout(() => navigate(paymentSuccessPath(order.orderId)), SUCCESS_REDIRECT_MS)
          return
        }
        if (!response.ok) {
          // Refused: the payment-failed page says, from our records, what happened and whether money was taken.
          if (response.status < 500) return navigate(`/shop/payment/failed?order=${encodeURIComponent(order.orderId)}`)
          notify('error', PAYMENT_MESSAGES.error)
          setWorking(false)
          return
        }
        notify('success', PAYMENT_MESSAGES.success)
        setTimeout(() => navigate(paymentSuccessPath(order.orderId)), SUCCESS_REDIRECT_MS)
      })
      .catch(() => {
        notify('error', PAYMENT_MESSAGES.error)
        setWorking(false)
      })
    return () => {
      cancelled = true
    }
  }, [payData, navigate])
  return working
}

export function ProcessingOverlay() {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[70] flex items-center justify-center bg-black/60">
      <div className="flex items-center gap-3 rounded-lg bg-white px-6 py-4 font-semibold text-zinc-900 shadow-xl">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-zinc-300 border-t-zinc-900" aria-hidden="true" />
        Processing...
      </div>
    </div>
  )
}

/** The pay button, or once the order is placed without JS, the form that goes on to Razorpay. */
export function PayButton({
  PayForm,
  hosted,
  fetch,
  processing,
}: {
  PayForm: typeof Form
  hosted: HostedCheckout | null | undefined
  /** Posted by a fetcher: the action answers Standard Checkout's options instead of Hosted Checkout's form. */
  fetch: boolean
  processing: boolean
}) {
  return (
    <>
      {hosted ? (
        <form method="post" action={hosted.action} className="grid gap-2">
          {Object.entries(hosted.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
            Continue to Razorpay
          </button>
        </form>
      ) : (
        <PayForm method="post" id="checkout-pay">
          <input type="hidden" name="intent" value="pay" />
          {fetch ? <input type="hidden" name="_fetch" value="1" /> : null}
          <button type="submit" disabled={processing} className={buttonClass('primary', 'md', 'w-full')}>
            {processing ? 'Processing...' : 'Checkout with Razorpay'}
          </button>
        </PayForm>
      )}
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-zinc-600 dark:text-zinc-400">
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        Secure payment by UPI or card through Razorpay. Your card and UPI details never reach us.
      </p>
      <p className="text-center text-xs text-zinc-600 dark:text-zinc-400">
        By paying you agree to our{' '}
        <Link className="underline" to={policyPath('terms')}>
          Terms of Service
        </Link>
        ,{' '}
        <Link className="underline" to={policyPath('refunds')}>
          Refund and Cancellation
        </Link>{' '}
        and{' '}
        <Link className="underline" to={policyPath('shipping')}>
          Shipping and Delivery
        </Link>{' '}
        policies.
      </p>
    </>
  )
}
