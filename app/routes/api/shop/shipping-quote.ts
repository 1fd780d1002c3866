// GET /api/shop/shipping/quote?pincode=&productId= (or &userId= for the caller's cart) -> {success, data:
// {serviceable, fee, estimatedDelivery}} (an extra of ours, docs/api.md; issue 30, ADR 085): the fee in
// rupees and the day (YYYY-MM-DD) a parcel should arrive. 400 with `errors` for a malformed pincode.
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { parseInput } from '~/domain/errors'
import { quoteCartDelivery, quoteProductDelivery } from '~/domain/shipping/delivery-quote.server'
import { getDb } from '~/infra/db.server'
import { deliveryPricing } from '~/infra/delivery-pricing.server'
import { paiseToRupees } from '~/lib/money'
import { deliveryQuoteQuerySchema } from '~/schemas/delivery-quote'
import { requireApiUser, requireOwnUserId } from '~/web/auth.server'
import type { Route } from './+types/shipping-quote'

export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const params = new URL(request.url).searchParams
    const query = parseInput(deliveryQuoteQuerySchema, {
      pincode: params.get('pincode') ?? undefined,
      productId: params.get('productId') ?? undefined,
      userId: params.get('userId') ?? undefined,
    })
    let quote: Awaited<ReturnType<typeof quoteProductDelivery>>
    if (query.productId) {
      quote = await quoteProductDelivery(getDb(), deliveryPricing(), { productId: query.productId, toPincode: query.pincode })
    } else {
      const user = requireApiUser(context)
      const userId = query.userId as string
      requireOwnUserId(user, userId, { adminMayRead: true })
      quote = await quoteCartDelivery(getDb(), deliveryPricing(), { userId }, query.pincode)
    }
    return apiJson({ success: true, data: { serviceable: quote.serviceable, fee: paiseToRupees(quote.feePaise), estimatedDelivery: quote.estimatedDelivery } })
  })
}

export const action = () => methodNotAllowed('GET')
