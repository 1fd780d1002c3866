// One of the shopper's orders (View Details), with its shipping details once it is shipped;
// anyone else's order is a 404.
import { OrderDetailView } from '~/components/order-detail'
import { getDb } from '~/infra/db.server'
import { requireUser } from '~/web/auth.server'
import { orNotFound } from '~/web/form-action.server'
import { getOrderDetail } from '~/domain/orders.server'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = () => [{ title: 'Order Details' }]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  return { order: await orNotFound(getOrderDetail(getDb(), params.orderId, user)) }
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderDetailView order={loaderData.order} back={{ to: '/shop/account', label: 'Back to Order History' }} className="px-4 py-8" />
}
