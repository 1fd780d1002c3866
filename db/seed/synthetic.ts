// Bulk synthetic products for load and pagination testing: plain rows (no varieties or colours), varied
// titles, categories, prices and stock from word lists, inserted in batched transactions. No sharp work:
// pictures reuse a few image urls already in the database (or none).
import type { Insertable } from 'kysely'
import { newId } from '~/lib/ids.server'
import { rupeesToPaise } from '~/lib/money'
import type { DB } from '../database'
import type { Category, NewProduct, ProductImagesTable } from '../schema'
import { createRandom, type Random } from './art/random'

export interface SyntheticOptions {
  /** PRNG seed: the same seed and count give the same titles, prices and stock (ids are always new). Default 1. */
  seed?: number
  /** Products per transaction. Default 1000. */
  batchSize?: number
  /**
   * Urls to use as product pictures (one per product, cycled by the PRNG). Default: up to 8 distinct
   * image urls already stored for products; with none, products get no picture.
   */
  imageUrls?: readonly string[]
}

export interface SyntheticResult {
  products: number
  images: number
}

/** Rows per INSERT statement: 10 columns a row stays far below SQLite's bound-parameter limit. */
const ROWS_PER_STATEMENT = 500
const DEFAULT_BATCH_SIZE = 1000
const REUSED_IMAGES = 8

/** [noun, lowest price, highest price] in rupees. */
type Noun = readonly [string, number, number]

const NOUNS: Record<Category, readonly Noun[]> = {
  jewellery: [
    ['Pendant', 399, 1499],
    ['Drop Earrings', 349, 1299],
    ['Stud Earrings', 249, 799],
    ['Ring', 299, 999],
    ['Bracelet', 449, 1599],
    ['Necklace', 699, 2499],
    ['Hair Clip', 199, 599],
    ['Bangle', 499, 1799],
  ],
  'home-decor': [
    ['Coaster Set', 599, 1999],
    ['Wall Clock', 1499, 4999],
    ['Serving Tray', 1299, 3999],
    ['Wall Art Panel', 2499, 8999],
    ['Trinket Tray', 399, 1199],
    ['Candle Holder', 499, 1499],
    ['Bookends', 899, 2499],
    ['Table Top', 4999, 14999],
  ],
  'gifting-memories': [
    ['Keychain', 199, 599],
    ['Bookmark', 149, 449],
    ['Photo Frame', 799, 2499],
    ['Memory Block', 999, 3499],
    ['Name Plaque', 899, 2999],
    ['Pen Holder', 499, 1299],
  ],
  'special-occasion': [
    ['Varmala Preservation Frame', 3999, 12999],
    ['Rakhi Set', 199, 799],
    ['Pooja Thali', 1199, 3499],
    ['Urli Tray', 1499, 3999],
    ['Return Gift Coasters', 699, 1999],
    ['Wedding Date Plaque', 1499, 4499],
  ],
}

const STYLES = [
  'Ocean Wave',
  'Galaxy',
  'Geode',
  'Marble',
  'Gold Flake',
  'Pressed Flower',
  'Agate Slice',
  'Rose Quartz',
  'Emerald',
  'Sunset Ombre',
  'Lavender Field',
  'Monsoon',
  'Peacock',
  'Mandala',
  'Terrazzo',
  'Stardust',
  'Beach Shore',
  'Marigold',
  'Forget-Me-Not',
  'Midnight Blue',
] as const

const FINISHES = ['', '', '', 'Rose Gold', 'Silver Leaf', 'Glitter', 'Matte', 'Crystal Clear', 'Pearl'] as const

const DETAILS = [
  'hand-poured in small batches',
  'cured for 72 hours and polished by hand',
  'finished with a food-safe topcoat',
  'made with UV-resistant resin that will not yellow',
  'set with real dried flowers',
  'swirled with mica pigments and metallic flakes',
  'each piece unique in its pattern',
] as const

const CARE = [
  'Wipe clean with a soft cloth.',
  'Keep away from direct heat.',
  'Avoid harsh chemicals and long soaks.',
  'Gift-wrapped on request.',
] as const

const CATEGORY_LIST = Object.keys(NOUNS) as Category[]

/** A rupee amount that ends in 9 (e.g. 1249), within [min, max]. */
function shopPrice(random: Random, min: number, max: number): number {
  const raw = random.int(min, max)
  return Math.max(min, Math.floor(raw / 50) * 50 - 1 + (raw % 50 >= 25 ? 50 : 0))
}

function planProduct(random: Random, now: string): { product: NewProduct; pickImage: number } {
  const category = random.pick(CATEGORY_LIST)
  const [noun, min, max] = random.pick(NOUNS[category])
  const style = random.pick(STYLES)
  const finish = random.pick(FINISHES)
  const title = [style, finish, noun].filter(Boolean).join(' ')
  const price = shopPrice(random, min, max)
  let sale = 0
  if (random.chance(0.25)) {
    const discounted = Math.floor((price * (1 - random.range(0.1, 0.35))) / 10) * 10 - 1
    if (discounted > 0 && discounted < price) sale = discounted
  }
  const stockRoll = random.next()
  const totalStock = stockRoll < 0.1 ? 0 : stockRoll < 0.25 ? random.int(1, 9) : random.int(10, 120)
  const description = `${style} ${noun.toLowerCase()}, ${random.pick(DETAILS)}. ${random.pick(CARE)}`
  return {
    product: {
      id: newId(),
      title,
      description,
      category,
      price_paise: rupeesToPaise(price),
      sale_price_paise: rupeesToPaise(sale),
      total_stock: totalStock,
      variety_type: null,
      updated_at: now,
      deleted_at: null,
    },
    pickImage: random.next(),
  }
}

async function existingImageUrls(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('product_images')
    .select('url')
    .distinct()
    .orderBy('url')
    .limit(REUSED_IMAGES)
    .execute()
  return rows.map((r) => r.url)
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Inserts `count` synthetic products (plus one picture each when image urls are available), in
 * transactions of `batchSize`. Adds to whatever the catalogue already holds.
 */
export async function seedSyntheticProducts(
  db: DB,
  count: number,
  options: SyntheticOptions = {},
): Promise<SyntheticResult> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number >= 0, got ${count}`)
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be >= 1, got ${batchSize}`)
  const imageUrls = options.imageUrls ?? (await existingImageUrls(db))
  const random = createRandom(options.seed ?? 1)
  const now = new Date().toISOString()

  let products = 0
  let images = 0
  while (products < count) {
    const size = Math.min(batchSize, count - products)
    const rows: NewProduct[] = []
    const imageRows: Insertable<ProductImagesTable>[] = []
    for (let i = 0; i < size; i++) {
      const { product, pickImage } = planProduct(random, now)
      rows.push(product)
      const url = imageUrls[Math.floor(pickImage * imageUrls.length)]
      if (url !== undefined) imageRows.push({ product_id: product.id, position: 0, url })
    }
    await db.transaction().execute(async (trx) => {
      for (const part of chunks(rows, ROWS_PER_STATEMENT)) await trx.insertInto('products').values(part).execute()
      for (const part of chunks(imageRows, ROWS_PER_STATEMENT)) {
        await trx.insertInto('product_images').values(part).execute()
      }
    })
    products += rows.length
    images += imageRows.length
  }
  return { products, images }
}
