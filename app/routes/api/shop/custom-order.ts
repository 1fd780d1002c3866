// GET /api/shop/custom-order/:id -> {success, data: the request with its quote, what is due and its payment links} for its shopper; 404 for anyone else (ADR 088).
import { getDb } from '~/infra/db.server'
import { toApiCustomQuote } from '~/api/custom-quote-json'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { requireApiUser } from '~/web/auth.server'
import { quoteOfShopper } from '~/domain/custom-orders/quote-payments.server'
import type { Route } from './+types/custom-order'

export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = requireApiUser(context)
    const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0
    const view = await quoteOfShopper(getDb(), id, user.id)
    return apiJson({ success: true, data: toApiCustomQuote(view) })
  })
}

export const action = () => methodNotAllowed('GET')
