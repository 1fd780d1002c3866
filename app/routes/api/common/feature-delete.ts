// DELETE /api/common/feature/delete/:id, admin only -> {success, message: 'Feature image deleted successfully'}
// Removes the banner from the carousel (its files stay: uploads are content-addressed and may be shared).
import { getDb } from '~/infra/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { requireApiAdmin } from '~/web/auth.server'
import { deleteFeatureImage } from '~/domain/catalog/banners.server'
import type { Route } from './+types/feature-delete'
import { FEATURE_MESSAGES } from '~/lib/features'

export const loader = () => methodNotAllowed('DELETE')

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  return handleApi(async () => {
    requireApiAdmin(context)
    await deleteFeatureImage(getDb(), params.id)
    return apiJson({ success: true, message: FEATURE_MESSAGES.deleted })
  })
}
