// Responsive image sources for the content-addressed uploads written by the media service.

/**
 * Widths every upload is resized to (never upscaled). 400 is a card on a 390 px phone at 2x
 * (two columns), 800 a full-width banner or gallery picture on the same phone; 640 and 1280 serve
 * tablets, desktops and 3x screens.
 */
export const IMAGE_WIDTHS = [320, 400, 640, 800, 1280] as const

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
