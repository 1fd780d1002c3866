// What an upload may be and cost. Uploads are untrusted: each image is judged by its header (format,
// pixels, the work it will take) before a pixel is decoded (ADR 048); this file holds those rules
// and the widths an image is stored at. The header and its decoding estimate come from the image
// store's codec (image-store.ts).
import { IMAGE_MESSAGES, IMAGE_WIDTHS, MAX_UPLOAD_BYTES } from '~/lib/images'
import { Invalid } from '~/domain/errors'
import type { ImageCodec, WebpOptions } from './image-store'

/** 25 megapixels (6000 x 4000 and a little more): a 24 MP camera, any phone's usual 12 MP; refused from the header. */
export const MAX_INPUT_PIXELS = 25_000_000
/** What decoding may hold at once (an AVIF, a progressive JPEG or an interlaced PNG is decoded whole). */
const MAX_DECODE_BYTES = 200 * 1024 * 1024
/** WebP's largest side. */
const WEBP_MAX_SIDE = 16_383

/**
 * Quality 65: a fifth fewer bytes than 78 for the same picture (0.4 dB PSNR, nothing to see at a
 * phone's 2x), so a fifth less time before a slow phone paints its main picture. Effort 6 would save
 * 6% more for a third more encoding time (docs/decisions/045-one-main-picture-and-lighter-webp.md).
 */
const WEBP_OPTIONS: WebpOptions = { quality: 65, effort: 4 }

/**
 * What an image is for. The shop's pictures are seen by every shopper at up to 1280 px. A
 * visitor's reference photo (a custom-order request) is seen by the studio only: up to 800 px,
 * encoded at the cheapest effort (same bytes at quality 65, a third of the time), and the photos of
 * one anonymous post may together take at most `requestMs` of estimated work (ADR 048).
 */
export type ImagePurpose = 'shop' | 'reference' | 'return'

/**
 * Per purpose: the largest width and the pixels of the largest file (a 2:3 portrait keeps the
 * largest width, a taller picture gets a narrower one), the encoder's options and its cost per
 * megapixel of the largest file (every smaller width included, noise measured with sharp's WebP
 * encoder at those options), and the estimated work allowed per image and per request.
 */
export const PURPOSES = {
  shop: { maxWidth: 1280, maxPixels: 1280 * 1920, webp: WEBP_OPTIONS, encodeMsPerMegapixel: 550, imageMs: 2500, requestMs: Number.POSITIVE_INFINITY },
  reference: { maxWidth: 800, maxPixels: 640 * 960, webp: { quality: 65, effort: 0 }, encodeMsPerMegapixel: 240, imageMs: 750, requestMs: 750 },
  // A shopper's photo of a damaged piece (ADR 101): a reference photo, four to an ask instead of three
  // (the same work per photo), under names of its own, which /uploads never serves.
  return: { maxWidth: 800, maxPixels: 640 * 960, webp: { quality: 65, effort: 0 }, encodeMsPerMegapixel: 240, imageMs: 750, requestMs: 1000 },
} as const satisfies Record<ImagePurpose, { webp: WebpOptions } & Record<string, unknown>>

/** The formats taken; only these ever reach the decoder (a text file or an SVG never does). */
type Format = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif'

export function invalidImage(message: string): Invalid {
  return new Invalid({ my_file: [message] }, message)
}

/** The format the first bytes name, or null for any other file. */
function sniffFormat(input: Buffer): Format | null {
  const ascii = (from: number, to: number) => input.toString('latin1', from, to)
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg'
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(0, 4) === 'GIF8') return 'gif'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  // AVIF and HEIF are ISO media files: a box `ftyp` first.
  if (ascii(4, 8) === 'ftyp') return 'heif'
  return null
}

/** What the header of an image says preparing it will take: planned before a pixel is decoded. */
export interface ImagePlan {
  /** The standard widths to store, smallest first. */
  widths: number[]
  /** Estimated CPU milliseconds on the shop's 2-core machine: decoding plus encoding every width. */
  costMs: number
}

/**
 * Reads an image's header (never its pixels) and plans its widths for `purpose`; throws Invalid
 * (the message says why and what to send instead) for anything the pipeline will not decode.
 */
export async function planImage(codec: ImageCodec, input: Buffer, purpose: ImagePurpose): Promise<ImagePlan> {
  if (input.byteLength === 0) throw invalidImage(IMAGE_MESSAGES.chooseFile)
  if (input.byteLength > MAX_UPLOAD_BYTES) throw invalidImage(IMAGE_MESSAGES.tooLarge)
  const sniffed = sniffFormat(input)
  if (!sniffed) throw invalidImage(IMAGE_MESSAGES.notAnImage)
  const header = await codec.readHeader(input)
  if (!header || header.format !== sniffed) throw invalidImage(IMAGE_MESSAGES.notAnImage)
  // An iPhone's HEIC (HEVC inside) cannot be decoded here; AVIF (AV1 inside) can.
  if (header.format === 'heif' && header.compression !== 'av1') throw invalidImage(IMAGE_MESSAGES.heic)
  const pixels = header.width * header.height
  if (pixels > MAX_INPUT_PIXELS) throw invalidImage(IMAGE_MESSAGES.tooManyPixels(Math.round(pixels / 1e6), MAX_INPUT_PIXELS / 1e6))

  // EXIF orientations 5 to 8 turn the picture a quarter: its stored width is the input's height.
  const turned = header.orientation >= 5
  const width = turned ? header.height : header.width
  const height = turned ? header.width : header.height
  const output = PURPOSES[purpose]
  const outputHeight = (w: number) => Math.ceil((height * Math.min(w, width)) / width)
  const fits = (w: number) => Math.min(w, width) * outputHeight(w) <= output.maxPixels && outputHeight(w) <= WEBP_MAX_SIDE
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= output.maxWidth && w <= width && fits(w))
  if (widths.length === 0) {
    if (!fits(IMAGE_WIDTHS[0])) throw invalidImage(IMAGE_MESSAGES.tooTall)
    widths.push(IMAGE_WIDTHS[0])
  }

  const largest = widths[widths.length - 1] as number
  const costMs = header.decode.ms + ((Math.min(largest, width) * outputHeight(largest)) / 1e6) * output.encodeMsPerMegapixel
  if (costMs > output.imageMs || header.decode.heldBytes > MAX_DECODE_BYTES) throw invalidImage(IMAGE_MESSAGES.tooCostly(header.decode.label))
  return { widths, costMs }
}

/** The estimated work of a request's images together is within what `purpose` allows. */
export function checkRequestCost(plans: readonly ImagePlan[], purpose: ImagePurpose): void {
  if (plans.reduce((sum, plan) => sum + plan.costMs, 0) > PURPOSES[purpose].requestMs) throw invalidImage(IMAGE_MESSAGES.tooCostlyTogether)
}
