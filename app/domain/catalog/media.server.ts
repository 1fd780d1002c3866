// Images as the shop keeps them: content-addressed WebP files at the standard widths, recorded in
// the database (stored_files) and cached by each process in its image store, which fetches a file
// it lacks from the database (cachedStoredFile), so any process on any machine serves any image
// (ADR 040). What an upload may be is image-plan.server.ts; the decoding and the disk are the
// image store's (image-store.ts, ADR 054).
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { DB } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import { IMAGE_MESSAGES, IMAGE_WIDTHS, imageUrl, MAX_UPLOAD_BYTES, parseUploadUrl } from '~/lib/images'
import { DomainError, Invalid } from '~/domain/errors'
import { checkRequestCost, type ImagePlan, type ImagePurpose, invalidImage, MAX_INPUT_PIXELS, PURPOSES, planImage } from './image-plan.server'
import type { ImageFile, ImageFileCache, ImageStore } from './image-store'

export type { ImagePurpose } from './image-plan.server'

export interface StoredImage {
  /** Url of the largest stored width, e.g. /uploads/ab12…-1280.webp */
  url: string
  width: number
  height: number
}

/** An image encoded and not yet stored: saveImages stores it once the request as a whole is accepted. */
export interface PreparedImage extends StoredImage {
  files: ImageFile[]
}

/** The file name of an upload's width: `<hash>-<width>.webp`, its url without `/uploads/`. */
function fileName(base: string, width: number): string {
  return imageUrl(base, width).slice('/uploads/'.length)
}

/**
 * Prepares an image for `purpose` without storing it: planned from its header first (throws
 * Invalid, with nothing decoded, for anything refused), then decoded once and encoded at every
 * width. Identical inputs share their files: ones already stored (in the database, or in the
 * store's cache) are read back, not encoded again.
 */
export async function prepareImage(db: DB, store: ImageStore, input: Buffer, purpose: ImagePurpose = 'shop'): Promise<PreparedImage> {
  return encodeImage(db, store, input, purpose, await planImage(store, input, purpose))
}

async function encodeImage(db: DB, store: ImageStore, input: Buffer, purpose: ImagePurpose, { widths }: ImagePlan): Promise<PreparedImage> {
  // A reference photo is encoded more cheaply: it must not share names with the shop's copy of the same
  // bytes; a return's photo is private (ADR 101): it shares names with nobody's public copy.
  const hash = createHash('sha256')
    .update(purpose === 'shop' ? '' : `${purpose}:`)
    .update(input)
    .digest('hex')
    .slice(0, 32)
  const base = `/uploads/${hash}`
  const names = widths.map((width) => fileName(base, width))
  const largestWidth = widths[widths.length - 1] as number
  const url = imageUrl(base, largestWidth)

  // The same bytes were stored before (here or by another process): encoding them again is waste.
  // Their bytes come along, so that saving stores them again should the sweep of unused uploads take
  // them meanwhile.
  const stored = await db.selectFrom('stored_files').select(['name', 'content']).where('name', 'in', names).execute()
  if (stored.length === names.length) {
    const files = names.map((name) => ({ name, content: Buffer.from(stored.find((row) => row.name === name)?.content as Buffer) }))
    return { url, ...(await store.sizeOf(files[files.length - 1]?.content as Buffer)), files }
  }
  // Files an earlier version (or another database's shop, as the demo seed) cached: their bytes as they are.
  const cached = await Promise.all(names.map((name) => store.pathOf(name)))
  if (cached.every((path) => path !== null)) {
    const files = await Promise.all(names.map(async (name) => ({ name, content: await store.read(name) })))
    return { url, ...(await store.sizeOf(files[files.length - 1]?.content as Buffer)), files }
  }
  try {
    const encoded = await store.encode(input, { widths, names, webp: PURPOSES[purpose].webp, maxInputPixels: MAX_INPUT_PIXELS })
    return { url, ...encoded }
  } catch {
    throw invalidImage(IMAGE_MESSAGES.notProcessed)
  }
}

/**
 * Stores prepared images: in the database first (a url is handed out only once every process can
 * serve it), then in this process's cache. Resolves to their urls and sizes, in order.
 */
export async function saveImages(db: DB, store: ImageStore, images: readonly PreparedImage[]): Promise<StoredImage[]> {
  for (const image of images) await saveFiles(db, image.files)
  await store.write(images.flatMap((image) => image.files))
  return images.map(({ url, width, height }) => ({ url, width, height }))
}

/**
 * Stores an image; resolves to its url. Throws Invalid (nothing written) when the bytes are not an
 * image the pipeline takes. Identical uploads share their files.
 */
export async function storeImage(db: DB, store: ImageStore, input: Buffer, purpose: ImagePurpose = 'shop'): Promise<StoredImage> {
  const [stored] = await saveImages(db, store, [await prepareImage(db, store, input, purpose)])
  return stored as StoredImage
}

/**
 * Uploads stored before a width joined IMAGE_WIDTHS lack that width, which their srcset now names:
 * each missing width is made from the next larger cached file. Runs at start; a cache with nothing
 * missing costs one listing. Resolves to the number of files written.
 */
export async function fillMissingWidths(store: ImageStore): Promise<number> {
  const stored = new Map<string, Set<number>>()
  for (const name of await store.names()) {
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
        const content = await store.resize(await store.read(fileName(base, source)), width, PURPOSES.shop.webp)
        await store.write([{ name: fileName(base, width), content }])
        written++
      } catch (error) {
        console.error(`Could not make the ${width} px copy of upload ${base}`, error)
      }
    }
  }
  return written
}

/**
 * Stores prepared images in the database only, inside the caller's transaction, so that they are kept
 * exactly when the caller's rows are (a return's photos, ADR 101). Processes cache them when served.
 */
export async function saveImageRows(trx: DB, images: readonly PreparedImage[]): Promise<void> {
  for (const image of images) await saveFiles(trx, image.files)
}

/** Keeps files in stored_files; a name already there keeps its bytes (names are content hashes). */
async function saveFiles(db: DB, files: readonly ImageFile[]): Promise<void> {
  for (const file of files) {
    await db.insertInto('stored_files').values(file).onConflict((oc) => oc.column('name').doNothing()).execute()
  }
}

/** A file name under /uploads the pipeline makes (`<hash>-<width>.webp`), or null. */
function uploadName(name: string): string | null {
  return parseUploadUrl(`/uploads/${name}`) ? name : null
}

/**
 * Where an upload is in this process's cache: when it is not there, its bytes come from the
 * database and are cached first. Null when no such upload exists (a 404).
 */
export async function cachedStoredFile(db: DB, store: ImageStore, name: string): Promise<string | null> {
  if (!uploadName(name)) return null
  const cached = await store.pathOf(name)
  if (cached) return cached
  // A return's photo is never cached and never public (ADR 101): its order's pages serve it.
  if (await isPrivateUpload(db, name)) return null
  const row = await db.selectFrom('stored_files').select('content').where('name', '=', name).executeTakeFirst()
  if (!row) return null
  await store.write([{ name, content: Buffer.from(row.content) }])
  return store.pathOf(name)
}

/** A stored file of a photo only its order's shopper and the admin may see (a return's, ADR 101). */
export async function isPrivateUpload(db: DB, name: string): Promise<boolean> {
  const upload = parseUploadUrl(`/uploads/${name}`)
  if (!upload) return false
  const row = await db.selectFrom('return_photos').select('return_id').where('image_url', 'like', `${upload.base}-%`).executeTakeFirst()
  return row !== undefined
}

/**
 * Upload files in this process's cache that the database does not hold yet (written before images
 * were kept in the database, or by fillMissingWidths): stored there. Runs at start; resolves to
 * their number.
 */
export async function storeDiskUploads(db: DB, store: ImageStore): Promise<number> {
  const names = (await store.names()).filter((name) => uploadName(name))
  if (names.length === 0) return 0
  const known = new Set((await db.selectFrom('stored_files').select('name').execute()).map((r) => r.name))
  let stored = 0
  for (const name of names) {
    if (known.has(name)) continue
    await saveFiles(db, [{ name, content: await store.read(name) }])
    stored++
  }
  return stored
}

/** 413: the upload is over the size limit. */
export class UploadTooLarge extends DomainError {
  override readonly status = 413
  constructor() {
    super(IMAGE_MESSAGES.tooLarge)
  }
}

/**
 * Stores the `my_file` image of a multipart request: 400 when there is no file or it is not an
 * image, 413 when it is too large (from its size, before its bytes are read). Nothing is written
 * on failure.
 */
export async function storeUploadedFile(db: DB, store: ImageStore, file: FormDataEntryValue | null): Promise<StoredImage> {
  if (file === null || typeof file === 'string' || file.size === 0) {
    throw new Invalid({ my_file: [IMAGE_MESSAGES.chooseFile] })
  }
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadTooLarge()
  return storeImage(db, store, Buffer.from(await file.arrayBuffer()))
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
 * encoded, one image at a time in this process. 413 (UploadTooLarge) for a file over the limit.
 */
export async function prepareUploadedFiles(db: DB, store: ImageStore, files: readonly File[], purpose: ImagePurpose): Promise<PreparedImage[]> {
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
  for (const [i, file] of files.entries()) plans.push(await named(file, () => planImage(store, inputs[i] as Buffer, purpose)))
  checkRequestCost(plans, purpose)
  const prepared: PreparedImage[] = []
  for (const [i, file] of files.entries()) prepared.push(await named(file, () => encodeImage(db, store, inputs[i] as Buffer, purpose, plans[i] as ImagePlan)))
  return prepared
}

/** How long a stored image may wait for a row to use it: the upload API hands out a url that a product form saves later. */
const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the stored images nothing uses, a day after they were stored: those of a form that was
 * refused after its images were saved, or of an upload never saved in a product. Used means named
 * (at any width) by a product picture, an order line, a banner, a custom request's photo or a return's. Also
 * removes this process's cached files the database no longer holds. Runs in tidy(); resolves to the
 * number of files deleted from the database.
 */
export async function deleteUnusedUploads(db: DB, store: ImageStore, now: Date = new Date()): Promise<number> {
  const cutoff = now.getTime() - UNUSED_UPLOAD_GRACE_MS
  const urls = await db
    .selectFrom('product_images')
    .select('url')
    .union(db.selectFrom('order_lines').select('image as url'))
    .union(db.selectFrom('feature_images').select('image as url'))
    .union(db.selectFrom('custom_request_photos').select('image_url as url'))
    .union(db.selectFrom('return_photos').select('image_url as url'))
    .execute()
  const used = new Set(urls.map(({ url }) => parseUploadUrl(url)?.base))
  const old = await db.selectFrom('stored_files').select('name').where('created_at', '<', new Date(cutoff).toISOString()).execute()
  const unused = old.map((row) => row.name).filter((name) => {
    const upload = parseUploadUrl(`/uploads/${name}`)
    return upload !== null && !used.has(upload.base)
  })
  if (unused.length > 0) await db.deleteFrom('stored_files').where(inJsonList('name', unused)).execute()

  const held = new Set((await db.selectFrom('stored_files').select('name').execute()).map((row) => row.name))
  for (const name of await store.names()) {
    if (!uploadName(name) || held.has(name)) continue
    // A file this old is no upload in progress (those are in the database before they are cached).
    const modified = (await store.modifiedAt(name))?.getTime() ?? now.getTime()
    if (modified < cutoff) await store.remove(name)
  }
  return unused.length
}

/** How long an erased file's name is kept for the sweeps of every process's cache; later, deleteUnusedUploads' sweep of files the database no longer holds covers a cache. */
const ERASED_FILE_KEEP_MS = 2 * 24 * 60 * 60 * 1000

/**
 * Erases, inside the caller's transaction, the stored files of `urls` (every width) that no other row
 * still names (a product, an order line, a banner, someone else's custom request: names are content
 * hashes, so identical photos share them): their stored_files rows go and their names are written to
 * erased_files, so that sweepErasedFiles removes them from every process's cache even after a crash
 * (ADR 095). Call it after the caller's own rows naming `urls` are gone. Resolves to the names erased.
 */
export async function eraseStoredImages(trx: DB, urls: readonly string[]): Promise<string[]> {
  const bases = [...new Set(urls.map((url) => parseUploadUrl(url)?.base).filter((base): base is string => Boolean(base)))]
  if (bases.length === 0) return []
  const naming = (column: string) => sql<boolean>`(${sql.join(bases.map((base) => sql`${sql.ref(column)} like ${`${base}-%`}`), sql` or `)})`
  const stillUsed = await trx
    .selectFrom('product_images')
    .select('url')
    .where(naming('url'))
    .union(trx.selectFrom('order_lines').select('image as url').where(naming('image')))
    .union(trx.selectFrom('feature_images').select('image as url').where(naming('image')))
    .union(trx.selectFrom('custom_request_photos').select('image_url as url').where(naming('image_url')))
    .union(trx.selectFrom('return_photos').select('image_url as url').where(naming('image_url')))
    .execute()
  const used = new Set(stillUsed.map(({ url }) => parseUploadUrl(url)?.base))
  const erased = bases.filter((base) => !used.has(base)).map((base) => base.slice('/uploads/'.length))
  if (erased.length === 0) return []
  const stored = await trx
    .selectFrom('stored_files')
    .select('name')
    .where((eb) => eb.or(erased.map((hash) => eb('name', 'like', `${hash}-%`))))
    .execute()
  // Every standard width too: a cache may hold a width the database never did (fillMissingWidths).
  const names = [...new Set([...stored.map((row) => row.name), ...erased.flatMap((hash) => IMAGE_WIDTHS.map((width) => fileName(`/uploads/${hash}`, width)))])]
  if (stored.length) await trx.deleteFrom('stored_files').where(inJsonList('name', stored.map((row) => row.name))).execute()
  await trx
    .insertInto('erased_files')
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  return names
}

/**
 * Removes the erased files (eraseStoredImages) from this process's cache, but for one stored again
 * since (the same bytes uploaded anew); forgets names erased more than two days ago. Runs right after
 * an erasure and in tidy(), so a crash between the erasure and its sweep leaves nothing behind for
 * longer than the next start. Resolves to the number of names looked at.
 */
export async function sweepErasedFiles(db: DB, cache: ImageFileCache, now: Date = new Date()): Promise<number> {
  const erased = (await db.selectFrom('erased_files').select('name').execute()).map((row) => row.name)
  if (erased.length === 0) return 0
  const storedAgain = new Set((await db.selectFrom('stored_files').select('name').where(inJsonList('name', erased)).execute()).map((row) => row.name))
  for (const name of erased) if (uploadName(name) && !storedAgain.has(name)) await cache.remove(name)
  await db
    .deleteFrom('erased_files')
    .where('erased_at', '<', new Date(now.getTime() - ERASED_FILE_KEEP_MS).toISOString())
    .execute()
  return erased.length
}
