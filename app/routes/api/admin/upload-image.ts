// POST /api/admin/products/upload-image (multipart, field my_file), admin only
//   -> {success, result: {url, width, height}}; no file or not an image 400, over 10 MB 413.
// The url names the largest stored WebP width; nothing is written when the upload is refused. An
// image no product uses a day later is deleted (tidy(), server/bootstrap.ts).
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { readMultipart } from '~/api/multipart.server'
import { storeUploadedFile } from '~/domain/catalog/media.server'
import { apiJson, handleApi, methodNotAllowed } from '~/api/handle-api.server'
import { requireApiAdmin } from '~/web/auth.server'
import type { Route } from './+types/upload-image'

export const loader = () => methodNotAllowed('POST')

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    requireApiAdmin(context)
    const form = await readMultipart(request)
    const stored = await storeUploadedFile(getDb(), getImageStore(), form.get('my_file'))
    return apiJson({ success: true, result: { url: stored.url, width: stored.width, height: stored.height } })
  })
}
