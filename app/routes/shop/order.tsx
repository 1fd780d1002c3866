// One of the shopper's orders (View Details), with its shipping details once it is shipped; anyone
// else's order is a 404. While the lifecycle table allows it, 'Cancel order' opens a confirmation
// (?cancel=1) and a POST cancels it (and refunds a paid order).
import { useNavigation } from 'react-router'
import { OrderDetailView } from '~/components/order-detail'
import { OrderEndConfirm } from '~/components/order-end-confirm'
import { InlineError } from '~/components/ui/field'
import { getDb } from '~/infra/db.server'
import { formatOrderNumber, ORDER_MESSAGES } from '~/lib/order-status'
import { requireUser } from '~/web/auth.server'
import { formAction, orNotFound } from '~/web/form-action.server'
import { replyMessage } from '~/web/form-reply'
import { sendRefundsNow } from '~/web/refunds-now.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import { canCancel, cancelOrder } from '~/domain/orders/order-lifecycle.server'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { orderDocuments } from '~/domain/orders/invoices.server'
import { OrderDocumentLinks } from '~/components/order-documents'
import { ParcelTimeline } from '~/components/parcel-timeline'
import { shipmentView } from '~/domain/shipping/shipment-view.server'
import { returnableOf } from '~/domain/orders/returns.server'
import { ReturnList } from '~/components/returns/return-list'
import { ReturnRequestForm } from '~/components/returns/return-request-form'
import { ReturnWindowNote } from '~/components/returns/return-window-note'
import { readOrderPagePost, returnRequestFormAction } from '~/web/return-forms.server'
import { payExchangeAction } from '~/web/exchange-pages.server'
import { exchangeOptionsOf } from '~/domain/orders/exchanges.server'
import { ExchangePayForm } from '~/components/returns/exchange-parts'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = () => [{ title: 'Order Details' }]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const order = await orNotFound(getOrderDetail(getDb(), params.orderId, user))
  const cancellable = canCancel(order.orderStatus)
  // Returns (ADR 099): what may still come back, and where an approved return is sent.
  const returnable = await returnableOf(getDb(), order.id)
  const canReturn = returnable.refusal === null && returnable.lines.some((l) => l.piecesLeft > 0)
  // Exchanges (ADR 105): each line's other sizes / colours in stock, priced against what she paid.
  const exchangeOptions = canReturn ? await exchangeOptionsOf(getDb(), order.id) : []
  return { order, returnable, canReturn, exchangeOptions, shipment: await shipmentView(getDb(), order.id), documents: await orderDocuments(getDb(), order.id), cancellable, confirmingCancel: cancellable && new URL(request.url).searchParams.get('cancel') === '1' }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request)
  // The return form may carry photos of damage: read as they stream (ADR 079, 101).
  const post = await readOrderPagePost(request)
  const { form } = post
  // Encoded: a fuzzed id (an emoji) would otherwise make the redirect's Location header throw (a 500).
  const path = `/shop/account/orders/${encodeURIComponent(params.orderId)}`
  if (form.get('intent') === 'return') {
    // Hers, or the 404 (someone else's order is not there).
    await orNotFound(getOrderDetail(getDb(), params.orderId, user))
    return returnRequestFormAction(params.orderId, post, path)
  }
  if (form.get('intent') === 'exchange-pay') {
    await orNotFound(getOrderDetail(getDb(), params.orderId, user))
    return payExchangeAction(params.orderId, String(form.get('returnId') ?? ''), user.id)
  }
  return formAction(async () => {
    if (form.get('intent') !== 'cancel') return redirectWithToast(path, { type: 'error', message: ORDER_MESSAGES.cancelRefused })
    const result = await cancelOrder(getDb(), params.orderId, user)
    if (result.refundQueued) await sendRefundsNow()
    return redirectWithToast(path, { type: 'success', message: result.refundQueued ? ORDER_MESSAGES.cancelled : ORDER_MESSAGES.cancelledUnpaid })
  }, { reply: {} })
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData
  const returnReply = (actionData?.initialValue as Record<string, unknown> | null | undefined)?.intent === 'return' ? actionData : undefined
  const error = returnReply ? undefined : replyMessage(actionData)
  const busy = useNavigation().state === 'submitting'
  return (
    <OrderDetailView order={order} back={{ to: '/shop/account', label: 'Back to Order History' }} className="px-4 py-8">
      {loaderData.shipment ? <ParcelTimeline shipment={loaderData.shipment} /> : null}
      <OrderDocumentLinks base={`/shop/account/orders/${order.id}`} documents={loaderData.documents} />
      <ReturnList
        returns={order.returns}
        sendTo={loaderData.returnable.sendTo}
        photoBase={`/shop/account/orders/${order.id}/return-photos`}
        controls={(ret) => <ExchangePayForm returnId={ret.id} returnNumber={ret.number} status={ret.status} exchange={ret.exchange} />}
      />
      {loaderData.canReturn ? (
        // Keyed by the returns there are: a sent ask clears the form (an uncontrolled field would keep its note).
        <ReturnRequestForm key={order.returns.length} returnable={loaderData.returnable} exchangeOptions={loaderData.exchangeOptions} reply={returnReply} busy={busy} />
      ) : (
        <ReturnWindowNote returnable={loaderData.returnable} />
      )}
      {loaderData.cancellable ? (
        <OrderEndConfirm
          path={`/shop/account/orders/${order.id}`}
          param="cancel"
          intent="cancel"
          confirming={loaderData.confirmingCancel}
          label="Cancel order"
          question={`Cancel order ${formatOrderNumber(order.number)}?`}
          confirmLabel="Yes, cancel order"
          keepLabel="Keep order"
          refundPaise={order.paymentStatus === 'paid' ? order.totalAmountPaise : null}
          error={error}
        />
      ) : error ? (
        <InlineError message={error} />
      ) : null}
    </OrderDetailView>
  )
}
