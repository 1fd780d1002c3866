import { useState } from 'react'
import { Form, useFetcher, useNavigate, useNavigation } from 'react-router'
import { CheckoutAddresses } from '~/components/checkout-addresses'
import { checkoutReplies, PayButton, ProcessingOverlay, useStandardCheckout } from '~/components/checkout-pay'
import { CheckoutSummary } from '~/components/checkout-summary'
import { DiscountCodeBox } from '~/components/discount-code'
import { listAddresses } from '~/domain/accounts/addresses.server'
import { getCart } from '~/domain/cart/cart.server'
import { checkoutDispatch } from '~/domain/catalog/dispatch-dates.server'
import { deliveryDay } from '~/domain/shipping/delivery-charge.server'
import { getDb } from '~/infra/db.server'
import { getPaymentGateway } from '~/infra/payment-gateway.server'
import { CHECKOUT_MESSAGES } from '~/lib/checkout-messages'
import { formatDispatchDay } from '~/lib/dispatch'
import { useHydrated } from '~/lib/use-hydrated'
import { addressAction } from '~/web/address-requests.server'
import { requireUser } from '~/web/auth.server'
import { clientIpContext } from '~/web/context'
import { replyMessage } from '~/web/form-reply'
import { payAction } from '~/web/payment-pages.server'
import { cartPricing, discountFormAction, isDiscountIntent } from '~/web/discount-requests.server'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = () => [{ title: 'Checkout' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = getDb()
  const [held, addresses] = await Promise.all([getCart(db, { userId: user.id }), listAddresses(db, user.id)])
  // The address the total is for (ADR 085): the one asked for (?address=), else the only one.
  const asked = new URL(request.url).searchParams.get('address')
  const quotedFor = addresses.find((a) => a.id === asked) ?? (addresses.length === 1 ? addresses[0] : undefined)
  // The code, the automatic offers and the delivery are settled again on this read: the total shown
  // is the one placeOrder charges (ADR 073, 078, 085).
  const { cart, discount, offers, quote, delivery, taxPaise } = await cartPricing({ userId: user.id }, held, quotedFor ?? null)
  const dispatch = await checkoutDispatch(db, cart.items)
  const deliveryProblem = quotedFor && !delivery.serviceable ? CHECKOUT_MESSAGES.notServiceable(quotedFor.pincode) : null
  // The day the parcel should reach the chosen address: the dispatch day and the zone's (or courier's) days on the road.
  const arrival =
    quotedFor && delivery.serviceable && delivery.transitDays !== null && dispatch.day ? formatDispatchDay(deliveryDay(dispatch.day, delivery.transitDays)) : null
  return {
    cart,
    addresses,
    quote,
    discount,
    offers,
    dispatch,
    testMode: getPaymentGateway().name === 'test',
    quotedFor: quotedFor?.id ?? '',
    breakup: { taxPaise, estimate: !delivery.exact, deliveryProblem },
    arrival,
  }
}

/** The address form's intents, else Pay. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const form = await request.formData()
  if (String(form.get('intent') ?? '').startsWith('address-')) return addressAction(user.id, form, '/shop/checkout')
  if (isDiscountIntent(form)) return discountFormAction(request, context, form, '/shop/checkout')
  return payAction(request, user, form, context.get(clientIpContext))
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, addresses, quote, discount, offers, dispatch, testMode, quotedFor, breakup, arrival } = loaderData
  const discountReply = actionData && 'discount' in actionData ? actionData.discount : null
  const pay = useFetcher<typeof action>({ key: 'checkout-pay' })
  const navigation = useNavigation()
  const hydrated = useHydrated()
  // The pay fetcher only ever posts Pay; the discount code's form is a plain one.
  const payData = pay.data && !('discount' in pay.data) ? pay.data : undefined
  const verifying = useStandardCheckout(payData)
  const processing = pay.state !== 'idle' || verifying || navigation.formData?.get('intent') === 'pay'
  const replies = checkoutReplies(actionData && !('discount' in actionData) ? actionData : undefined)
  const [chosen, setSelected] = useState(quotedFor)
  const navigate = useNavigate()
  // The only address is chosen for the shopper; with several they pick one.
  const selected = addresses.some((a) => a.id === chosen) ? chosen : addresses.length === 1 ? (addresses[0]?.id ?? '') : ''
  // The delivery fee depends on the address (ADR 085): choosing one asks the server for its total.
  const choose = (addressId: string) => {
    setSelected(addressId)
    if (addressId !== quotedFor) navigate(`?address=${encodeURIComponent(addressId)}`, { replace: true, preventScrollReset: true })
  }
  const payReply = checkoutReplies(payData).pay ?? replies.pay
  const reported = replyMessage(payReply)
  // Once an address is chosen, the earlier 'Please Select an Address.' no longer applies.
  const error = reported === CHECKOUT_MESSAGES.noAddress && selected !== '' ? undefined : reported
  // Every line that could not be held, each with what is left (the first is `error`).
  const cartProblems = payReply?.error?.cart ?? []

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 lg:grid-cols-2">
      {processing ? <ProcessingOverlay /> : null}
      <section className="grid content-start gap-4">
        <h1 className="text-2xl font-bold">Checkout</h1>
        {testMode ? (
          <p className="rounded-md border border-dashed border-amber-500 bg-amber-50 p-2 text-center text-sm font-semibold text-amber-900">
            TEST MODE: payments go through a test page, no money moves.
          </p>
        ) : null}
        <CheckoutAddresses addresses={addresses} selected={selected} onSelect={choose} reply={replies.address} />
        <input type="hidden" name="quotedFor" value={quotedFor} form="checkout-pay" />
        {breakup.deliveryProblem ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
            {breakup.deliveryProblem}
          </p>
        ) : null}
      </section>
      <section className="grid content-start gap-4" aria-labelledby="checkout-items">
        <CheckoutSummary cart={cart} quote={quote} dispatch={dispatch} arrival={arrival} discount={discount} offers={offers} breakup={breakup} />
        {cart.items.length ? <DiscountCodeBox discount={discount} reply={discountReply} action="/shop/checkout" redirectTo="/shop/checkout" /> : null}
        {error ? (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
            {cartProblems.length > 1 ? (
              <ul className="grid list-disc gap-1 pl-4">
                {cartProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : (
              <p>{error}</p>
            )}
          </div>
        ) : null}
        <PayButton
          PayForm={hydrated ? pay.Form : Form}
          hosted={actionData && 'hosted' in actionData ? actionData.hosted : null}
          fetch={hydrated}
          processing={processing}
        />
      </section>
    </div>
  )
}
