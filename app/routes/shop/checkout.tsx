import { useEffect, useState } from 'react'
import { data, Form, redirect, useFetcher, useNavigate, useNavigation } from 'react-router'
import { AddressLines } from '~/components/address-card'
import { AddressForm } from '~/components/address-form'
import { LineItem } from '~/components/line-item'
import { buttonClass } from '~/components/ui/button'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { MAX_ADDRESSES } from '~/lib/catalog'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { cn } from '~/lib/cn'
import { formatPaise } from '~/lib/money'
import { notify } from '~/web/toast/notify'
import { paymentSuccessPath } from '~/lib/order-status'
import { PAYMENT_MESSAGES } from '~/lib/payment-messages'
import { openStandardCheckout } from '~/lib/razorpay-checkout'
import { useHydrated } from '~/lib/use-hydrated'
import { listAddresses } from '~/domain/addresses.server'
import { handleAddressForm } from '~/web/address-requests.server'
import { requireUser } from '~/web/auth.server'
import { getCart } from '~/domain/cart.server'
import { DomainError } from '~/domain/errors'
import { placeOrder } from '~/domain/orders.server'
import { getPaymentGateway } from '~/infra/payment-gateway.server'
import { hostedCheckout } from '~/web/payment-pages.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = () => [{ title: 'Checkout' }]

/** SPEC.md section 7: the redirect to the success page waits this long after 'Payment Successful!'. */
const SUCCESS_REDIRECT_MS = 2000

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = getDb()
  const [cart, addresses] = await Promise.all([getCart(db, { userId: user.id }), listAddresses(db, user.id)])
  const deliveryFeePaise = getConfig().DELIVERY_FEE
  return {
    cart,
    addresses,
    deliveryFeePaise,
    totalPaise: cart.totalPaise + (cart.items.length ? deliveryFeePaise : 0),
    testMode: getPaymentGateway().name === 'test',
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (intent.startsWith('address-')) {
    const outcome = await handleAddressForm(user.id, intent, form)
    if (outcome.ok) return redirectWithToast('/shop/checkout', { type: 'success', message: outcome.message })
    if (!outcome.reply) return redirectWithToast('/shop/checkout', { type: 'error', message: outcome.message })
    return data({ reply: outcome.reply }, { status: outcome.status })
  }

  const gateway = getPaymentGateway()
  const addressId = form.get('addressId')
  let placed: Awaited<ReturnType<typeof placeOrder>>
  try {
    placed = await placeOrder(getDb(), gateway, user, { addressId: typeof addressId === 'string' ? addressId : null }, getConfig().DELIVERY_FEE)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ error: error.message }, { status: error.status })
  }
  if (gateway.name === 'test') return redirect(`/shop/payment/test?order=${encodeURIComponent(placed.gatewayOrder.id)}`)
  if (form.get('_fetch')) {
    return data({
      razorpay: {
        keyId: gateway.keyId,
        orderId: placed.orderId,
        gatewayOrderId: placed.gatewayOrder.id,
        amount: placed.totalAmountPaise,
        currency: 'INR',
        name: getConfig().SHOP_NAME,
        description: `Order ${placed.orderId}`,
        prefill: { name: user.userName, email: user.email },
      },
    })
  }
  return data({ hosted: hostedCheckout(request, gateway, placed, user) })
}

type PayData = {
  error?: string
  razorpay?: {
    keyId: string
    orderId: string
    gatewayOrderId: string
    amount: number
    currency: string
    name: string
    description: string
    prefill: { name: string; email: string }
  }
}

/** With JS: Razorpay Standard Checkout, then our verify call; the outcome as toasts. */
function useStandardCheckout(payData: PayData | undefined) {
  const navigate = useNavigate()
  const [working, setWorking] = useState(false)
  useEffect(() => {
    if (payData?.error) notify('error', payData.error)
    const order = payData?.razorpay
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
        if (!response.ok) {
          notify('error', response.status >= 500 ? PAYMENT_MESSAGES.error : PAYMENT_MESSAGES.verificationFailed)
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

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, addresses, deliveryFeePaise, totalPaise, testMode } = loaderData
  const pay = useFetcher<PayData>({ key: 'checkout-pay' })
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const verifying = useStandardCheckout(pay.data)
  const processing = pay.state !== 'idle' || verifying || navigation.formData?.get('intent') === 'pay'
  const pageData = actionData as (PayData & { hosted?: { action: string; fields: Record<string, string> }; reply?: never }) | undefined
  const hosted = pageData?.hosted
  const [chosen, setSelected] = useState('')
  // The only address is chosen for the shopper; with several they pick one.
  const selected = addresses.some((a) => a.id === chosen) ? chosen : addresses.length === 1 ? (addresses[0]?.id ?? '') : ''
  const reported = pay.data?.error ?? pageData?.error
  // Once an address is chosen, the earlier 'Please Select an Address.' no longer applies.
  const error = reported === CHECKOUT_MESSAGES.noAddress && selected !== '' ? undefined : reported
  const addressReply = actionData && 'reply' in actionData ? actionData.reply : null
  const PayForm = hydrated ? pay.Form : Form

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 lg:grid-cols-2">
      {processing ? (
        <div role="status" aria-live="polite" className="fixed inset-0 z-[70] flex items-center justify-center bg-black/60">
          <div className="flex items-center gap-3 rounded-lg bg-white px-6 py-4 font-semibold text-zinc-900 shadow-xl">
            <span className="h-5 w-5 animate-spin rounded-full border-2 border-zinc-300 border-t-zinc-900" aria-hidden="true" />
            Processing...
          </div>
        </div>
      ) : null}
      <section className="grid content-start gap-4">
        <h1 className="text-2xl font-bold">Checkout</h1>
        {testMode ? (
          <p className="rounded-md border border-dashed border-amber-500 bg-amber-50 p-2 text-center text-sm font-semibold text-amber-900">
            TEST MODE: payments go through a test page, no money moves.
          </p>
        ) : null}
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-lg font-semibold">Select a delivery address</legend>
          {addresses.length === 0 ? <p className="text-sm text-zinc-600">Add an address below to continue.</p> : null}
          {addresses.map((address) => (
            <label
              key={address.id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3',
                selected === address.id ? 'border-zinc-900 ring-2 ring-zinc-900 dark:border-zinc-100 dark:ring-zinc-100' : 'border-zinc-200 dark:border-zinc-800',
              )}
            >
              <input
                type="radio"
                name="addressId"
                value={address.id}
                form="checkout-pay"
                checked={selected === address.id}
                onChange={() => setSelected(address.id)}
                className="mt-1 accent-zinc-900"
              />
              <AddressLines address={address} />
            </label>
          ))}
        </fieldset>
        {addresses.length === 0 ? (
          <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
            <h2 className="mb-3 font-semibold">Add New Address</h2>
            <AddressForm key={addresses.length} lastResult={addressReply} />
          </div>
        ) : addresses.length < MAX_ADDRESSES ? (
          // With saved addresses the form waits behind a tap, so the order and the pay button come first.
          <details key={addresses.length} open={Boolean(addressReply)} className="group rounded-lg border border-zinc-200 dark:border-zinc-800">
            <summary className="flex min-h-11 cursor-pointer items-center px-4 font-semibold">+ Add a new address</summary>
            <div className="border-t border-zinc-200 p-4 dark:border-zinc-800">
              <h2 className="sr-only">Add New Address</h2>
              <AddressForm lastResult={addressReply} />
            </div>
          </details>
        ) : null}
      </section>
      <section className="grid content-start gap-4" aria-labelledby="checkout-items">
        <h2 id="checkout-items" className="text-lg font-semibold">
          Your items
        </h2>
        {cart.items.length === 0 ? <p className="text-zinc-600">Your cart is empty.</p> : null}
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {cart.items.map((line) => (
            <LineItem
              key={line.id}
              image={line.image}
              title={line.title}
              quantity={line.quantity}
              details={[line.variety, line.color]}
              totalPaise={line.lineTotalPaise}
              problem={line.problem}
            />
          ))}
        </ul>
        <dl className="grid gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
          {cart.items.length ? (
            <div className="flex justify-between text-sm">
              <dt>Delivery</dt>
              <dd>{deliveryFeePaise > 0 ? formatPaise(deliveryFeePaise) : 'Free'}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-lg font-bold">
            <dt>Total</dt>
            <dd>{formatPaise(totalPaise)}</dd>
          </div>
        </dl>
        {error ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
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
            {hydrated ? <input type="hidden" name="_fetch" value="1" /> : null}
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
      </section>
    </div>
  )
}
