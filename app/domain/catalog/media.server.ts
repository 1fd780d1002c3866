// The image pipeline: sniff, bound, auto-rotate, strip metadata, resize to standard widths as WebP,
// and store under content-addressed names in the database (stored_files) and the uploads directory,
// which is each process's cache of them: a file missing there is fetched from the database
// (cachedStoredFile), so any process on any machine serves any image (ADR 040).
// Uploads are untrusted: each image is judged by its header (pixels, format, the work it will take)
// before a pixel is decoded, decoded once, and encoded one image at a time (ADR 048).
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import sharp, { type Metadata } from 'sharp'
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import { IMAGE_WIDTHS, imageUrl, parseUploadUrl } from '~/lib/images'
import { DomainError, Invalid } from '../errors'

// One libvips thread per image and no operation cache (no image is read twice): with the queue
// below, uploads use at most one core, and the rest of the shop keeps the other (ADR 048).
sharp.concurrency(1)
sharp.cache(false)

/**
 * Quality 65: a fifth fewer bytes than 78 for the same picture (0.4 dB PSNR, nothing to see at a
 * phone's 2x), so a fifth less time before a slow phone paints its main picture. Effort 6 would save
 * 6% more for a third more encoding time (docs/decisions/045-one-main-picture-and-lighter-webp.md).
 */
const WEBP_OPTIONS = { quality: 65, effort: 4 }
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** 25 megapixels (6000 x 4000 and a little more): a 24 MP camera, any phone's usual 12 MP; refused from the header. */
const MAX_INPUT_PIXELS = 25_000_000
/** What decoding may hold at once (an AVIF, a progressive JPEG or an interlaced PNG is decoded whole). */
const MAX_DECODE_BYTES = 200 * 1024 * 1024
/** WebP's largest side. */
const WEBP_MAX_SIDE = 16_383
const NOT_AN_IMAGE = 'This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).'

/**
 * What an image is for. The shop's pictures are seen by every shopper at up to 1280 px. A
 * visitor's reference photo (a custom-order request) is seen by the studio only: up to 800 px,
 * encoded at the cheapest effort (same bytes at quality 65, a third of the time), and the photos of
 * one anonymous post may together take at most `requestMs` of estimated work (ADR 048).
 */
export type ImagePurpose = 'shop' | 'reference'

/**
 * Per purpose: the largest width and the pixels of the largest file (a 2:3 portrait keeps the
 * largest width, a taller picture gets a narrower one), the encoder's options and its cost per
 * megapixel of the largest file (every smaller width included, noise measured), and the estimated
 * work allowed per image and per request.
 */
const PURPOSES = {
  shop: { maxWidth: 1280, maxPixels: 1280 * 1920, webp: WEBP_OPTIONS, encodeMsPerMegapixel: 550, imageMs: 2500, requestMs: Number.POSITIVE_INFINITY },
  reference: { maxWidth: 800, maxPixels: 640 * 960, webp: { quality: 65, effort: 0 }, encodeMsPerMegapixel: 240, imageMs: 750, requestMs: 750 },
} as const

export interface StoredImage {
  /** Url of the largest stored width, e.g. /uploads/ab12…-1280.webp */
  url: string
  width: number
  height: number
}

/** An image encoded and not yet stored: saveImages stores it once the request as a whole is accepted. */
export interface PreparedImage extends StoredImage {
  files: { name: string; content: Buffer }[]
}

function invalidImage(message: string): Invalid {
  return new Invalid({ my_file: [message] }, message)
}

type Format = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif'

/** The format the first bytes name; only these ever reach libvips (a text file or an SVG never does). */
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

/**
 * The scans of a JPEG: a progressive decoder passes over every pixel once per scan, and a valid
 * file may have a thousand (a camera's has 1, an encoder's progressive one about 10).
 */
function jpegScans(input: Buffer): number {
  let scans = 0
  let at = 2
  while (at + 3 < input.length) {
    at = input.indexOf(0xff, at)
    if (at < 0 || at + 3 >= input.length) break
    const marker = input[at + 1] as number
    // Fill bytes, stuffed zeros and restart markers inside entropy-coded data carry no length.
    if (marker === 0xff || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += marker === 0xff ? 1 : 2
      continue
    }
    if (marker === 0xd9) break
    if (marker === 0xda) scans++
    at += 2 + input.readUInt16BE(at + 2)
  }
  return scans
}

/**
 * What decoding costs, per format and variant, measured with this sharp (libvips 8.18, libaom) on the
 * shop's 2-core machine with the costliest content (noise) and shapes: CPU per megapixel and per
 * megabyte of the file (entropy decoding), and the bytes per pixel held at once by decoders that
 * cannot stream (ADR 048 has the figures).
 */
interface DecodeCost {
  label: string
  msPerMegapixel: number
  msPerMegabyte: number
  heldBytesPerPixel: number
}

function decodeCost(meta: Metadata, input: Buffer): DecodeCost {
  const deep = (meta.bitsPerSample ?? 8) > 8
  switch (meta.format) {
    case 'jpeg':
      // Shrink-on-load makes a baseline JPEG cheap; a progressive one keeps every coefficient.
      return meta.isProgressive
        ? { label: 'progressive JPEG', msPerMegapixel: 12 + 0.2 * jpegScans(input), msPerMegabyte: 35, heldBytesPerPixel: 8 }
        : { label: 'JPEG', msPerMegapixel: 3, msPerMegabyte: 20, heldBytesPerPixel: 0 }
    case 'png':
      // An interlaced PNG is decoded whole; interlacing or 16 bits a sample cost eight times the work.
      return {
        label: 'PNG',
        msPerMegapixel: meta.isProgressive || deep ? 40 : 5,
        msPerMegabyte: 10,
        heldBytesPerPixel: meta.isProgressive ? (meta.channels ?? 4) * (deep ? 2 : 1) : 0,
      }
    case 'webp':
      return { label: 'WebP image', msPerMegapixel: 6, msPerMegabyte: 120, heldBytesPerPixel: (meta.pages ?? 1) > 1 ? 4 : 0 }
    case 'gif':
      return { label: 'GIF', msPerMegapixel: 16, msPerMegabyte: 5, heldBytesPerPixel: 6 }
    default:
      // AVIF (libaom): the costliest by far, and decoded whole.
      return deep
        ? { label: 'AVIF image', msPerMegapixel: 100, msPerMegabyte: 300, heldBytesPerPixel: 28 }
        : { label: 'AVIF image', msPerMegapixel: 60, msPerMegabyte: 300, heldBytesPerPixel: 20 }
  }
}

/** What the header of an image says preparing it will take: planned before a pixel is decoded. */
interface ImagePlan {
  /** The standard widths to store, smallest first. */
  widths: number[]
  /** Estimated CPU milliseconds on the shop's 2-core machine: decoding plus encoding every width. */
  costMs: number
}

/**
 * Reads an image's header (never its pixels) and plans its widths for `purpose`; throws Invalid
 * (the message says why and what to send instead) for anything the pipeline will not decode.
 */
async function planImage(input: Buffer, purpose: ImagePurpose): Promise<ImagePlan> {
  if (input.byteLength === 0) throw invalidImage('Please choose an image file.')
  if (input.byteLength > MAX_UPLOAD_BYTES) throw invalidImage('Images can be at most 10 MB.')
  const sniffed = sniffFormat(input)
  if (!sniffed) throw invalidImage(NOT_AN_IMAGE)
  let meta: Metadata
  try {
    meta = await sharp(input).metadata()
  } catch {
    throw invalidImage(NOT_AN_IMAGE)
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw invalidImage(NOT_AN_IMAGE)
  // An iPhone's HEIC (HEVC inside) cannot be decoded here; AVIF (AV1 inside) can.
  if (meta.format === 'heif' && meta.compression !== 'av1') {
    throw invalidImage('HEIC photos cannot be read here. Please send a JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible).')
  }
  const pixels = meta.width * meta.height
  if (pixels > MAX_INPUT_PIXELS) {
    throw invalidImage(`This image has too many pixels (${Math.round(pixels / 1e6)} megapixels; at most ${MAX_INPUT_PIXELS / 1e6}). Please send a smaller copy.`)
  }

  // EXIF orientations 5 to 8 turn the picture a quarter: its stored width is the input's height.
  const turned = (meta.orientation ?? 1) >= 5
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height
  const output = PURPOSES[purpose]
  const outputHeight = (w: number) => Math.ceil((height * Math.min(w, width)) / width)
  const fits = (w: number) => Math.min(w, width) * outputHeight(w) <= output.maxPixels && outputHeight(w) <= WEBP_MAX_SIDE
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= output.maxWidth && w <= width && fits(w))
  if (widths.length === 0) {
    if (!fits(IMAGE_WIDTHS[0])) throw invalidImage('This image is too tall for its width. Please crop it, or send another.')
    widths.push(IMAGE_WIDTHS[0])
  }

  const decode = decodeCost(meta, input)
  const largest = widths[widths.length - 1] as number
  const costMs =
    (pixels / 1e6) * decode.msPerMegapixel +
    (input.byteLength / (1024 * 1024)) * decode.msPerMegabyte +
    ((Math.min(largest, width) * outputHeight(largest)) / 1e6) * output.encodeMsPerMegapixel
  const decodeBytes = pixels * decode.heldBytesPerPixel
  if (costMs > output.imageMs || decodeBytes > MAX_DECODE_BYTES) {
    throw invalidImage(`This ${decode.label} is too large for us to process. Please send a smaller copy, or a JPEG.`)
  }
  return { widths, costMs }
}

let queue: Promise<unknown> = Promise.resolve()
/** The encodings under way (or waiting), by their file names. */
const encoding = new Map<string, Promise<PreparedImage>>()

/**
 * Runs image work one job at a time in this process: four uploads at once take four times as long,
 * not four times the memory, and never more than one core.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work)
  queue = run.catch(() => undefined)
  return run
}

/**
 * Prepares an image for `purpose` without storing it: planned from its header first (throws
 * Invalid, with nothing decoded, for anything refused), then decoded once and encoded at every
 * width. Identical inputs share their files: ones already stored (in the database, or on the disk of
 * `uploadsDir`) are read back, not encoded again.
 */
export async function prepareImage(db: DB, input: Buffer, purpose: ImagePurpose = 'shop', uploadsDir?: string): Promise<PreparedImage> {
  return encodeImage(db, input, purpose, await planImage(input, purpose), uploadsDir)
}

async function encodeImage(db: DB, input: Buffer, purpose: ImagePurpose, { widths }: ImagePlan, uploadsDir?: string): Promise<PreparedImage> {
  // A reference photo is encoded more cheaply: it must not share names with the shop's copy of the same bytes.
  const hash = createHash('sha256')
    .update(purpose === 'reference' ? 'reference:' : '')
    .update(input)
    .digest('hex')
    .slice(0, 32)
  const base = `/uploads/${hash}`
  const names = widths.map((width) => `${hash}-${width}.webp`)
  const largestWidth = widths[widths.length - 1] as number

  // The same bytes were stored before (here or by another process): encoding them again is waste.
  // Their bytes come along, so that saving stores them again should the sweep of unused uploads take
  // them meanwhile.
  const stored = await db.selectFrom('stored_files').select(['name', 'content']).where('name', 'in', names).execute()
  if (stored.length === names.length) {
    const files = names.map((name) => ({ name, content: Buffer.from(stored.find((row) => row.name === name)?.content as Buffer) }))
    const meta = await sharp(files[files.length - 1]?.content).metadata()
    return { url: imageUrl(base, largestWidth), width: meta.width ?? 0, height: meta.height ?? 0, files }
  }
  // Files an earlier version (or another database's shop, as the demo seed) wrote to this disk: their bytes as they are.
  const onDisk = uploadsDir ? names.map((name) => join(uploadsDir, name)) : []
  if (onDisk.length > 0 && onDisk.every((file) => existsSync(file))) {
    const files = await Promise.all(names.map(async (name, i) => ({ name, content: await readFile(onDisk[i] as string) })))
    const meta = await sharp(files[files.length - 1]?.content).metadata()
    return { url: imageUrl(base, largestWidth), width: meta.width ?? 0, height: meta.height ?? 0, files }
  }
  // The same bytes arriving several times at once are encoded once.
  const key = names.join(' ')
  const pending = encoding.get(key)
  if (pending) return pending
  const webp = PURPOSES[purpose].webp
  const encoded = oneAtATime(async () => {
    // Decoded once, to the largest width (JPEG and WebP shrink while they load); each smaller width is made from that.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, sequentialRead: true })
      .rotate()
      .resize({ width: largestWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
    const files: PreparedImage['files'] = []
    for (const [i, width] of widths.entries()) {
      files.push({ name: names[i] as string, content: await sharp(data, raw).resize({ width, withoutEnlargement: true }).webp(webp).toBuffer() })
    }
    return { url: imageUrl(base, largestWidth), width: info.width, height: info.height, files }
  })
    .catch((): never => {
      throw invalidImage('This image could not be processed. Please try another file.')
    })
    .finally(() => encoding.delete(key))
  encoding.set(key, encoded)
  return encoded
}

/**
 * Stores prepared images: in the database first (a url is handed out only once every process can
 * serve it), then in this process's disk cache. Resolves to their urls and sizes, in order.
 */
export async function saveImages(db: DB, uploadsDir: string, images: readonly PreparedImage[]): Promise<StoredImage[]> {
  for (const image of images) await saveFiles(db, image.files)
  await mkdir(uploadsDir, { recursive: true })
  for (const { files } of images) {
    for (const { name, content } of files) {
      const file = join(uploadsDir, name)
      if (!existsSync(file)) await writeAtomically(file, content)
    }
  }
  return images.map(({ url, width, height }) => ({ url, width, height }))
}

/**
 * Stores an image; resolves to its url. Throws Invalid (nothing written) when the bytes are not an
 * image the pipeline takes. Identical uploads share their files.
 */
export async function storeImage(db: DB, input: Buffer, uploadsDir: string, purpose: ImagePurpose = 'shop'): Promise<StoredImage> {
  const [stored] = await saveImages(db, uploadsDir, [await prepareImage(db, input, purpose, uploadsDir)])
  return stored as StoredImage
}

/**
 * Uploads stored before a width joined IMAGE_WIDTHS lack that width, which their srcset now names:
 * each missing width is made from the next larger stored file. Runs at start; a directory with
 * nothing missing costs one readdir. Resolves to the number of files written.
 */
export async function fillMissingWidths(uploadsDir: string): Promise<number> {
  const fileOf = (base: string, width: number) => join(uploadsDir, basename(imageUrl(base, width)))
  const stored = new Map<string, Set<number>>()
  for (const name of await readdir(uploadsDir).catch(() => [] as string[])) {
    const upload = parseUploadUrl(`/uploads/${name}`)
    if (upload) stored.set(upload.base, (stored.get(upload.base) ?? new Set()).add(upload.width))
  }
  let written = 0
  for (const [base, widths] of stored) {
    const have = [...widths].sort((a, b) => a - b)
    const largest = have[have.length - 1] ?? 0
    for (const width of IMAGE_WIDTHS) {
      if (width >= largest || widths.has(width)) continue
      const source = have.find((w) => w > width) as number
      try {
        const data = await sharp(fileOf(base, source)).resize({ width, withoutEnlargement: true }).webp(WEBP_OPTIONS).toBuffer()
        await writeAtomically(fileOf(base, width), data)
        written++
      } catch (error) {
        console.error(`Could not make the ${width} px copy of upload ${base}`, error)
      }
    }
  }
  return written
}

/** Keeps files in stored_files; a name already there keeps its bytes (names are content hashes). */
async function saveFiles(db: DB, files: { name: string; content: Buffer }[]): Promise<void> {
  for (const file of files) {
    await db.insertInto('stored_files').values(file).onConflict((oc) => oc.column('name').doNothing()).execute()
  }
}

/** A file name under /uploads the pipeline makes (`<hash>-<width>.webp`), or null. */
function uploadName(name: string): string | null {
  return parseUploadUrl(`/uploads/${name}`) ? name : null
}

/**
 * The path of an upload in this process's disk cache: when the file is not there, its bytes come
 * from the database and are written there first. Null when no such upload exists (a 404).
 */
export async function cachedStoredFile(db: DB, uploadsDir: string, name: string): Promise<string | null> {
  if (!uploadName(name)) return null
  const file = join(uploadsDir, name)
  if (existsSync(file)) return file
  const row = await db.selectFrom('stored_files').select('content').where('name', '=', name).executeTakeFirst()
  if (!row) return null
  await mkdir(uploadsDir, { recursive: true })
  await writeAtomically(file, Buffer.from(row.content))
  return file
}

/**
 * Upload files on this disk that the database does not hold yet (written before images were kept
 * in the database, or by fillMissingWidths): stored there. Runs at start; resolves to their number.
 */
export async function storeDiskUploads(db: DB, uploadsDir: string): Promise<number> {
  const names = (await readdir(uploadsDir).catch(() => [] as string[])).filter((name) => uploadName(name))
  if (names.length === 0) return 0
  const known = new Set((await db.selectFrom('stored_files').select('name').execute()).map((r) => r.name))
  let stored = 0
  for (const name of names) {
    if (known.has(name)) continue
    await saveFiles(db, [{ name, content: await readFile(join(uploadsDir, name)) }])
    stored++
  }
  return stored
}

/** Write beside, then rename: a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temp, data)
  await rename(temp, file)
}

/** 413: the upload is over the size limit. */
export class UploadTooLarge extends DomainError {
  override readonly status = 413
  constructor() {
    super('Images can be at most 10 MB.')
  }
}

/**
 * Stores the `my_file` image of a multipart request: 400 when there is no file or it is not an
 * image, 413 when it is too large (from its size, before its bytes are read). Nothing is written
 * on failure.
 */
export async function storeUploadedFile(db: DB, file: FormDataEntryValue | null, uploadsDir: string): Promise<StoredImage> {
  if (file === null || typeof file === 'string' || file.size === 0) {
    throw new Invalid({ my_file: ['Please choose an image file.'] })
  }
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadTooLarge()
  return storeImage(db, Buffer.from(await file.arrayBuffer()), uploadsDir)
}

/** A file's name for a message: short, so a long file name cannot crowd out the message. */
function fileLabel(file: File): string {
  const name = file.name.trim() || 'A photo'
  return name.length > 60 ? `${name.slice(0, 57)}…` : name
}

/**
 * Prepares the image files of one form post for `purpose`, storing nothing (saveImages does, once
 * the post as a whole is accepted). Every file's header is read before any file is decoded, so a
 * bad file is refused (named in the message, under `my_file`) at the cost of reading headers; the
 * files' estimated work together must fit the purpose's budget; then each is decoded once and
 * encoded, one image at a time in this process. 413 (UploadTooLarge) for a file over 10 MB.
 */
export async function prepareUploadedFiles(db: DB, files: readonly File[], purpose: ImagePurpose): Promise<PreparedImage[]> {
  const named = async <T>(file: File, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (error instanceof Invalid) throw invalidImage(`${fileLabel(file)}: ${error.message}`)
      throw error
    }
  }
  if (files.some((file) => file.size > MAX_UPLOAD_BYTES)) throw new UploadTooLarge()
  const inputs = await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer())))
  const plans: ImagePlan[] = []
  for (const [i, file] of files.entries()) plans.push(await named(file, () => planImage(inputs[i] as Buffer, purpose)))
  if (plans.reduce((sum, plan) => sum + plan.costMs, 0) > PURPOSES[purpose].requestMs) {
    throw invalidImage('These photos are too large for us to process together. Please send fewer or smaller photos (JPEG works best).')
  }
  const prepared: PreparedImage[] = []
  for (const [i, file] of files.entries()) prepared.push(await named(file, () => encodeImage(db, inputs[i] as Buffer, purpose, plans[i] as ImagePlan)))
  return prepared
}

/** How long a stored image may wait for a row to use it: the upload API hands out a url that a product form saves later. */
const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the stored images nothing uses, a day after they were stored: those of a form that was
 * refused after its images were saved, or of an upload never saved in a product. Used means named
 * (at any width) by a product picture, an order line, a banner or a custom request's photo. Also
 * removes this disk's cached files the database no longer holds. Runs in tidy(); resolves to the
 * number of files deleted from the database.
 */
export async function deleteUnusedUploads(db: DB, uploadsDir: string, now: Date = new Date()): Promise<number> {
  const cutoff = now.getTime() - UNUSED_UPLOAD_GRACE_MS
  const urls = await db
    .selectFrom('product_images')
    .select('url')
    .union(db.selectFrom('order_lines').select('image as url'))
    .union(db.selectFrom('feature_images').select('image as url'))
    .union(db.selectFrom('custom_request_photos').select('image_url as url'))
    .execute()
  const used = new Set(urls.map(({ url }) => parseUploadUrl(url)?.base))
  const old = await db.selectFrom('stored_files').select('name').where('created_at', '<', new Date(cutoff).toISOString()).execute()
  const unused = old.map((row) => row.name).filter((name) => {
    const upload = parseUploadUrl(`/uploads/${name}`)
    return upload !== null && !used.has(upload.base)
  })
  if (unused.length > 0) await db.deleteFrom('stored_files').where(inJsonList('name', unused)).execute()

  const held = new Set((await db.selectFrom('stored_files').select('name').execute()).map((row) => row.name))
  for (const name of await readdir(uploadsDir).catch(() => [] as string[])) {
    if (!uploadName(name) || held.has(name)) continue
    // A file this old is no upload in progress (those are in the database before they are on disk).
    const file = join(uploadsDir, name)
    const modified = await stat(file).then((s) => s.mtimeMs, () => now.getTime())
    if (modified < cutoff) await rm(file, { force: true })
  }
  return unused.length
}
