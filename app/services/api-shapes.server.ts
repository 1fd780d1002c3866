// How domain values look in the /api JSON contract (SPEC.md section 3 field names).
import { paiseToRupees } from '~/lib/money'
import type { SessionUser } from '~/lib/user'
import type { ProductCardData, ProductDetail } from './catalog.server'
import type { FeatureImageItem } from './features.server'
import type { ReviewItem } from './reviews.server'

export function toApiUser(user: SessionUser) {
  return { id: user.id, _id: user.id, userName: user.userName, name: user.userName, email: user.email, role: user.role }
}

/** A product card: what the listing, home and search need. Prices in rupees; salePrice 0 when none. */
export function toApiProductCard(card: ProductCardData) {
  return {
    _id: card.id,
    title: card.title,
    category: card.category,
    price: paiseToRupees(card.pricePaise),
    salePrice: paiseToRupees(card.salePricePaise),
    totalStock: card.totalStock,
    image: card.image ?? '',
  }
}

export type ApiVariety =
  | { type: 'choice'; options: { name: string; price: number; salePrice: number }[] }
  | { type: 'size'; sizes: { size: string; price: number; salePrice: number }[] }
  | { type: 'pack'; packs: { packName: string; price: number }[] }

function toApiVariety(variety: ProductDetail['variety']): ApiVariety | null {
  if (!variety) return null
  switch (variety.type) {
    case 'choice':
      return {
        type: 'choice',
        options: variety.options.map((o) => ({
          name: o.name,
          price: paiseToRupees(o.pricePaise),
          salePrice: paiseToRupees(o.salePricePaise),
        })),
      }
    case 'size':
      return {
        type: 'size',
        sizes: variety.options.map((o) => ({
          size: o.name,
          price: paiseToRupees(o.pricePaise),
          salePrice: paiseToRupees(o.salePricePaise),
        })),
      }
    case 'pack':
      // Packs carry a price only (SPEC.md section 3); a pack's sale price, if any, is its price.
      return {
        type: 'pack',
        packs: variety.options.map((o) => ({
          packName: o.name,
          price: paiseToRupees(o.salePricePaise > 0 ? o.salePricePaise : o.pricePaise),
        })),
      }
  }
}

/** A product with everything the detail dialog shows. */
export function toApiProduct(detail: ProductDetail) {
  return {
    ...toApiProductCard(detail),
    description: detail.description,
    averageReview: detail.averageReview,
    image: detail.images[0] ?? detail.image ?? '',
    images: detail.images,
    colors: detail.colors,
    variety: toApiVariety(detail.variety),
  }
}

/** A review as shoppers see it (no user id: the author is shown by name only). */
export function toApiReview(review: ReviewItem) {
  return {
    _id: review.id,
    userName: review.userName,
    reviewValue: review.reviewValue,
    reviewMessage: review.reviewMessage,
    createdAt: review.createdAt,
  }
}

export function toApiFeatureImage(feature: FeatureImageItem) {
  return { _id: feature.id, image: feature.image }
}
