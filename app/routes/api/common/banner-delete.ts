// DELETE /api/common/feature/delete/:id, admin only -> {success, message: 'Feature image deleted successfully'}
// Removes the banner from the carousel (its files stay: uploads are content-addressed and may be shared).
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { requireApiAdmin } from '~/web/auth.server'
import { deleteBanner } from '~/domain/catalog/banners.server'
import type { Route } from './+types/banner-delete'
import { BANNER_MESSAGES } from '~/lib/banners'

export const loader = () => methodNotAllowed('DELETE')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return handleApi(async () => {
    requireApiAdmin(context)
    await deleteBanner(getDb(), params.id)
    return apiJson({ success: true, message: BANNER_MESSAGES.deleted })
  })
}
