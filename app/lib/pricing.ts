// The price rules shared by the server and the pages: a line's price and sale price (the variant's own,
// else the option's, else the product's; ADR 071), and the price a shopper pays for one unit.

export interface Priced {
  pricePaise: number
  salePricePaise: number
}

/**
 * A product as priced for shoppers: with the percent off of the automatic offer covering it now (ADR
 * 078), when one does. linePrices applies it to whatever level the price comes from.
 */
export interface OfferPriced extends Priced {
  offerPercent?: number | null
}

/** A variant's own price and sale price (ADR 071): null (or left out) where it has none of its own. */
export interface OwnPrices {
  pricePaise?: number | null
  salePricePaise?: number | null
}

export function isOnSale(item: Priced): boolean {
  return item.salePricePaise > 0 && item.salePricePaise < item.pricePaise
}

/** The price a shopper pays for one unit: the sale price when it counts (above 0, below the price), else the price. */
export function unitPricePaise(item: Priced): number {
  return isOnSale(item) ? item.salePricePaise : item.pricePaise
}

/** A selected variety's price overrides the product's. */
export function effectivePricePaise(product: Priced, variety?: Priced | null): number {
  return unitPricePaise(variety ?? product)
}

/**
 * THE rule of a line's price and sale price (ADR 071): the variant's own price if set, else the
 * option's, else the product's; the sale price the variant's own if set, else that of the level the
 * price came from (a variant with its own price and no sale price of its own is not on sale). A sale
 * price counts only when above 0 and below the price: otherwise it answers 0.
 */
export function linePrices(product: OfferPriced, option: Priced | null | undefined, variant?: OwnPrices | null): Priced {
  const base = option ?? product
  const own = variant?.pricePaise ?? null
  const pricePaise = own ?? base.pricePaise
  const salePricePaise = variant?.salePricePaise ?? (own === null ? base.salePricePaise : 0)
  return withOffer({ pricePaise, salePricePaise: isOnSale({ pricePaise, salePricePaise }) ? salePricePaise : 0 }, product.offerPercent)
}

/** A price less an automatic offer's percent, rounded half up to the paisa (ADR 078); never below 0. */
export function offerPricePaise(pricePaise: number, percent: number): number {
  if (percent <= 0) return pricePaise
  return Math.max(0, pricePaise - Math.floor((pricePaise * Math.min(percent, 100) * 2 + 100) / 200))
}

/**
 * THE rule of an automatic offer on a price (ADR 078): the sale price becomes the lower of the piece's
 * own sale price and the price less the offer's percent (never the sale price less the percent: the
 * offer and a sale price do not compound). Applying it twice answers the same prices.
 */
export function withOffer(prices: Priced, percent: number | null | undefined): Priced {
  if (!percent || percent <= 0) return prices
  const offered = offerPricePaise(prices.pricePaise, percent)
  const sale = Math.min(unitPricePaise(prices), offered)
  return { pricePaise: prices.pricePaise, salePricePaise: sale < prices.pricePaise ? sale : 0 }
}

/**
 * The own prices a variant keeps so that it sells at `wanted` (a sale price 0 for none), given what it
 * would inherit (its option's, else its product's; ADR 071): none of its own where it would inherit the
 * same, so a later change of the option's price still reaches it. Where the inventory page and the CSV
 * import turn "sells at" into what is stored.
 */
export function ownPricesFor(inherited: Priced, wanted: Priced): { pricePaise: number | null; salePricePaise: number | null } {
  if (wanted.pricePaise !== inherited.pricePaise) {
    return { pricePaise: wanted.pricePaise, salePricePaise: wanted.salePricePaise > 0 ? wanted.salePricePaise : null }
  }
  const inheritedSale = isOnSale(inherited) ? inherited.salePricePaise : 0
  return { pricePaise: null, salePricePaise: wanted.salePricePaise === inheritedSale ? null : wanted.salePricePaise }
}
