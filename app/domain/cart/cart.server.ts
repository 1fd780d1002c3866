// The cart as shoppers see it: one per user or per visitor (guest id in the session cookie), its
// lines at current prices with what each may hold and why one cannot be bought (cart-stock.server.ts).
// The changes are in cart-edits.server.ts, the guest cart's merge and expiry in guest-carts.server.ts.
import { type Compilable, sql } from 'kysely'
import { compiledOnce } from '../../../db/compiled-once'
import type { DB } from '../../../db/database'
import type { VarietyType } from '../../../db/schema'
import { addOnPaise, type PersonalizationValues, readPersonalization, readPersonalizationFields } from '~/lib/personalization'
import { type OfferPriced, unitPricePaise } from '~/lib/pricing'
import { lineProblem, stockFor } from './cart-stock.server'
import { lineStock, variantsOf } from './variant-stock.server'
import { choicePrices } from '~/lib/variants'
import { optionLabelOf } from '~/lib/catalog'
import { offerFor } from '~/lib/offers'
import { liveOffers } from '~/domain/promotions/offers.server'

/** Whose cart: a signed-in user's, or a visitor's (the guest id in the session cookie). */
export type CartOwner = { userId: string } | { guestId: string }

/**
 * Picks a line: by its id, or by product + variety + second option + colour (the API's way), and its personalisation
 * (label -> value) when the product has several lines told apart by it.
 */
export type LineSelector =
  | { lineId: string }
  | { productId: string; variety?: string; option2?: string; color?: string; personalization?: Record<string, unknown> }

/** An item as a cart line and an order line both hold it: product, choices, unit price and quantity. */
export interface LineItem {
  productId: string
  title: string
  image: string
  /** The product's variety type when the line has a variety, else null. */
  varietyType: VarietyType | null
  /** The option group's name when the line has a variety ('Chain', else the type's word 'Size'), else ''. */
  optionLabel: string
  variety: string
  /** The second group's name when the line has a second option ('Chain', ADR 077), else ''. */
  option2Label: string
  option2: string
  color: string
  /** The line's personalisation, label -> value in the product's field order ({} for none; ADR 069). */
  personalization: PersonalizationValues
  /** The unit price, personalisation add-ons included. */
  unitPricePaise: number
  quantity: number
}

export interface CartLine extends LineItem {
  id: string
  /** The price and sale price (0 when none), each with the personalisation add-ons. */
  pricePaise: number
  salePricePaise: number
  lineTotalPaise: number
  /**
   * What the shopper may buy of the stock the line draws on (its variant's, or the product's when it
   * has no variants; ADR 061): that stock less other shoppers' live holds.
   */
  totalStock: number
  /** Which stock the line draws on (lines with the same key share totalStock). */
  stockKey: string
  /** False when the line cannot be bought as it is; `problem` says why. */
  available: boolean
  problem: string | null
  /** True when the problem is only the stock (none, or less than the product's lines want). */
  shortOfStock: boolean
  /**
   * The automatic offer in the line's price (ADR 078), or null: its name, whether a code may apply on
   * top, what it takes off one unit, and the sale price (0 for none) the line has without it.
   */
  offer: CartLineOffer | null
}

export interface CartLineOffer {
  id: string
  name: string
  stackable: boolean
  unitSavingPaise: number
  salePricePaiseWithout: number
}

export interface Cart {
  id: string | null
  items: CartLine[]
  /** Sum of the available lines. */
  totalPaise: number
}


export function ownerColumn(owner: CartOwner) {
  return 'userId' in owner ? ({ column: 'user_id', value: owner.userId } as const) : ({ column: 'guest_id', value: owner.guestId } as const)
}

/** A read compiled once for each kind of cart owner (ADR 118): its SQL names the owner's column. */
function perOwnerColumn<Row>(build: (db: DB, column: 'user_id' | 'guest_id', owner: string) => Compilable<Row>) {
  return {
    user_id: compiledOnce((db: DB, { owner }: { owner: string }) => build(db, 'user_id', owner)),
    guest_id: compiledOnce((db: DB, { owner }: { owner: string }) => build(db, 'guest_id', owner)),
  }
}

/** An owner's cart: every cart read and write asks it. */
const cartIds = perOwnerColumn((db, column, owner) => db.selectFrom('carts').select('id').where(column, '=', owner))

export async function findCartId(db: DB, owner: CartOwner): Promise<string | null> {
  const { column, value } = ownerColumn(owner)
  const [row] = await cartIds[column](db, { owner: value })
  return row?.id ?? null
}

/** The count of an owner's cart lines: the header of every page a cart holder sees asks it. */
const cartLineCounts = perOwnerColumn((db, column, owner) =>
  db
    .selectFrom('carts')
    .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(`carts.${column}`, '=', owner),
)

/** Number of distinct lines in the owner's cart (the header's cart badge). */
export async function countCartLines(db: DB, owner: CartOwner): Promise<number> {
  const { column, value } = ownerColumn(owner)
  const [row] = await cartLineCounts[column](db, { owner: value })
  return Number(row?.count ?? 0)
}

/** The owner's cart with current prices and availability (an empty cart when there is none). */
export async function getCart(db: DB, owner: CartOwner): Promise<Cart> {
  const cartId = await findCartId(db, owner)
  if (!cartId) return { id: null, items: [], totalPaise: 0 }
  const rows = await db
    .selectFrom('cart_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('product_varieties as v', (join) =>
      join.onRef('v.product_id', '=', 'l.product_id').onRef('v.name', '=', 'l.variety_name'),
    )
    .select((eb) => [
      'l.id',
      'l.product_id',
      'l.variety_name',
      'l.option2',
      'l.color',
      'l.personalization',
      'l.quantity',
      'p.title',
      'p.personalization as personalization_fields',
      stockFor('p', owner).as('total_stock'),
      'p.deleted_at',
      'p.variety_type',
      'p.option_label',
      'p.option2_label',
      'p.price_paise',
      'p.sale_price_paise',
      'p.category',
      'v.price_paise as variety_price_paise',
      'v.sale_price_paise as variety_sale_price_paise',
      eb
        .selectFrom('product_images as i')
        .select('i.url')
        .whereRef('i.product_id', '=', 'l.product_id')
        .orderBy('i.position')
        .limit(1)
        .as('image'),
      eb
        .selectFrom('product_colors as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.product_id', '=', 'l.product_id')
        .whereRef('c.name', '=', 'l.color')
        .as('color_known'),
      eb
        .selectFrom('product_colors as c')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('c.product_id', '=', 'l.product_id')
        .as('color_count'),
      eb
        .selectFrom('product_varieties as pv')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('pv.product_id', '=', 'l.product_id')
        .as('variety_count'),
      eb
        .selectFrom('product_options2 as o2')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('o2.product_id', '=', 'l.product_id')
        .as('option2_count'),
      eb
        .selectFrom('product_options2 as o2')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('o2.product_id', '=', 'l.product_id')
        .whereRef('o2.name', '=', 'l.option2')
        .as('option2_known'),
    ])
    .where('l.cart_id', '=', cartId)
    .orderBy('l.created_at')
    // Insertion order for lines added within the same millisecond.
    .orderBy(sql`l.rowid`)
    .execute()

  // Lines drawing on one stock (a variant's, or a product's without variants) share it; every line
  // of a product counts for its per-order limit.
  const [variants, offers] = await Promise.all([
    variantsOf(db, rows.map((row) => row.product_id), 'userId' in owner ? { exceptUserId: owner.userId } : {}),
    liveOffers(db),
  ])
  const stocks = rows.map((row) =>
    lineStock(row.product_id, variants.get(row.product_id) ?? [], row.total_stock, { variety: row.variety_name, option2: row.option2, color: row.color }),
  )
  const quantityByProduct = new Map<string, number>()
  const quantityByStock = new Map<string, number>()
  rows.forEach((row, index) => {
    const key = stocks[index]?.key ?? row.product_id
    quantityByProduct.set(row.product_id, (quantityByProduct.get(row.product_id) ?? 0) + row.quantity)
    quantityByStock.set(key, (quantityByStock.get(key) ?? 0) + row.quantity)
  })

  const items = rows.map((row, index): CartLine => {
    const stock = stocks[index] ?? { key: row.product_id, available: row.total_stock }
    // A chosen option that no longer exists, or a choice the product now asks for and the line lacks.
    const varietyGone =
      (row.variety_name !== '' && row.variety_price_paise === null) ||
      (row.variety_name === '' && row.variety_type !== null && Number(row.variety_count) > 0)
    const colorGone =
      (row.color !== '' && Number(row.color_known) === 0) || (row.color === '' && Number(row.color_count) > 0)
    const option2Gone = row.option2 !== '' ? Number(row.option2_known) === 0 : Number(row.option2_count) > 0 && row.variety_type !== null
    // The personalisation's add-ons are the product's today (ADR 069); a label it no longer asks
    // for, or a required field the line lacks, makes the line one to add again.
    const fields = readPersonalizationFields(row.personalization_fields)
    const personalization = readPersonalization(row.personalization)
    const personalizationGone =
      Object.keys(personalization).some((label) => !fields.some((f) => f.label === label)) ||
      fields.some((f) => f.required && !personalization[f.label])
    const addOn = addOnPaise(fields, personalization)
    // The variant's own price, else the option's, else the product's (ADR 071: choicePrices, the one rule).
    // The automatic offer covering it now is in that rule too (ADR 078); the add-ons are never discounted.
    const offer = offerFor(offers, { id: row.product_id, category: row.category })
    const priceOf = (offerPercent: number | null) => {
      const product: OfferPriced = { pricePaise: row.price_paise, salePricePaise: row.sale_price_paise, offerPercent }
      const base = choicePrices(
        product,
        row.variety_price_paise === null ? null : { pricePaise: row.variety_price_paise, salePricePaise: row.variety_sale_price_paise ?? 0 },
        variants.get(row.product_id) ?? [],
        { variety: row.variety_name, option2: row.option2, color: row.color },
      )
      return { pricePaise: base.pricePaise + addOn, salePricePaise: base.salePricePaise > 0 ? base.salePricePaise + addOn : 0 }
    }
    const priced = priceOf(offer?.percent ?? null)
    const unit = unitPricePaise(priced)
    const without = offer ? priceOf(null) : priced
    const unitSavingPaise = unitPricePaise(without) - unit
    const { problem, shortOfStock } = lineProblem({
      deleted: row.deleted_at !== null,
      totalStock: stock.available,
      inCart: quantityByStock.get(stock.key) ?? row.quantity,
      inProduct: quantityByProduct.get(row.product_id) ?? row.quantity,
      quantity: row.quantity,
      choiceGone: varietyGone || option2Gone || colorGone || personalizationGone,
    })
    return {
      id: row.id,
      productId: row.product_id,
      title: row.title,
      image: row.image ?? '',
      varietyType: row.variety_name ? row.variety_type : null,
      optionLabel: row.variety_name ? optionLabelOf(row.option_label, row.variety_type) : '',
      variety: row.variety_name,
      option2Label: row.option2 ? row.option2_label || 'Option' : '',
      option2: row.option2,
      color: row.color,
      personalization,
      quantity: row.quantity,
      ...priced,
      unitPricePaise: unit,
      lineTotalPaise: unit * row.quantity,
      totalStock: Math.max(0, stock.available),
      stockKey: stock.key,
      available: problem === null,
      problem,
      shortOfStock,
      offer:
        offer && unitSavingPaise > 0
          ? { id: offer.id, name: offer.name, stackable: offer.stackable, unitSavingPaise, salePricePaiseWithout: without.salePricePaise }
          : null,
    }
  })
  return {
    id: cartId,
    items,
    totalPaise: items.filter((i) => i.available).reduce((sum, i) => sum + i.lineTotalPaise, 0),
  }
}
