// The image store's codec: sharp (libvips) reads headers, decodes and writes WebP. Image work runs
// one job at a time in this process (ADR 048); libvips is loaded by the first image (ADR 117).
import type sharpFactory from 'sharp'
import type { EncodedImage, EncodeJob, ImageCodec, ImageFile, WebpOptions } from '~/domain/catalog/image-store'
import { estimateDecode } from './decode-cost.server'

type Sharp = typeof sharpFactory

let loaded: Promise<Sharp> | undefined

/**
 * sharp, loaded when the first image is read: libvips and its codecs add about 19 MB to a process's
 * memory, which a shop process that only sells (a sale day's, or a second process's) never needs
 * (ADR 117). One libvips thread per image and no operation cache (no image is read twice): with the
 * queue below, uploads use at most one core, and the rest of the shop keeps the other (ADR 048). A
 * load that fails is an error of that image, and the next image tries again.
 */
export function libvips(): Promise<Sharp> {
  loaded ??= import('sharp').then(
    ({ default: sharp }: { default: Sharp }) => {
      sharp.concurrency(1)
      sharp.cache(false)
      return sharp
    },
    (error: unknown) => {
      loaded = undefined
      console.error('sharp (libvips) could not be loaded: images cannot be read', error)
      throw error
    },
  )
  return loaded
}

let queue: Promise<unknown> = Promise.resolve()
/** The encodings under way (or waiting), by their file names. */
const encoding = new Map<string, Promise<EncodedImage>>()

/**
 * Runs image work one job at a time in this process: four uploads at once take four times as long,
 * not four times the memory, and never more than one core.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work)
  queue = run.catch(() => undefined)
  return run
}

async function encodeOnce(input: Buffer, { widths, names, webp, maxInputPixels }: EncodeJob): Promise<EncodedImage> {
  const largestWidth = widths[widths.length - 1] as number
  const sharp = await libvips()
  // Decoded once, to the largest width (JPEG and WebP shrink while they load); each smaller width is made from that.
  const { data, info } = await sharp(input, { limitInputPixels: maxInputPixels, pages: 1, sequentialRead: true })
    .rotate()
    .resize({ width: largestWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const files: ImageFile[] = []
  for (const [i, width] of widths.entries()) {
    files.push({ name: names[i] as string, content: await sharp(data, raw).resize({ width, withoutEnlargement: true }).webp(webp).toBuffer() })
  }
  return { width: info.width, height: info.height, files }
}

export const sharpCodec: ImageCodec = {
  async readHeader(input) {
    const sharp = await libvips()
    try {
      const meta = await sharp(input).metadata()
      if (!meta.width || !meta.height) return null
      return {
        format: meta.format,
        compression: meta.compression,
        width: meta.width,
        height: meta.height,
        orientation: meta.orientation ?? 1,
        decode: estimateDecode(meta, input),
      }
    } catch {
      return null
    }
  },

  encode(input, job) {
    // The same bytes arriving several times at once are encoded once.
    const key = job.names.join(' ')
    const pending = encoding.get(key)
    if (pending) return pending
    const encoded = oneAtATime(() => encodeOnce(input, job)).finally(() => encoding.delete(key))
    encoding.set(key, encoded)
    return encoded
  },

  async sizeOf(image) {
    const sharp = await libvips()
    const meta = await sharp(image).metadata()
    return { width: meta.width ?? 0, height: meta.height ?? 0 }
  },

  async resize(image: Buffer, width: number, webp: WebpOptions) {
    const sharp = await libvips()
    return sharp(image).resize({ width, withoutEnlargement: true }).webp(webp).toBuffer()
  },
}
