// Draws the demo catalogue's abstract "resin art" pictures as SVG and rasterises them with sharp.
import { castObject, type ResinObject } from './art/objects'
import { PALETTES, type PaletteName } from './art/palettes'
import { type PourStyle, pour } from './art/pours'
import { createRandom } from './art/random'
import { SvgDocument } from './art/svg'

export type { ResinObject } from './art/objects'
export type { PaletteName } from './art/palettes'
export type { PourStyle } from './art/pours'

/** Everything that decides a picture: the same spec always draws the same pixels. */
export interface ArtSpec {
  style: PourStyle
  object: ResinObject
  palette: PaletteName
  seed: number
}

/** Product photos are square at the largest stored width, so no size is ever upscaled. */
export const PRODUCT_IMAGE_SIZE = 1280
/** Banners are 5:2; 1280 wide because the media pipeline stores nothing wider. */
export const BANNER_SIZE = { width: 1280, height: 512 } as const

export function resinArtSvg(spec: ArtSpec, width: number, height: number): string {
  const doc = new SvgDocument(width, height)
  const rng = createRandom(spec.seed)
  const palette = PALETTES[spec.palette]
  const body = castObject(spec.object, {
    doc,
    rng,
    palette,
    paintPour: (box) => pour(spec.style, { doc, rng, palette, box }),
  })
  return doc.render(body)
}

/**
 * Rasterises a spec. JPEG is the intermediate format because the media pipeline decodes it
 * several times and JPEG decodes (and shrinks on load) fastest; 4:2:0 chroma loses nothing,
 * as the WebP files it becomes are 4:2:0 too.
 */
export async function renderResinArt(spec: ArtSpec, size: { width: number; height: number }): Promise<Buffer> {
  const svg = resinArtSvg(spec, size.width, size.height)
  // Loaded here, not at the module's top: the built server holds the seed too, and a server that
  // seeds nothing need not load libvips (ADR 117).
  const { default: sharp } = await import('sharp')
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer()
}

export function renderProductArt(spec: ArtSpec): Promise<Buffer> {
  return renderResinArt(spec, { width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE })
}

export function renderBannerArt(spec: Omit<ArtSpec, 'object'>): Promise<Buffer> {
  return renderResinArt({ ...spec, object: 'full' }, BANNER_SIZE)
}
