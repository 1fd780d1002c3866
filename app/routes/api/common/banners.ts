// GET /api/common/feature/get[?page=n] in banner order
//   -> {success, data: [{_id, image}], total, capped, cap} (no page: up to 100)
//   -> {success, data: [{_id, image}], total, pagination: {page, pageSize: 24, total, pageCount}} (page)
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { listAnswerOf, listWindow } from '~/api/lists.server'
import { toApiBanner } from '~/api/serializers.server'
import { listBanners } from '~/domain/catalog/banners.server'
import type { Route } from './+types/banners'

export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const window = listWindow(new URL(request.url).searchParams, 'banners')
    const banners = await listBanners(getDb())
    return apiJson(listAnswerOf(banners, window, toApiBanner))
  })
}

export const action = () => methodNotAllowed('GET')
