// An order in full for the admin, with the status control (only the moves allowed from where the
// order is) and its shipping details (docs/spec "View Details"; issue 17).
import { useEffect } from 'react'
import { useNavigation } from 'react-router'
import { OrderStatusForm, replyOf, TrackingForm } from '~/components/admin/order-forms'
import { OrderDetailView } from '~/components/order-detail'
import { getDb } from '~/infra/db.server'
import { canHaveTracking } from '~/lib/tracking'
import { getOrderDetail } from '~/domain/orders.server'
import { statusFormAction, trackingFormAction } from '~/web/admin-order-forms.server'
import { requireAdmin } from '~/web/auth.server'
import { orNotFound } from '~/web/form-action.server'
import { replyMessage } from '~/web/form-reply'
import { notify } from '~/web/toast/notify'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = () => [{ title: 'Order Details · Admin' }]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request)
  return { order: await orNotFound(getOrderDetail(getDb(), params.orderId, admin)) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  const form = await request.formData()
  if (form.get('intent') === 'tracking') return trackingFormAction(params.orderId, form, admin.id)
  return statusFormAction(params.orderId, form, admin.id)
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData
  const busy = useNavigation().state === 'submitting'
  useEffect(() => {
    const message = replyMessage(actionData)
    if (message) notify('error', message)
  }, [actionData])
  return (
    <OrderDetailView order={order} back={{ to: '/admin/orders', label: 'Back to All Orders' }} admin>
      <OrderStatusForm status={order.orderStatus} reply={replyOf(actionData, 'status')} busy={busy} />
      {canHaveTracking(order.orderStatus) ? <TrackingForm tracking={order.tracking} reply={replyOf(actionData, 'tracking')} busy={busy} /> : null}
    </OrderDetailView>
  )
}
