// The admin product form's page adapter: Conform parse (list intents work without JS), images
// uploaded in the same multipart post prepared through the media pipeline (every header read before
// any image is decoded), stored, then the service.
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '~/lib/catalog'
import { z } from 'zod'
import { productFormSchema, toProductInput } from '~/schemas/product-form'
import { createProduct, updateProduct } from '~/domain/catalog/admin-products.server'
import { Invalid } from '~/domain/errors'
import { prepareUploadedFiles, saveImages } from '~/domain/catalog/media.server'
import { gridPath } from './admin-product-grid'
import { formAction, invalidForm } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

/** The stock per variant the edit started from (a hidden JSON field); anything else reads as none. */
const seenSchema = z
  .array(z.object({ variety: z.string().max(60), option2: z.string().max(60).optional(), color: z.string().max(40), stock: z.number().int().min(0) }))
  .max(2000)

export function variantStockSeenOf(value: FormDataEntryValue | null) {
  if (typeof value !== 'string' || value.length > 200_000) return undefined
  try {
    const seen = seenSchema.safeParse(JSON.parse(value))
    return seen.success ? seen.data : undefined
  } catch {
    return undefined
  }
}

/** A form value that is a whole number from 0, else undefined. */
function wholeNumber(value: FormDataEntryValue | null): number | undefined {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined
}

/**
 * Saves the product form (new when `productId` is null) and goes back to the grid with a toast: to
 * the search and page the sheet's `url` names (the sheet carries the grid's query), rebuilt on the
 * grid's own path, never an address of the request's choosing. Invalid input changes nothing and
 * comes back next to the fields (an image refused: next to the images).
 */
export async function productFormAction(form: FormData, productId: string | null, url: URL, adminId?: string) {
  const files = form.getAll('newImages').filter((f): f is File => typeof f === 'object' && f.size > 0)
  form.delete('newImages')
  const stockSeen = wholeNumber(form.get('stockSeen'))
  const variantStockSeen = variantStockSeenOf(form.get('variantStockSeen'))
  const submission = parseForm(form, { schema: productFormSchema })
  // A list intent (add/remove an option, colour or image, show the stock grid without JS) is not an error: just re-render.
  if (submission.status !== 'success') return invalidForm(submission)
  // A copy: the parsed value may share its default arrays with other requests.
  const { input: parsed, stockPerVariant } = toProductInput(submission.value)
  const input = { ...parsed, images: [...parsed.images] }
  const done = (message: string) => redirectWithToast(gridPath(url.searchParams), { type: 'success', message })
  return formAction(
    async () => {
      if (input.images.length + files.length > PRODUCT_LIMITS.images) throw new Invalid({ my_file: [PRODUCT_MESSAGES.tooManyImages] })
      if (files.length > 0) {
        // Stored once every image is prepared; should the service then refuse the form, tidy() deletes them a day later.
        const prepared = await prepareUploadedFiles(getDb(), getImageStore(), files, 'shop')
        for (const stored of await saveImages(getDb(), getImageStore(), prepared)) input.images.push(stored.url)
      }
      if (productId) {
        await updateProduct(getDb(), productId, input, { stockSeen, variantStockSeen, oneStock: !stockPerVariant, actorId: adminId })
        return done(PRODUCT_MESSAGES.edited)
      }
      await createProduct(getDb(), input)
      return done(PRODUCT_MESSAGES.added)
    },
    { reply: { submission, fieldErrors: (error) => (error instanceof Invalid ? { images: error.errors.my_file ?? [error.message] } : undefined) } },
  )
}
