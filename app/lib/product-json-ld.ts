// schema.org Product data for a product page, so search engines can show its price and
// stars. React Router's meta writes it as <script type="application/ld+json"> with `<`, `>` and `&`
// escaped; a data block is never executed, so the CSP's nonce does not apply to it.
import { categoryLabel } from './catalog'
import { type Priced, unitPricePaise } from './pricing'

interface JsonLdProduct extends Priced {
  id: string
  title: string
  description: string
  category: string
  totalStock: number
  images: string[]
  /** The product page's facts (ADR 083); materials '' for none. */
  countryOfOrigin?: string
  materials?: string
}

interface JsonLdReviews {
  average: number
  count: number
  items: { userName: string; reviewValue: number; reviewMessage: string; createdAt: string }[]
}

const RATING_SCALE = { bestRating: 5, worstRating: 1 } as const

/**
 * The product with its offer, and (only when it has counted reviews: shown, by verified buyers) an
 * AggregateRating of them and the reviews on the page; a product without one has no rating at all.
 */
export function productJsonLd(product: JsonLdProduct, reviews: JsonLdReviews, origin: string) {
  const url = `${origin}/shop/product/${encodeURIComponent(product.id)}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    sku: product.id,
    category: categoryLabel(product.category),
    url,
    image: product.images.map((image) => `${origin}${image}`),
    // The facts the page shows (ADR 083): schema.org's Product.countryOfOrigin and material.
    ...(product.countryOfOrigin ? { countryOfOrigin: { '@type': 'Country', name: product.countryOfOrigin } } : {}),
    ...(product.materials ? { material: product.materials } : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: (unitPricePaise(product) / 100).toFixed(2),
      availability: product.totalStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(reviews.count > 0
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.average, reviewCount: reviews.count, ...RATING_SCALE },
          review: reviews.items.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.userName },
            datePublished: review.createdAt.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: review.reviewValue, ...RATING_SCALE },
            ...(review.reviewMessage ? { reviewBody: review.reviewMessage } : {}),
          })),
        }
      : {}),
  }
}
