// PUT /api/common/feature/update/:id, admin only (an extra, ADR 074): {headline, subline, buttonText,
// link, startsAt, endsAt} (each optional: left out is empty; times ISO with offset, null for open)
//   -> {success, message: 'Banner saved', data: {_id, image, ...extras}}; unknown id 404; bad fields 400 with errors.
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiBanner } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import { listBanners, updateBanner } from '~/domain/catalog/banners.server'
import { parseInput } from '~/domain/errors'
import { BANNER_MESSAGES } from '~/lib/banners'
import { bannerApiSchema } from '~/schemas/banner'
import type { Route } from './+types/banner-update'

export const loader = () => methodNotAllowed('PUT')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed('PUT')
  return handleApi(async () => {
    requireApiAdmin(context)
    const body = await readBody(request)
    const db = getDb()
    await updateBanner(db, params.id, parseInput(bannerApiSchema, typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}))
    const banner = (await listBanners(db)).find((b) => b.id === params.id)
    return apiJson({ success: true, message: BANNER_MESSAGES.saved, data: banner ? toApiBanner(banner) : null })
  })
}
