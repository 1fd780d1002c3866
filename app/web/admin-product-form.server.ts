// The admin product form's page adapter: Conform parse (list intents work without JS), images
// uploaded in the same multipart post stored through the media pipeline, then the service.
import type { SubmissionResult } from '@conform-to/react'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '~/lib/catalog'
import { productSchema } from '~/schemas/product'
import { createProduct, updateProduct } from '../domain/admin-products.server'
import { DomainError, Invalid } from '../domain/errors'
import { parseForm } from './form-input.server'
import { storeUploadedFile } from '../domain/media.server'

export type ProductFormOutcome = { ok: true; message: string } | { ok: false; status: number; reply: SubmissionResult<string[]> }

/** A form value that is a whole number from 0, else undefined. */
function wholeNumber(value: FormDataEntryValue | null): number | undefined {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined
}

/** Saves the product form (new when `productId` is null). Invalid input changes nothing. */
export async function saveProductForm(form: FormData, productId: string | null): Promise<ProductFormOutcome> {
  const files = form.getAll('newImages').filter((f): f is File => typeof f === 'object' && f.size > 0)
  form.delete('newImages')
  const stockSeen = wholeNumber(form.get('stockSeen'))
  const submission = parseForm(form, { schema: productSchema })
  // A list intent (add/remove an option, colour or image without JS) is not an error: just re-render.
  if (submission.status !== 'success') {
    return { ok: false, status: submission.status === 'error' ? 400 : 200, reply: submission.reply() }
  }
  // A copy: the parsed value may share its default arrays with other requests.
  const input = { ...submission.value, images: [...submission.value.images] }
  if (input.images.length + files.length > PRODUCT_LIMITS.images) {
    return { ok: false, status: 400, reply: submission.reply({ fieldErrors: { images: [PRODUCT_MESSAGES.tooManyImages] } }) }
  }
  try {
    for (const file of files) {
      const stored = await storeUploadedFile(file, getConfig().UPLOADS_DIR)
      input.images.push(stored.url)
    }
    if (productId) {
      await updateProduct(getDb(), productId, input, { stockSeen })
      return { ok: true, message: PRODUCT_MESSAGES.edited }
    }
    await createProduct(getDb(), input)
    return { ok: true, message: PRODUCT_MESSAGES.added }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const fieldErrors = error instanceof Invalid ? { images: error.errors.my_file ?? [error.message] } : undefined
    return { ok: false, status: error.status, reply: submission.reply({ formErrors: fieldErrors ? [] : [error.message], fieldErrors }) }
  }
}
