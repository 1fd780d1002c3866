// GET /api/common/feature/get -> {success, data: [{_id, image}]} in banner order.
import { getDb } from '~/db.server'
import { apiJson, handleApi, methodNotAllowed } from '~/services/api.server'
import { toApiFeatureImage } from '~/services/api-shapes.server'
import { listFeatureImages } from '~/services/features.server'

export function loader() {
  return handleApi(async () => {
    const features = await listFeatureImages(getDb())
    return apiJson({ success: true, data: features.map(toApiFeatureImage) })
  })
}

export const action = () => methodNotAllowed('GET')
