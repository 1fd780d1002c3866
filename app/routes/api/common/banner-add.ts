// POST /api/common/feature/add, admin only: JSON {image: url from the image upload} (its file must
// be in the uploads directory), or multipart with the picture in my_file (stored first)
//   -> 201 {success, message: 'Feature image added successfully', data: {_id, image}}; the banner goes last.
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { checkUploadedUrl, isMultipart, readMultipart } from '~/api/multipart.server'
import { storeUploadedFile } from '~/domain/catalog/media.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiBanner } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import { addBanner } from '~/domain/catalog/banners.server'
import type { Route } from './+types/banner-add'
import { BANNER_MESSAGES } from '~/lib/banners'

export const loader = () => methodNotAllowed('POST')

async function imageOf(request: Request): Promise<string> {
  if (isMultipart(request)) {
    const form = await readMultipart(request)
    const file = form.get('my_file')
    // A form may name an uploaded url instead of sending the picture.
    if ((file === null || (typeof file !== 'string' && file.size === 0)) && form.get('image')) {
      return checkUploadedUrl(getDb(), getImageStore(), form.get('image'))
    }
    return (await storeUploadedFile(getDb(), getImageStore(), file)).url
  }
  const body = await readBody(request)
  const image = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { image?: unknown }).image : undefined
  return checkUploadedUrl(getDb(), getImageStore(), image)
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    requireApiAdmin(context)
    const image = await imageOf(request)
    const banner = await addBanner(getDb(), image)
    return apiJson({ success: true, message: BANNER_MESSAGES.added, data: toApiBanner(banner) }, 201)
  })
}
