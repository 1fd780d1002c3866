import { ProductCard, type ProductCardProps } from './product-card'

/**
 * 2 columns on phones up to 4 on desktops. The first row loads eagerly where it is the largest
 * paint; `eagerCount={0}` where something above it is (the home page's banner).
 */
export function ProductGrid({
  products,
  headingLevel,
  eagerCount = 2,
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
