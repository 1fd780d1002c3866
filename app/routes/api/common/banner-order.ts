// PUT /api/common/feature/order, admin only (an extra, ADR 074): {ids: [every banner's _id, in the new order]}
//   -> {success, message: 'Banner moved', data: [feature images in order]}; an order that misses or repeats one 400.
import { z } from 'zod'
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiBanner } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import { listBanners, reorderBanners } from '~/domain/catalog/banners.server'
import { parseInput } from '~/domain/errors'
import { BANNER_MESSAGES } from '~/lib/banners'
import type { Route } from './+types/banner-order'

const orderSchema = z.object({ ids: z.array(z.string().max(200), { error: BANNER_MESSAGES.reorder }).max(500, { error: BANNER_MESSAGES.reorder }) })

export const loader = () => methodNotAllowed('PUT')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    requireApiAdmin(context)
    const db = getDb()
    await reorderBanners(db, parseInput(orderSchema, await readBody(request)).ids)
    return apiJson({ success: true, message: BANNER_MESSAGES.moved, data: (await listBanners(db)).map(toApiBanner) })
  })
}
