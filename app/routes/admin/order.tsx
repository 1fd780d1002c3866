// An order in full for the admin, with the status control (only the moves allowed from where the
// order is) and its shipping details (docs/spec "View Details").
import { useEffect } from 'react'
import { useNavigation } from 'react-router'
import { OrderStatusForm, replyOf, TrackingForm } from '~/components/admin/order-forms'
import { OrderDetailView } from '~/components/order-detail'
import { getDb } from '~/infra/db.server'
import { OrderEndConfirm } from '~/components/order-end-confirm'
import { canMoveOrder, formatOrderNumber } from '~/lib/order-status'
import { canHaveTracking } from '~/lib/tracking'
import { getOrderDetail } from '~/domain/orders/order-reads.server'
import { statusFormAction, trackingFormAction } from '~/web/admin-order-forms.server'
import { partialRefundFormAction, rejectFormAction } from '~/web/admin-refund-forms.server'
import { refundableOf } from '~/domain/orders/partial-refunds.server'
import { PartialRefundForm, refundReplyOf } from '~/components/admin/partial-refund-form'
import { newId } from '~/lib/ids.server'
import { REFUND_REASON_MAX } from '~/lib/refund-shares'
import { requireAdmin } from '~/web/auth.server'
import { orNotFound } from '~/web/form-action.server'
import { orderDocuments } from '~/domain/orders/invoices.server'
import { OrderDocumentLinks, PackingSlipLink } from '~/components/order-documents'
import { hasPackingSlip } from '~/lib/packing-slip'
import { replyMessage } from '~/web/form-reply'
import { notify } from '~/web/toast/notify'
import { ShipParcel } from '~/components/admin/ship-parcel'
import { readShipment } from '~/domain/shipping/shipments.server'
import { shipFormAction, shippingProvider } from '~/web/admin-ship.server'
import { returnableOf } from '~/domain/orders/returns.server'
import { ReturnList } from '~/components/returns/return-list'
import { ReturnControls } from '~/components/returns/return-controls'
import { ownerReturnFormAction } from '~/web/return-forms.server'
import { ParcelNdr } from '~/components/admin/parcel-ndr'
import { readNdrs, readRto } from '~/domain/shipping/parcel-ndrs.server'
import { ndrFormAction, parcelReceivedFormAction } from '~/web/ndr-forms.server'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = () => [{ title: 'Order Details · Admin' }]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request)
  const order = await orNotFound(getOrderDetail(getDb(), params.orderId, admin))
  // 'Reject and refund': for a paid order the table still lets the admin reject (confirmation at ?reject=1).
  const rejectable = order.paymentStatus === 'paid' && canMoveOrder(order.orderStatus, 'rejected', 'admin')
  const parcel = await readShipment(getDb(), order.id)
  return {
    order,
    parcel,
    // The TEST MODE courier or Shiprocket books; with neither the owner types the tracking below.
    canShip: shippingProvider().name !== 'manual' && order.orderStatus === 'inProcess',
    documents: await orderDocuments(getDb(), order.id),
    rejectable, confirmingReject: rejectable && new URL(request.url).searchParams.get('reject') === '1',
    // A partial refund (ADR 087): what is left to refund, and this page's key for one decision.
    refundable: await refundableOf(getDb(), order.id),
    refundKey: newId(),
    // Returns (ADR 099): where an approved return is sent.
    returnSendTo: (await returnableOf(getDb(), order.id)).sendTo,
    // A failed delivery and a return to origin (ADR 102).
    ndrs: await readNdrs(getDb(), order.id),
    rto: await readRto(getDb(), order.id),
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  const form = await request.formData()
  if (form.get('intent') === 'ship') return shipFormAction(params.orderId, admin.id)
  if (form.get('intent') === 'ndr-reattempt' || form.get('intent') === 'ndr-return') return ndrFormAction(params.orderId, form, admin.id)
  if (form.get('intent') === 'parcel-received') return parcelReceivedFormAction(params.orderId, form, admin.id)
  if (form.get('intent') === 'tracking') return trackingFormAction(params.orderId, form, admin.id)
  if (form.get('intent') === 'reject') return rejectFormAction(params.orderId, form, admin.id)
  if (form.get('intent') === 'refund') return partialRefundFormAction(params.orderId, form, admin.id)
  if (String(form.get('intent') ?? '').startsWith('return-')) return ownerReturnFormAction(params.orderId, form, admin.id)
  return statusFormAction(params.orderId, form, admin.id)
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData
  const busy = useNavigation().state === 'submitting'
  useEffect(() => {
    const message = replyMessage(actionData)
    if (message) notify('error', message)
  }, [actionData])
  const echoed = (actionData?.initialValue ?? {}) as Record<string, unknown>
  const rejectReply = echoed.intent === 'reject' ? actionData : undefined
  const refundedPaise = order.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0)
  return (
    <OrderDetailView order={order} back={{ to: '/admin/orders', label: 'Back to All Orders' }} admin>
      <ShipParcel
        orderId={order.id}
        parcel={loaderData.parcel}
        canShip={loaderData.canShip}
        error={(actionData as { error?: Record<string, string[] | undefined> | null } | undefined)?.error?.ship?.[0]}
        busy={busy}
      />
      <ParcelNdr
        ndrs={loaderData.ndrs}
        rto={loaderData.rto}
        lines={order.lines}
        reply={['ndr-reattempt', 'ndr-return', 'parcel-received'].includes(String(echoed.intent ?? '')) ? actionData : undefined}
        busy={busy}
      />
      <OrderDocumentLinks base={`/admin/orders/${order.id}`} documents={loaderData.documents} />
      {hasPackingSlip(order) ? <PackingSlipLink href={`/admin/orders/${order.id}/packing-slip.pdf`} orderNumber={formatOrderNumber(order.number)} /> : null}
      {loaderData.rejectable ? (
        <OrderEndConfirm
          path={`/admin/orders/${order.id}`}
          param="reject"
          intent="reject"
          confirming={loaderData.confirmingReject}
          label="Reject and refund"
          question={`Reject order ${formatOrderNumber(order.number)} and refund it?`}
          confirmLabel="Yes, reject and refund"
          keepLabel="Keep order"
          refundPaise={order.totalAmountPaise - refundedPaise}
          refundIsRest={refundedPaise > 0}
          reason={{
            label: 'Reason (the shopper reads it in the mail)',
            maxLength: REFUND_REASON_MAX,
            errors: rejectReply?.error?.reason ?? undefined,
            value: typeof echoed.reason === 'string' && rejectReply ? echoed.reason : undefined,
          }}
        />
      ) : null}
      <ReturnList
        forOwner
        orderBase="/admin/orders"
        returns={order.returns}
        sendTo={loaderData.returnSendTo}
        photoBase={`/admin/orders/${order.id}/return-photos`}
        controls={(ret) => <ReturnControls ret={ret} reply={String(echoed.intent ?? '').startsWith('return-') ? actionData : undefined} busy={busy} />}
      />
      {loaderData.refundable ? (
        <PartialRefundForm refundable={loaderData.refundable} refundKey={loaderData.refundKey} reply={refundReplyOf(actionData)} busy={busy} />
      ) : null}
      <OrderStatusForm status={order.orderStatus} reply={replyOf(actionData, 'status')} busy={busy} />
      {canHaveTracking(order.orderStatus) ? <TrackingForm tracking={order.tracking} reply={replyOf(actionData, 'tracking')} busy={busy} /> : null}
    </OrderDetailView>
  )
}
