// The image pipeline: sniff, bound, auto-rotate, strip metadata, resize to standard widths as WebP,
// and store under content-addressed names in the database (stored_files) and the uploads directory,
// which is each process's cache of them: a file missing there is fetched from the database
// (cachedStoredFile), so any process on any machine serves any image (ADR 040).
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import sharp, { type Metadata } from 'sharp'
import type { DB } from '../../db/database'
import { IMAGE_WIDTHS, imageUrl, parseUploadUrl } from '~/lib/images'
import { DomainError, Invalid } from './errors'

/**
 * Quality 65: a fifth fewer bytes than 78 for the same picture (0.4 dB PSNR, nothing to see at a
 * phone's 2x), so a fifth less time before a slow phone paints its main picture. Effort 6 would save
 * 6% more for a third more encoding time (docs/decisions/045-one-main-picture-and-lighter-webp.md).
 */
const WEBP_OPTIONS = { quality: 65, effort: 4 }
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** 40 megapixels: well above any phone camera, far below a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif'])

export interface StoredImage {
  /** Url of the largest stored width, e.g. /uploads/ab12…-1280.webp */
  url: string
  width: number
  height: number
}

function invalidImage(message: string): Invalid {
  return new Invalid({ my_file: [message] }, message)
}

/**
 * Stores an uploaded image; resolves to its url. Throws Invalid (nothing written) when the
 * bytes are not an accepted image. Identical uploads share their files.
 */
export async function storeImage(db: DB, input: Buffer, uploadsDir: string): Promise<StoredImage> {
  if (input.byteLength === 0) throw invalidImage('Please choose an image file.')
  if (input.byteLength > MAX_UPLOAD_BYTES) throw invalidImage('Images can be at most 10 MB.')

  let metadata: Metadata
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch {
    throw invalidImage('This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).')
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw invalidImage('This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).')
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw invalidImage('This image has too many pixels (at most 40 megapixels).')
  }

  const hash = createHash('sha256').update(input).digest('hex').slice(0, 32)
  const base = `/uploads/${hash}`
  // EXIF orientations 5 to 8 turn the picture a quarter: its stored width is the input's height.
  const orientedWidth = (metadata.orientation ?? 1) >= 5 ? (metadata.height ?? 0) : (metadata.width ?? 0)
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= orientedWidth)
  if (widths.length === 0) widths.push(IMAGE_WIDTHS[0])
  const names = widths.map((width) => `${hash}-${width}.webp`)
  const files = names.map((name) => join(uploadsDir, name))
  const largestWidth = widths[widths.length - 1] as number
  const largestName = names[names.length - 1] as string

  // The same bytes were stored before (here or by another process): encoding them again is waste.
  const stored = await db.selectFrom('stored_files').select('name').where('name', 'in', names).execute()
  if (stored.length === names.length) {
    const largest = await db.selectFrom('stored_files').select('content').where('name', '=', largestName).executeTakeFirstOrThrow()
    const meta = await sharp(largest.content).metadata()
    return { url: imageUrl(base, largestWidth), width: meta.width ?? 0, height: meta.height ?? 0 }
  }
  // Files an earlier version wrote to this disk only: into the database as they are.
  if (files.every((file) => existsSync(file))) {
    await saveFiles(db, await Promise.all(names.map(async (name, i) => ({ name, content: await readFile(files[i] as string) }))))
    const meta = await sharp(files[files.length - 1] as string).metadata()
    return { url: imageUrl(base, largestWidth), width: meta.width ?? 0, height: meta.height ?? 0 }
  }

  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).rotate()
  let outputs: { width: number; actualWidth: number; height: number; data: Buffer }[]
  try {
    outputs = await Promise.all(
      widths.map(async (width) => {
        const { data, info: out } = await pipeline
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp(WEBP_OPTIONS)
          .toBuffer({ resolveWithObject: true })
        return { width, actualWidth: out.width, height: out.height, data }
      }),
    )
  } catch {
    throw invalidImage('This image could not be processed. Please try another file.')
  }

  // The database first: a url is handed out only once every process can serve it.
  await saveFiles(db, outputs.map((output) => ({ name: `${hash}-${output.width}.webp`, content: output.data })))
  await mkdir(uploadsDir, { recursive: true })
  for (const output of outputs) {
    const file = join(uploadsDir, `${hash}-${output.width}.webp`)
    if (existsSync(file)) continue
    await writeAtomically(file, output.data)
  }
  const largest = outputs[outputs.length - 1] as (typeof outputs)[number]
  return { url: imageUrl(base, largest.width), width: largest.actualWidth, height: largest.height }
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

