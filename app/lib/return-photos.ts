// A return's photo as the order pages link it (ADR 101): `<hash>-<width>.webp` under the order's own
// photo route, never /uploads.
import { IMAGE_WIDTHS, imageUrl, parseUploadUrl } from './images'

/** The file name of a stored photo url at its smallest width (a thumbnail) or its largest ('full'). */
export function returnPhotoName(url: string, width: 'thumb' | 'full'): string {
  const upload = parseUploadUrl(url)
  if (!upload) return ''
  const chosen = width === 'full' ? upload.width : (IMAGE_WIDTHS.find((w) => w <= upload.width) ?? upload.width)
  return imageUrl(upload.base, chosen).slice('/uploads/'.length)
}
