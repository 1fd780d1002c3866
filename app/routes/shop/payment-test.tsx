// TEST MODE payment page: the embedded gateway used when no Razorpay keys are set. Pay posts a
// correctly signed result to the same callback Razorpay would use; Fail and Cancel too.
import { data, Form, Link, redirect } from 'react-router'
import { buttonClass } from '~/components/ui/button'
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
    pay: {
      razorpay_order_id: order.gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: getTestGateway().sign(order.gatewayOrderId, paymentId),
    },
  }
}

export default function PaymentTest({ loaderData }: Route.ComponentProps) {
  const { order, pay } = loaderData
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
