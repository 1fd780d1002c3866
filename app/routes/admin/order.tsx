// An order in full for the admin, with the status select (docs/spec "View Details").
import { useEffect } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { OrderDetailView } from '~/components/order-detail'
import { TestModeBadge } from '~/components/test-mode-badge'
import { Button } from '~/components/ui/button'
import { InlineError, inputClass } from '~/components/ui/field'
import { getDb } from '~/infra/db.server'
import { notify } from '~/web/toast/notify'
import { ADMIN_ORDER_STATUSES, formatOrderNumber, ORDER_MESSAGES, orderStatusLabel } from '~/lib/order-status'
import { orderStatusBodySchema } from '~/schemas/order'
import { parseInput } from '~/domain/errors'
import { requireAdmin } from '~/web/auth.server'
import { updateOrderStatus } from '~/domain/admin-orders.server'
import { getOrderDetail } from '~/domain/orders.server'
import { orderDocuments } from '~/domain/invoices.server'
import { OrderDocumentLinks } from '~/components/order-documents'
import { formAction, orNotFound } from '~/web/form-action.server'
import { replyMessage } from '~/web/form-reply'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = () => [{ title: 'Order Details · Admin' }]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request)
  const order = await orNotFound(getOrderDetail(getDb(), params.orderId, admin))
  return { order, documents: await orderDocuments(getDb(), order.id) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  const form = await request.formData()
  return formAction(async () => {
    const { orderStatus } = parseInput(orderStatusBodySchema, Object.fromEntries(form))
    await updateOrderStatus(getDb(), params.orderId, orderStatus, admin.id)
    return redirectWithToast(`/admin/orders/${params.orderId}`, { type: 'success', message: ORDER_MESSAGES.statusUpdated })
  }, { reply: {} })
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const error = replyMessage(actionData)
  useEffect(() => {
    const message = replyMessage(actionData)
    if (message) notify('error', message)
  }, [actionData])
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6">
      <Link to="/admin/orders" className="text-sm underline">
        Back to All Orders
      </Link>
      <h1 className="text-2xl font-bold">
        Order Details <span className="text-zinc-500">{formatOrderNumber(loaderData.order.number)}</span>{' '}
        <TestModeBadge testMode={loaderData.order.testMode} />
      </h1>
      <OrderDocumentLinks base={`/admin/orders/${loaderData.order.id}`} documents={loaderData.documents} />
      <OrderDetailView order={loaderData.order} admin />
      <Form method="post" className="grid gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
        <label className="grid gap-1 text-sm font-medium">
          Order Status
          <select name="orderStatus" defaultValue="" className={inputClass} aria-invalid={error ? true : undefined}>
            <option value="">Select status</option>
            {ADMIN_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <InlineError message={error} />
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          Update Order Status
        </Button>
      </Form>
    </section>
  )
}
