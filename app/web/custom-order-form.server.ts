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
import { saveImages } from '~/domain/catalog/media.server'
import { data } from 'react-router'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { preparePhotoFiles, readPhotoForm } from './photo-form.server'
import { redirectWithToast } from './toast/toast.server'

/**
 * Sends a request as `userId` (null for a visitor) from `ip`, and answers a redirect with a toast:
 * a shopper to Account (where the request is listed), a visitor back to an empty form.
 */
export async function customOrderFormAction(request: Request, options: { ip: string; userId: string | null }) {
  // The post's fields and photos, read as they stream in (photo-form.server.ts): photos past the limits
  // are read and dropped, and the refusal is said beside the photo field with every typed field kept.
  const { form, photos: files, photoErrors } = await readPhotoForm(request, {
    maxFiles: CUSTOM_ORDER_LIMITS.photos,
    maxBytes: CUSTOM_ORDER_LIMITS.photoBytes,
    tooMany: CUSTOM_ORDER_MESSAGES.tooManyPhotos,
    tooLarge: CUSTOM_ORDER_MESSAGES.photosTooLarge,
  })
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
      const photos = await preparePhotoFiles(files, 'reference', CUSTOM_ORDER_MESSAGES.photosTooLarge)
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
