// The catalogue as shoppers see it: product cards filtered, sorted and paginated on the server,
// search, and one product's full detail.
import { type PersonalizationField, readPersonalizationFields } from '~/lib/personalization'
import { type ExpressionBuilder, type InferResult, type SelectQueryBuilder, sql } from 'kysely'
import type { DB } from '../../../db/database'
import type { Category, Database, VarietyType } from '../../../db/schema'
import {
  DEFAULT_SORT,
  type ListingFilters,
  PAGE_SIZE,
  PRICE_BANDS,
  type SortId,
} from '~/lib/listing-filters'
import { CATEGORIES, optionLabelOf, PRODUCT_MESSAGES } from '~/lib/catalog'
import { MAX_KEYWORD_LENGTH } from '~/lib/search'
import { NotFound } from '~/domain/errors'
import type { OwnPackage } from '~/domain/shipping/packages'
import { caseInsensitiveSql, inJsonList } from '../../../db/dialect'
import { likePattern, matchProducts } from './product-search.server'
import { coversSql, offerPriceSql } from './offer-price-sql.server'
import { availableStock, inStockNow } from '~/domain/cart/availability.server'
import { variantsOf } from '~/domain/cart/variant-stock.server'
import { type Page, readPage } from '~/domain/paging.server'
import { liveOffers } from '~/domain/promotions/offers.server'
import { type LiveOffers, NO_OFFERS, offerFor } from '~/lib/offers'
import { withOffer } from '~/lib/pricing'

export interface ProductCardData {
  id: string
  title: string
  category: Category
  pricePaise: number
  salePricePaise: number
  /** What shoppers may still buy: the stock less live holds of started checkouts. */
  totalStock: number
  image: string | null
  /** The product has varieties or colours to choose, or personalisation to type, before it can go in the cart. */
  needsChoice: boolean
  /**
   * The percent off of the automatic offer covering it now (ADR 078), shoppers' reads only: salePricePaise
   * already has it, and linePrices applies it to the options' and variants' prices.
   */
  offerPercent?: number
}

export interface VarietyOption {
  name: string
  pricePaise: number
  salePricePaise: number
  /** The option's own picture (one of the product's images), when it has one. */
  image?: string
  /** The option's own making time in working days (0: ready to ship); null: the product's (ADR 070). */
  madeToOrderDays: number | null
}

/**
 * A variant of the product with its own stock (ADR 061): keyed by option, colour or both ('' for the
 * part it is not keyed by). `available` is what shoppers may still buy of it (stock less live holds,
 * never below 0), or the stock on the shelf in the admin's reads.
 */
export interface ProductVariant {
  variety: string
  /** The second group's option (ADR 077); '' when the variant is not keyed by one. */
  option2: string
  color: string
  available: number
  /** The variant's own picture, when it has one. */
  image?: string
  /** The variant's own price and sale price in paise, when it has them (ADR 071: choicePrices). */
  pricePaise?: number
  salePricePaise?: number
  /** The variant's own making time in working days (issue 27, 0: ready to ship), when it has one: choiceMadeToOrderDays. */
  madeToOrderDays?: number
}

export interface ProductDetail extends ProductCardData {
  description: string
  averageReview: number
  images: string[]
  colors: string[]
  /** The colours that have their own picture (one of the product's images): {colour: url}. */
  colorImages: Record<string, string>
  variety: { type: VarietyType; options: VarietyOption[] } | null
  /** The owner's name for the option group, or the variety type's ('Size'); '' without a variety and a name. */
  optionLabel: string
  /** The owner's own name for the option group as stored ('' when none: the type's name is read). */
  ownOptionLabel: string
  /** The second option group (ADR 077): its name and options in the owner's order; null when the product has none. */
  option2: { label: string; options: string[] } | null
  /** The variants with their own stock; empty when the product keeps one stock (ADR 061). */
  variants: ProductVariant[]
  /** Working days the studio takes to make it (ADR 070); 0: ready to ship. */
  madeToOrderDays: number
  /** The personalisation fields the product asks for (ADR 069); empty for a plain piece. */
  personalization: PersonalizationField[]
  /** Where the piece comes from ('India' unless the owner names another) and its materials ('' for none; ADR 083). */
  countryOfOrigin: string
  materials: string
  /** The packed piece's own weight and box as stored (issue 30, ADR 085); each null: the category's. */
  ownPackage: OwnPackage
}

type ProductsQuery = SelectQueryBuilder<Database & { p: Database['products'] }, 'p', object>

const NO_FILTERS: ListingFilters = { category: [], price: [], availability: [] }

function applyFilters(query: ProductsQuery, filters: ListingFilters, offers: LiveOffers = NO_OFFERS): ProductsQuery {
  const effectivePrice = offerPriceSql(offers)
  let q = query.where('p.deleted_at', 'is', null)
  if (filters.category.length) q = q.where('p.category', 'in', filters.category)
  if (filters.price.length) {
    const bands = PRICE_BANDS.filter((b) => filters.price.includes(b.id))
    q = q.where((eb) => eb.or(bands.map((b) => eb.and([eb(effectivePrice, '>=', b.min), eb(effectivePrice, '<', b.max)]))))
  }
  if (filters.availability.includes('in-stock')) q = q.where(inStockNow('p'))
  if (filters.availability.includes('on-sale')) {
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('p.sale_price_paise', '>', 0), eb('p.sale_price_paise', '<', eb.ref('p.price_paise'))]),
        // A piece an offer covers is on sale (a price so small the offer takes nothing off aside).
        ...offers.percentOff.map(coversSql),
      ]),
    )
  }
  return q
}

function firstImage(eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) {
  return eb
    .selectFrom('product_images as i')
    .select('i.url')
    .whereRef('i.product_id', '=', 'p.id')
    .orderBy('i.position')
    .limit(1)
    .as('image')
}

/**
 * Which stock a card carries: 'shop' (what shoppers may buy: less live holds) or 'shelf' (the stock
 * the owner counts and edits; the admin's pages and /api/admin answers).
 */
export type StockView = 'shop' | 'shelf'

function selectCards(query: ProductsQuery, stock: StockView = 'shop') {
  return query.select((eb) => [
    'p.id',
    'p.title',
    'p.category',
    'p.price_paise',
    'p.sale_price_paise',
    stock === 'shelf' ? sql<number>`p.total_stock`.as('total_stock') : availableStock('p').as('total_stock'),
    firstImage(eb),
    // A personalised piece (ADR 069) opens its page too: its fields are asked there.
    sql<number>`(exists (select 1 from product_varieties v where v.product_id = p.id) or exists (select 1 from product_colors c where c.product_id = p.id) or p.personalization <> '[]')`.as(
      'needs_choice',
    ),
  ])
}

/** A card's row as selectCards reads it (the select list is the one place its columns are named). */
type CardRow = InferResult<ReturnType<typeof selectCards>>[number]

/**
 * A card's row as shoppers ('shop') or the owner ('shelf') see it: shoppers' prices carry the
 * automatic offer covering the product now (ADR 078, lib/pricing's withOffer), the owner's are her own.
 */
function toCard(row: CardRow, offers: LiveOffers = NO_OFFERS): ProductCardData {
  const offer = offerFor(offers, row)
  const prices = withOffer({ pricePaise: row.price_paise, salePricePaise: row.sale_price_paise }, offer?.percent)
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    ...prices,
    totalStock: Math.max(0, row.total_stock),
    image: row.image,
    needsChoice: Boolean(row.needs_choice),
    ...(offer ? { offerPercent: offer.percent } : {}),
  }
}

/** The offers a read applies: those running now for shoppers, none for the owner's own prices. */
function offersFor(db: DB, stock: StockView = 'shop'): Promise<LiveOffers> {
  return stock === 'shop' ? liveOffers(db) : Promise.resolve(NO_OFFERS)
}

function orderBySort(query: ProductsQuery, sort: SortId, offers: LiveOffers = NO_OFFERS): ProductsQuery {
  const direction = sort === 'price-hightolow' || sort === 'title-ztoa' ? 'desc' : 'asc'
  const key = sort.startsWith('price') ? offerPriceSql(offers) : caseInsensitiveSql('p.title')
  return query.orderBy(key, direction).orderBy('p.id')
}

/** The category's label (e.g. 'Gifting & Memories'), so the admin can find products by it. */
const categoryLabelSql = sql`(case p.category ${sql.join(
  CATEGORIES.map((c) => sql`when ${c.id} then ${c.label}`),
  sql` `,
)} end)`

export type ProductPage = Page<ProductCardData>

/** One page of product cards for the listing, home and the products API. */
export async function listProducts(
  db: DB,
  options: {
    filters?: ListingFilters
    sort?: SortId
    page?: number
    pageSize?: number
    /** Only products whose title or category (id or label) contains this, literally, ignoring ASCII case. */
    titleOrCategory?: string
    stock?: StockView
  } = {},
): Promise<ProductPage> {
  const offers = await offersFor(db, options.stock)
  let filtered = applyFilters(db.selectFrom('products as p'), options.filters ?? NO_FILTERS, offers)
  const text = options.titleOrCategory?.trim().slice(0, MAX_KEYWORD_LENGTH)
  if (text) {
    const pattern = likePattern(text)
    filtered = filtered.where((eb) =>
      eb.or([
        eb(sql`p.title`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`p.category`, 'like', sql`${pattern} escape '\\'`),
        eb(categoryLabelSql, 'like', sql`${pattern} escape '\\'`),
      ]),
    )
  }
  const found = await readPage(filtered, (query) => selectCards(orderBySort(query, options.sort ?? DEFAULT_SORT, offers), options.stock), {
    page: options.page,
    pageSize: options.pageSize ?? PAGE_SIZE,
  })
  return { ...found, items: found.items.map((row) => toCard(row, offers)) }
}

export const SEARCH_LIMIT = 48

/**
 * Product cards for a shopper's keyword, best matches first: forgiving (any word, any order, typos)
 * but literal, see matchProducts.
 */
export async function searchProducts(db: DB, keyword: string, limit = SEARCH_LIMIT): Promise<ProductCardData[]> {
  return productCards(db, await matchProducts(db, keyword, limit))
}

/**
 * The cards of these products, in this order (a row gone since it was found is left out; the
 * caller's match decides which products are live): a search's matches are ids first
 * (matchProducts), so a page of them reads only its own cards.
 */
export async function productCards(db: DB, ids: readonly string[]): Promise<ProductCardData[]> {
  if (!ids.length) return []
  const [rows, offers] = await Promise.all([selectCards(db.selectFrom('products as p')).where('p.id', 'in', ids).execute(), liveOffers(db)])
  const byId = new Map(rows.map((row) => [row.id, toCard(row, offers)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A product with its pictures, colours and variety options; NotFound for unknown or deleted ids. */
export async function getProduct(db: DB, id: string, stock: StockView = 'shop'): Promise<ProductDetail> {
  const row = await selectCards(db.selectFrom('products as p'), stock)
    .where('p.id', '=', id)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw new NotFound(PRODUCT_MESSAGES.notFound)
  const [detail] = await withDetails(db, [toCard(row, await offersFor(db, stock))], stock)
  if (!detail) throw new NotFound(PRODUCT_MESSAGES.notFound)
  return detail
}

/**
 * The cards in full (description, pictures, colours, variety options, variants with their stock as
 * `stock` views it), in the same order, read with six queries whatever the number of cards (the
 * /api lists answer whole products). A card whose product row is gone meanwhile is left out.
 */
export async function withDetails(db: DB, cards: ProductCardData[], stock: StockView = 'shop'): Promise<ProductDetail[]> {
  if (cards.length === 0) return []
  const ids = [...new Set(cards.map((c) => c.id))]
  const [rows, images, colors, varieties, variants, options2] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'description', 'average_review', 'variety_type', 'option_label', 'option2_label', 'made_to_order_days', 'personalization', 'country_of_origin', 'materials', 'weight_grams', 'length_cm', 'breadth_cm', 'height_cm'])
      .where(inJsonList('id', ids))
      .where('deleted_at', 'is', null)
      .execute(),
    db.selectFrom('product_images').select(['product_id', 'url']).where(inJsonList('product_id', ids)).orderBy('position').execute(),
    db.selectFrom('product_colors').select(['product_id', 'name', 'image']).where(inJsonList('product_id', ids)).orderBy('position').execute(),
    db
      .selectFrom('product_varieties')
      .select(['product_id', 'name', 'price_paise', 'sale_price_paise', 'image', 'made_to_order_days'])
      .where(inJsonList('product_id', ids))
      .orderBy('position')
      .execute(),
    variantsOf(db, ids),
    db.selectFrom('product_options2').select(['product_id', 'name']).where(inJsonList('product_id', ids)).orderBy('position').execute(),
  ])
  const byId = new Map(rows.map((r) => [r.id, r]))
  const grouped = <T extends { product_id: string }>(list: T[]) => {
    const map = new Map<string, T[]>()
    for (const item of list) map.set(item.product_id, [...(map.get(item.product_id) ?? []), item])
    return map
  }
  const imagesOf = grouped(images)
  const colorsOf = grouped(colors)
  const varietiesOf = grouped(varieties)
  const options2Of = grouped(options2)
  return cards.flatMap((card) => {
    const row = byId.get(card.id)
    if (!row) return []
    const options = varietiesOf.get(card.id) ?? []
    return [
      {
        ...card,
        description: row.description,
        averageReview: row.average_review,
        images: (imagesOf.get(card.id) ?? []).map((i) => i.url),
        colors: (colorsOf.get(card.id) ?? []).map((c) => c.name),
        colorImages: Object.fromEntries((colorsOf.get(card.id) ?? []).filter((c) => c.image !== '').map((c) => [c.name, c.image])),
        variety:
          row.variety_type && options.length
            ? {
                type: row.variety_type,
                options: options.map((v) => ({
                  name: v.name,
                  // With the card's offer (shoppers' reads, ADR 078): linePrices would apply it anyway.
                  ...withOffer({ pricePaise: v.price_paise, salePricePaise: v.sale_price_paise }, card.offerPercent),
                  ...(v.image ? { image: v.image } : {}),
                  madeToOrderDays: v.made_to_order_days,
                })),
              }
            : null,
        optionLabel: options.length ? optionLabelOf(row.option_label, row.variety_type) : '',
        ownOptionLabel: row.option_label,
        option2:
          options.length && options2Of.get(card.id)?.length
            ? { label: row.option2_label, options: (options2Of.get(card.id) ?? []).map((o) => o.name) }
            : null,
        variants: (variants.get(card.id) ?? []).map((v) => ({
          variety: v.variety,
          option2: v.option2,
          color: v.color,
          available: stock === 'shelf' ? v.stock : Math.max(0, v.available),
          ...(v.image ? { image: v.image } : {}),
          ...(v.pricePaise === null ? {} : { pricePaise: v.pricePaise }),
          ...(v.salePricePaise === null ? {} : { salePricePaise: v.salePricePaise }),
          ...(v.madeToOrderDays === null ? {} : { madeToOrderDays: v.madeToOrderDays }),
        })),
        madeToOrderDays: row.made_to_order_days,
        personalization: readPersonalizationFields(row.personalization),
        countryOfOrigin: row.country_of_origin,
        materials: row.materials,
        ownPackage: { weightGrams: row.weight_grams, lengthCm: row.length_cm, breadthCm: row.breadth_cm, heightCm: row.height_cm },
      },
    ]
  })
}
