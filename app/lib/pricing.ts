// The effective-price rule (a selected variety's price overrides the product's; a sale price counts when above 0), shared by the server and the pages.

export interface Priced {
  pricePaise: number
  salePricePaise: number
}

/** The price a shopper pays for one unit: the sale price when above 0, else the price. */
export function unitPricePaise(item: Priced): number {
  return item.salePricePaise > 0 ? item.salePricePaise : item.pricePaise
}

/** A selected variety's price overrides the product's. */
export function effectivePricePaise(product: Priced, variety?: Priced | null): number {
  return unitPricePaise(variety ?? product)
}

export function isOnSale(item: Priced): boolean {
  return item.salePricePaise > 0 && item.salePricePaise < item.pricePaise
}
