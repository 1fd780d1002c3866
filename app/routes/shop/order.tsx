// One of the shopper's orders (View Details); anyone else's order is a 404.
import { Link } from 'react-router'
import { OrderDetailView } from '~/components/order-detail'
import { getDb } from '~/infra/db.server'
import { formatOrderNumber } from '~/lib/order-status'
import { requireUser } from '~/web/auth.server'
import { orNotFound } from '~/web/form-action.server'
import { getOrderDetail } from '~/domain/orders.server'
import { orderDocuments } from '~/domain/invoices.server'
import { OrderDocumentLinks } from '~/components/order-documents'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = () => [{ title: 'Order Details' }]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const order = await orNotFound(getOrderDetail(getDb(), params.orderId, user))
  return { order, documents: await orderDocuments(getDb(), order.id) }
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <Link to="/shop/account" className="text-sm underline">
        Back to Order History
      </Link>
      <h1 className="mt-2 mb-6 text-2xl font-bold">
        Order Details <span className="text-zinc-500">{formatOrderNumber(loaderData.order.number)}</span>
      </h1>
      <OrderDocumentLinks base={`/shop/account/orders/${loaderData.order.id}`} documents={loaderData.documents} className="mb-6" />
      <OrderDetailView order={loaderData.order} />
    </section>
  )
}
