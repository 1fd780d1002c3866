// Responsive image sources for the content-addressed uploads written by the media service.

/**
 * Widths every upload is resized to (never upscaled). 400 is a card on a 390 px phone at 2x
 * (two columns), 800 a full-width banner or gallery picture on the same phone; 640 and 1280 serve
 * tablets, desktops and 3x screens.
 */
export const IMAGE_WIDTHS = [320, 400, 640, 800, 1280] as const

/** The largest image file the shop takes, in MB: a phone's photo is 2 to 5, a 24 MP camera's JPEG under 10. */
export const MAX_UPLOAD_MB = 10
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024

/** What an image upload is refused with; the pipeline's rules are app/domain/catalog/image-plan.server.ts. */
export const IMAGE_MESSAGES = {
  chooseFile: 'Please choose an image file.',
  tooLarge: `Images can be at most ${MAX_UPLOAD_MB} MB.`,
  notAnImage: 'This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).',
  heic: 'HEIC photos cannot be read here. Please send a JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible).',
  tooManyPixels: (megapixels: number, maxMegapixels: number) =>
    `This image has too many pixels (${megapixels} megapixels; at most ${maxMegapixels}). Please send a smaller copy.`,
  tooTall: 'This image is too tall for its width. Please crop it, or send another.',
  tooCostly: (label: string) => `This ${label} is too large for us to process. Please send a smaller copy, or a JPEG.`,
  tooCostlyTogether: 'These photos are too large for us to process together. Please send fewer or smaller photos (JPEG works best).',
  notProcessed: 'This image could not be processed. Please try another file.',
} as const

const uploadPattern = /^(\/uploads\/[a-f0-9]{16,64})-(\d+)\.webp$/

export function imageUrl(base: string, width: number): string {
  return `${base}-${width}.webp`
}

/** True for a url the upload pipeline makes (`/uploads/<hash>-<width>.webp`), whatever its width. */
export function isUploadUrl(url: string): boolean {
  return uploadPattern.test(url)
}

/** An upload url's base (`/uploads/<hash>`) and width, or null for any other url. */
export function parseUploadUrl(url: string): { base: string; width: number } | null {
  const match = uploadPattern.exec(url)
  return match ? { base: match[1] as string, width: Number(match[2]) } : null
}

/**
 * `src` and `srcSet` for an image url. Upload urls name their largest width
 * (`/uploads/<hash>-1280.webp`); every smaller standard width exists beside it.
 */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const upload = parseUploadUrl(url)
  if (!upload) return { src: url }
  const { base, width: largest } = upload
  const widths = IMAGE_WIDTHS.filter((w) => w <= largest)
  if (widths.length < 2) return { src: url }
  return {
    src: imageUrl(base, widths.includes(640) ? 640 : largest),
    srcSet: widths.map((w) => `${imageUrl(base, w)} ${w}w`).join(', '),
  }
}
