// What a product weighs packed and the size of its box (issue 30, ADR 085). The owner may give a
// piece's own; until she does, the category's usual packed piece stands in, so a catalogue that
// predates weights is priced at once and near what the courier bills: a pendant in a padded gift box,
// a tray or set of coasters in a carton with bubble wrap. Couriers bill the larger of the dead and the
// volumetric weight, so the box matters as much as the grams.
import type { Category } from '~/lib/catalog'
import { CATEGORY_PACKAGES } from '~/lib/product-package'
import type { PackedPiece } from './rates'

/** A product's own weight and box as stored (null: not given). */
export interface OwnPackage {
  weightGrams: number | null
  lengthCm: number | null
  breadthCm: number | null
  heightCm: number | null
}

/** The piece as the courier sees it: each measure the owner gave, else the category's. */
export function packedPiece(category: Category, own: OwnPackage): PackedPiece {
  const usual = CATEGORY_PACKAGES[category]
  return {
    deadGrams: own.weightGrams ?? usual.deadGrams,
    lengthCm: own.lengthCm ?? usual.lengthCm,
    breadthCm: own.breadthCm ?? usual.breadthCm,
    heightCm: own.heightCm ?? usual.heightCm,
  }
}
