import { ProductCard, type ProductCardProps } from './product-card'

/**
 * 2 columns on phones up to 4 on desktops. The first card's picture loads at once, at high priority,
 * where it is the largest paint; the rest lazily (the first row's second picture a moment later, so
 * on a slow link the first one has the bandwidth to itself: the largest paint is whichever of the two
 * equal pictures paints first; docs/decisions/045-one-main-picture-and-lighter-webp.md). `eagerCount={0}` where
 * something above it is (the home page's banner).
 */
export function ProductGrid({
  products,
  headingLevel,
  eagerCount = 1,
}: {
  products: ProductCardProps[]
  headingLevel?: 'h2' | 'h3'
  eagerCount?: number
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < eagerCount} headingLevel={headingLevel} />
      ))}
    </div>
  )
}
