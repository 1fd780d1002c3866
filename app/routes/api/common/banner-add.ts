// POST /api/common/feature/add, admin only: JSON {image: url from the image upload} (its file must
// be in the uploads directory), or multipart with the picture in my_file (stored first); extras (ADR 074):
// headline, subline, buttonText, link (a shop path), startsAt, endsAt (ISO with offset), in the body or form
//   -> 201 {success, message: 'Feature image added successfully', data: {_id, image, ...extras}}; the banner goes last.
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { checkUploadedUrl, isMultipart, readMultipart } from '~/api/multipart.server'
import { storeUploadedFile } from '~/domain/catalog/media.server'
import { apiJson, handleApi, methodNotAllowed, readBody } from '~/api/handle-api.server'
import { toApiBanner } from '~/api/serializers.server'
import { requireApiAdmin } from '~/web/auth.server'
import { addBanner, type BannerDetails, checkBannerDetails } from '~/domain/catalog/banners.server'
import { parseInput } from '~/domain/errors'
import { bannerApiSchema } from '~/schemas/banner'
import type { Route } from './+types/banner-add'
import { BANNER_MESSAGES } from '~/lib/banners'

export const loader = () => methodNotAllowed('POST')

const EXTRAS = ['headline', 'subline', 'buttonText', 'link', 'startsAt', 'endsAt'] as const

/** The banner's words and schedule (checked before any picture is stored), and its picture's url. */
async function bannerOf(request: Request): Promise<{ image: string; details: BannerDetails }> {
  const db = getDb()
  if (isMultipart(request)) {
    const form = await readMultipart(request)
    const extras = Object.fromEntries(EXTRAS.map((name) => [name, form.get(name) ?? undefined]).filter(([, v]) => typeof v === 'string'))
    const details = await checkBannerDetails(db, parseInput(bannerApiSchema, extras))
    const file = form.get('my_file')
    // A form may name an uploaded url instead of sending the picture.
    if ((file === null || (typeof file !== 'string' && file.size === 0)) && form.get('image')) {
      return { image: await checkUploadedUrl(db, getImageStore(), form.get('image')), details }
    }
    return { image: (await storeUploadedFile(db, getImageStore(), file)).url, details }
  }
  const body = await readBody(request)
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const details = await checkBannerDetails(db, parseInput(bannerApiSchema, Object.fromEntries(EXTRAS.map((name) => [name, fields[name]]))))
  return { image: await checkUploadedUrl(db, getImageStore(), fields.image), details }
}

export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return handleApi(async () => {
    requireApiAdmin(context)
    const { image, details } = await bannerOf(request)
    const banner = await addBanner(getDb(), image, details)
    return apiJson({ success: true, message: BANNER_MESSAGES.added, data: toApiBanner(banner) }, 201)
  })
}
