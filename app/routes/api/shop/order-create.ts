// POST /api/shop/order/create: the original PayPal-style call, unused by the checkout -> 410 Gone.
import { apiJson, methodNotAllowed } from '~/api/handle-api.server'
import type { Route } from './+types/order-create'

export const loader = () => methodNotAllowed('POST')

export function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return apiJson({ success: false, message: 'Use /api/shop/order/razorpay/create.' }, 410)
}
