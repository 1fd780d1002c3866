// Uploads over /api: the multipart form an image arrives in, and the check that an image url
// given later was made by the upload pipeline (used by the product and feature adapters).
import { basename } from 'node:path'
import { IMAGE_MESSAGES, isUploadUrl } from '~/lib/images'
import type { DB } from '../../db/database'
import { Invalid } from '~/domain/errors'
import type { ImageStore } from '~/domain/catalog/image-store'
import { cachedStoredFile } from '~/domain/catalog/media.server'

/** The request's multipart form; anything else (or a form that cannot be read) is a 400. */
export async function readMultipart(request: Request): Promise<FormData> {
  if (!isMultipart(request)) {
    throw new Invalid({ my_file: ['Please send the image as multipart/form-data in the field my_file.'] }, IMAGE_MESSAGES.chooseFile)
  }
  try {
    return await request.formData()
  } catch {
    throw new Invalid({ body: ['The form data could not be read.'] })
  }
}

/** True for the multipart content type (an upload) rather than JSON or a url-encoded form. */
export function isMultipart(request: Request): boolean {
  return (request.headers.get('Content-Type') ?? '').includes('multipart/form-data')
}

/** An image url made by the upload pipeline whose file is stored (by any process); else 400. */
export async function checkUploadedUrl(db: DB, store: ImageStore, image: unknown): Promise<string> {
  if (typeof image !== 'string' || image.trim() === '') throw new Invalid({ image: ['Please upload an image first.'] })
  const url = image.trim()
  if (!isUploadUrl(url)) throw new Invalid({ image: ['The image must be a url from the image upload (/uploads/...).'] })
  if (!(await cachedStoredFile(db, store, basename(url)))) throw new Invalid({ image: ['This image was not found. Please upload it again.'] })
  return url
}
