// Image bytes for tests (made with sharp, so the domain's tests need no image library), what a
// stored file's header says, and a scratch directory for an image store's cache.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'

type Color = { r: number; g: number; b: number; alpha?: number }

export function png(width: number, height: number, color: Color | string = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

/** A PNG of gaussian noise: the costliest content to encode. */
export function noisyPng(width: number, height: number, mean = 128, sigma = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean, sigma } } })
    .png()
    .toBuffer()
}

export function jpeg(
  width: number,
  height: number,
  options: { color?: string; progressive?: boolean; chromaSubsampling?: string; orientation?: number } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: options.color ?? '#884422' } }).jpeg({
    progressive: options.progressive ?? false,
    ...(options.chromaSubsampling ? { chromaSubsampling: options.chromaSubsampling } : {}),
  })
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer()
}

/** An AVIF at the cheapest effort: a flat picture of any size takes a few hundred bytes. */
export function avif(width: number, height: number, options: { bitdepth?: 8 | 10 | 12; alpha?: boolean } = {}): Promise<Buffer> {
  const background = options.alpha ? { r: 1, g: 2, b: 3, alpha: 0.5 } : '#336699'
  return sharp({ create: { width, height, channels: options.alpha ? 4 : 3, background } })
    .avif({ effort: 0, bitdepth: options.bitdepth ?? 8, ...(options.bitdepth === 12 ? { chromaSubsampling: '4:4:4' } : {}) })
    .toBuffer()
}

/** What an image's header says: format, size, orientation and whether EXIF is left in it. */
export async function imageInfo(image: Buffer): Promise<{ format: string; width: number; height: number; orientation?: number; hasExif: boolean }> {
  const meta = await sharp(image).metadata()
  return { format: meta.format, width: meta.width, height: meta.height, orientation: meta.orientation, hasExif: meta.exif !== undefined }
}

/** A scratch directory; `path(name)` names a place in it that does not exist yet. */
export function scratchDir(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix))
  return {
    path: (name: string) => join(root, name),
    exists: (name: string) => existsSync(join(root, name)),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  }
}
