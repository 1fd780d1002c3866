// A form post with photos, read and prepared the one way the shop does it (ADR 079, reused by ADR 101):
// the body read as it streams (bounded-multipart.server.ts), photos past the limits dropped with a
// message for the photo field and every typed field kept; then the photos through the image pipeline
// (header checks, sharp re-encoding, nothing stored). The custom-order form and the return form use it.
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { Invalid } from '~/domain/errors'
import { type ImagePurpose, type PreparedImage, prepareUploadedFiles, UploadTooLarge } from '~/domain/catalog/media.server'
import { isMultipartForm, readBoundedMultipart, UnreadableForm } from './bounded-multipart.server'

export interface PhotoFormLimits {
  maxFiles: number
  maxBytes: number
  tooMany: string
  tooLarge: string
}

export interface PhotoForm {
  /** The typed fields (the photos taken out). */
  form: FormData
  /** The photos chosen (empty file inputs left out); none when past a limit. */
  photos: File[]
  /** Why the photos were dropped, for the photo field (empty: they were not). */
  photoErrors: string[]
}

/** The photos a form carries (an empty file input sends a nameless empty file: not a photo). */
function photosOf(form: FormData, field: string): File[] {
  return form.getAll(field).filter((f): f is File => typeof f === 'object' && f.size > 0)
}

/**
 * The post's fields and `field` photos, read as they stream in: photos past the limits are read and
 * dropped, the refusal said for the photo field. A form that cannot be read is one with no fields.
 */
export async function readPhotoForm(request: Request, limits: PhotoFormLimits, field = 'photos'): Promise<PhotoForm> {
  let form: FormData
  let photoErrors: string[] = []
  if (!isMultipartForm(request)) form = await request.formData()
  else {
    try {
      const read = await readBoundedMultipart(request, { field, maxFiles: limits.maxFiles, maxBytes: limits.maxBytes })
      form = read.form
      photoErrors = [...(read.tooManyFiles ? [limits.tooMany] : []), ...(read.filesTooLarge ? [limits.tooLarge] : [])]
    } catch (error) {
      if (!(error instanceof UnreadableForm)) throw error
      form = new FormData()
    }
  }
  const photos = photosOf(form, field)
  form.delete(field)
  // Checked again here: a post without multipart framing reads through formData().
  if (photos.length > limits.maxFiles) return { form, photos: [], photoErrors: [limits.tooMany] }
  if (photos.reduce((sum, f) => sum + f.size, 0) > limits.maxBytes) return { form, photos: [], photoErrors: [limits.tooLarge] }
  return { form, photos, photoErrors }
}

/** The photos through the image pipeline for `purpose`, nothing stored; a refused one named under `photos`. */
export async function preparePhotoFiles(files: File[], purpose: ImagePurpose, tooLarge: string): Promise<PreparedImage[]> {
  try {
    return await prepareUploadedFiles(getDb(), getImageStore(), files, purpose)
  } catch (error) {
    if (error instanceof UploadTooLarge) throw new Invalid({ photos: [tooLarge] })
    if (error instanceof Invalid) throw new Invalid({ photos: [error.message] })
    throw error
  }
}
