// The custom-order request form's page adapter (/shop/custom-order): Conform parse of the fields,
// the needed-by and photo checks, the spam limits, then the photos of the same multipart post
// through the image pipeline (real image content only) and the domain. Every refusal comes back
// next to its field. The cheap checks come first; from the limits on, a request counts even when
// its photos are refused, and its photos are stored only with the request itself.
import { customOrderLimits } from '~/infra/custom-order-limits.server'
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { CUSTOM_ORDER_LIMITS, CUSTOM_ORDER_MESSAGES } from '~/lib/custom-orders'
import { customOrderSchema } from '~/schemas/custom-order'
import { checkNeededBy, createCustomOrder } from '~/domain/custom-orders/custom-orders.server'
import { Invalid } from '~/domain/errors'
import { type PreparedImage, prepareUploadedFiles, saveImages, UploadTooLarge } from '~/domain/catalog/media.server'
import { data } from 'react-router'
import { isMultipartForm, readBoundedMultipart, UnreadableForm } from './bounded-multipart.server'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/** The photos a post carries (empty file inputs send a nameless empty file: not a photo). */
function photosOf(form: FormData): File[] {
  return form.getAll('photos').filter((f): f is File => typeof f === 'object' && f.size > 0)
}

/** The photos as reference images (nothing stored yet); a refused one is named in the message under `photos`. */
async function preparePhotos(files: File[]): Promise<PreparedImage[]> {
  try {
    return await prepareUploadedFiles(getDb(), getImageStore(), files, 'reference')
  } catch (error) {
    if (error instanceof UploadTooLarge) throw new Invalid({ photos: [CUSTOM_ORDER_MESSAGES.photosTooLarge] })
    if (error instanceof Invalid) throw new Invalid({ photos: [error.message] })
    throw error
  }
}

/**
 * The post's fields and photos, read as they stream in (bounded-multipart.server.ts): photos past the
 * limits are read and dropped, and the refusal is said beside the photo field with every typed field
 * kept (issue 31). A form that cannot be read is answered as one with no fields.
 */
async function readCustomOrderPost(request: Request): Promise<{ form: FormData; photoErrors: string[] }> {
  if (!isMultipartForm(request)) return { form: await request.formData(), photoErrors: [] }
  try {
    const read = await readBoundedMultipart(request, { field: 'photos', maxFiles: CUSTOM_ORDER_LIMITS.photos, maxBytes: CUSTOM_ORDER_LIMITS.photoBytes })
    const photoErrors = [
      ...(read.tooManyFiles ? [CUSTOM_ORDER_MESSAGES.tooManyPhotos] : []),
      ...(read.filesTooLarge ? [CUSTOM_ORDER_MESSAGES.photosTooLarge] : []),
    ]
    return { form: read.form, photoErrors }
  } catch (error) {
    if (error instanceof UnreadableForm) return { form: new FormData(), photoErrors: [] }
    throw error
  }
}

/**
 * Sends a request as `userId` (null for a visitor) from `ip`, and answers a redirect with a toast:
 * a shopper to Account (where the request is listed), a visitor back to an empty form.
 */
export async function customOrderFormAction(request: Request, options: { ip: string; userId: string | null }) {
  const { form, photoErrors } = await readCustomOrderPost(request)
  const files = photosOf(form)
  form.delete('photos')
  const submission = parseForm(form, { schema: customOrderSchema })
  if (submission.status !== 'success') {
    // The fields' messages and the photos' together, in one answer.
    const fieldErrors = photoErrors.length > 0 ? { ...submission.error, photos: photoErrors } : undefined
    return data(submission.reply(fieldErrors ? { fieldErrors } : undefined), { status: 400 })
  }
  const input = submission.value
  return formAction(
    async () => {
      checkNeededBy(input.neededBy)
      if (photoErrors.length > 0) throw new Invalid({ photos: photoErrors })
      if (files.length > CUSTOM_ORDER_LIMITS.photos) throw new Invalid({ photos: [CUSTOM_ORDER_MESSAGES.tooManyPhotos] })
      if (files.reduce((sum, f) => sum + f.size, 0) > CUSTOM_ORDER_LIMITS.photoBytes) {
        throw new Invalid({ photos: [CUSTOM_ORDER_MESSAGES.photosTooLarge] })
      }
      // Counted before any image work and never given back: refused photos cost their sender a request too.
      await customOrderLimits().take(options.ip, input.email)
      const photos = await preparePhotos(files)
      // Nothing below refuses what the checks above let through: the photos are stored with the
      // request (a failure between the two leaves files that tidy() deletes a day later).
      const db = getDb()
      const stored = await saveImages(db, getImageStore(), photos)
      await createCustomOrder(db, { input, userId: options.userId, photos: stored.map((photo) => photo.url) })
      const to = options.userId ? '/shop/account?tab=custom' : '/shop/custom-order'
      return redirectWithToast(to, { type: 'success', message: CUSTOM_ORDER_MESSAGES.sent })
    },
    { reply: { submission } },
  )
}
