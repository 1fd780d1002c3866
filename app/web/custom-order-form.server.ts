// The custom-order request form's page adapter (/shop/custom-order): Conform parse of the fields,
// the needed-by and photo checks, the spam limits, then the photos of the same multipart post
// through the image pipeline (real image content only) and the domain. Every refusal comes back
// next to its field; a refused request stores nothing and does not count against the limits.
import { getConfig } from '~/infra/config.server'
import { customOrderLimits } from '~/infra/custom-order-limits.server'
import { getDb } from '~/infra/db.server'
import { CUSTOM_REQUEST_LIMITS, CUSTOM_REQUEST_MESSAGES } from '~/lib/custom-orders'
import { customOrderSchema } from '~/schemas/custom-order'
import { checkNeededBy, createCustomRequest } from '../domain/custom-orders.server'
import { DomainError, Invalid } from '../domain/errors'
import { storeUploadedFile, UploadTooLarge } from '../domain/media.server'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/** The photos a post carries (empty file inputs send a nameless empty file: not a photo). */
function photosOf(form: FormData): File[] {
  return form.getAll('photos').filter((f): f is File => typeof f === 'object' && f.size > 0)
}

/** A photo's name for a message: short, so a long file name cannot crowd out the message. */
function photoName(file: File): string {
  const name = file.name.trim() || 'A photo'
  return name.length > 60 ? `${name.slice(0, 57)}…` : name
}

/** Stores each photo through the image pipeline; a refused one is named in the message under `photos`. */
async function storePhotos(files: File[]): Promise<string[]> {
  const urls: string[] = []
  for (const file of files) {
    try {
      urls.push((await storeUploadedFile(getDb(), file, getConfig().UPLOADS_DIR)).url)
    } catch (error) {
      if (error instanceof UploadTooLarge) throw new Invalid({ photos: [CUSTOM_REQUEST_MESSAGES.photosTooLarge] })
      if (error instanceof Invalid) throw new Invalid({ photos: [`${photoName(file)}: ${error.message}`] })
      throw error
    }
  }
  return urls
}

/**
 * Sends a request as `userId` (null for a visitor) from `ip`, and answers a redirect with a toast:
 * a shopper to Account (where the request is listed), a visitor back to an empty form.
 */
export async function customOrderFormAction(form: FormData, options: { ip: string; userId: string | null }) {
  const files = photosOf(form)
  form.delete('photos')
  const submission = parseForm(form, { schema: customOrderSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  const input = submission.value
  return formAction(
    async () => {
      checkNeededBy(input.neededBy)
      if (files.length > CUSTOM_REQUEST_LIMITS.photos) throw new Invalid({ photos: [CUSTOM_REQUEST_MESSAGES.tooManyPhotos] })
      if (files.reduce((sum, f) => sum + f.size, 0) > CUSTOM_REQUEST_LIMITS.photoBytes) {
        throw new Invalid({ photos: [CUSTOM_REQUEST_MESSAGES.photosTooLarge] })
      }
      const limits = customOrderLimits()
      await limits.take(options.ip, input.email)
      try {
        const photos = await storePhotos(files)
        await createCustomRequest(getDb(), { input, userId: options.userId, photos })
      } catch (error) {
        if (error instanceof DomainError) await limits.giveBack(options.ip, input.email)
        throw error
      }
      const to = options.userId ? '/shop/account?tab=custom' : '/shop/custom-order'
      return redirectWithToast(to, { type: 'success', message: CUSTOM_REQUEST_MESSAGES.sent })
    },
    { reply: { submission } },
  )
}
