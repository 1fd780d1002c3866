// TEST MODE payment page: the embedded gateway used when no Razorpay keys are set. Pay posts a
// correctly signed result to the same callback Razorpay would use; Fail and Cancel too.
import { data, Form, Link, redirect } from 'react-router'
import { PriceBreakupRows } from '~/components/price-breakup'
import { buttonClass } from '~/components/ui/button'
import { orderBreakup } from '~/domain/orders/included-tax.server'
import { getDb } from '~/infra/db.server'
import { formatPaise } from '~/lib/money'
import { paymentSuccessPath } from '~/lib/order-status'
import { requireUser } from '~/web/auth.server'
import { getPaymentGateway, getTestGateway } from '~/infra/payment-gateway.server'
import { orNotFound } from '~/web/form-action.server'
import { getPayableOrder, newTestPaymentId } from '~/web/payment-pages.server'
import type { Route } from './+types/payment-test'

export const meta: Route.MetaFunction = () => [{ title: 'TEST MODE payment' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  if (getPaymentGateway().name !== 'test') throw data(null, { status: 404 })
  const gatewayOrderId = new URL(request.url).searchParams.get('order') ?? ''
  const order = await orNotFound(getPayableOrder(getDb(), gatewayOrderId, user.id))
  if (order.paymentStatus === 'paid') throw redirect(paymentSuccessPath(order.orderId))
  const paymentId = newTestPaymentId()
  return {
    order,
    // What the checkout showed, before the shopper pays (issue 32): the order's pieces, saving, delivery and the GST within.
    breakup: await orderBreakup(getDb(), order.orderId),
    pay: {
      razorpay_order_id: order.gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: getTestGateway().sign(order.gatewayOrderId, paymentId),
    },
  }
}

export default function PaymentTest({ loaderData }: Route.ComponentProps) {
  const { order, breakup, pay } = loaderData
  return (
    <section className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-center font-bold tracking-widest text-amber-900">
        TEST MODE
      </p>
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-bold">Pay {formatPaise(order.totalAmountPaise)}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No money moves: this stands in for Razorpay until keys are configured.
        </p>
      </div>
      <section aria-labelledby="payment-breakup" className="grid gap-2">
        <h2 id="payment-breakup" className="text-lg font-semibold">
          Price breakup
        </h2>
        <ul className="grid gap-1 text-sm">
          {breakup.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines are fixed once placed
            <li key={i} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">
                {line.title} × {line.quantity}
              </span>
              <span className="shrink-0">{formatPaise(line.totalPaise)}</span>
            </li>
          ))}
        </ul>
        <dl className="grid gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
          <PriceBreakupRows
            itemsPaise={breakup.itemsPaise}
            discount={breakup.discount ? { ...breakup.discount, applies: true, message: '' } : null}
            deliveryFeePaise={breakup.deliveryFeePaise}
            totalPaise={breakup.totalPaise}
            taxPaise={breakup.taxPaise}
          />
        </dl>
      </section>
      <Form method="post" action="/shop/payment/callback">
        {Object.entries(pay).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass('primary', 'md', 'w-full')}>
          Pay
        </button>
      </Form>
      <Form method="post" action="/shop/payment/callback">
        <input type="hidden" name="error[code]" value="BAD_REQUEST_ERROR" />
        <input type="hidden" name="error[description]" value="The test payment was declined." />
        <input type="hidden" name="error[metadata]" value={JSON.stringify({ order_id: order.gatewayOrderId, payment_id: pay.razorpay_payment_id })} />
        <button type="submit" className={buttonClass('destructive', 'md', 'w-full')}>
          Fail
        </button>
      </Form>
      <Link to={`/shop/payment/cancel?order=${encodeURIComponent(order.gatewayOrderId)}`} className={buttonClass('outline', 'md', 'w-full')}>
        Cancel
      </Link>
    </section>
  )
}
