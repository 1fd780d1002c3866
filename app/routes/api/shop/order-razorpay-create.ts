// POST /api/shop/order/razorpay/create {userId?, cartId?, cartItems?, addressInfo: {addressId, ...}, totalAmount?, orderDate?}
//   -> 201 {success, razorpayOrder: {id, amount (paise), currency}, orderId, orderNumber, keyId}
// Only the address id is read from the body: lines, prices and the total come from the server's cart
// (a client's cartItems or totalAmount are ignored). A userId, when sent, must be the caller's.
// The client's address counts with the shopper's own against the limits on holds and unpaid
// checkouts (ADR 050): 429 with Retry-After past them.
import { z } from 'zod'
import { apiBodySchema } from '~/schemas/api-body'
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import { placeOrder } from '~/domain/orders/place-order.server'
import { deliveryPricing } from '~/infra/delivery-pricing.server'
import { getPaymentGateway } from '~/infra/payment-gateway.server'
import { addressKey } from '~/infra/rate-limit.server'
import { clientIpContext } from '~/web/context'
import type { Route } from './+types/order-razorpay-create'

const optionalId = z
  .string({ error: 'Must be an id.' })
  .trim()
  .max(64, { error: 'Must be an id.' })
  .nullish()
  .transform((v) => v || undefined)

const createBodySchema = apiBodySchema({
  userId: optionalId,
  addressId: optionalId,
  addressInfo: z.object({ addressId: optionalId }, { error: 'addressInfo must be an object.' }).nullish(),
})

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    const user = requireApiUser(context)
    const body = parseInput(createBodySchema, await readBody(request))
    if (body.userId !== undefined) requireOwnUserId(user, body.userId)
    const addressId = body.addressInfo?.addressId ?? body.addressId
    const clientKey = addressKey(context.get(clientIpContext))
    const placed = await placeOrder(getDb(), getPaymentGateway(), user, { addressId, clientKey }, deliveryPricing())
    return apiJson(
      {
        success: true,
        razorpayOrder: {
          id: placed.gatewayOrder.id,
          amount: placed.gatewayOrder.amount,
          currency: placed.gatewayOrder.currency,
        },
        orderId: placed.orderId,
        orderNumber: placed.orderNumber,
        keyId: getPaymentGateway().keyId,
      },
      201,
    )
  })
}
