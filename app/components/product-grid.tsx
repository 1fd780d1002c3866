import { ProductCard, type ProductCardProps } from './product-card'

/** 2 columns on phones up to 4 on desktops; the first row loads eagerly (it is the largest paint). */
export function ProductGrid({ products, headingLevel }: { products: ProductCardProps[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < 2} headingLevel={headingLevel} />
      ))}
    </div>
  )
}
