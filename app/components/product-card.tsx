import type { MouseEvent } from 'react'
import { Form, Link } from 'react-router'
import { categoryLabel, LOW_STOCK_THRESHOLD } from '~/lib/catalog'
import { responsiveImage } from '~/lib/images'
import { formatPaise } from '~/lib/money'
import { isOnSale } from '~/lib/pricing'
import { useOpenProduct } from './product-dialog'
import { buttonClass } from './ui/button'

export interface ProductCardProps {
  id: string
  title: string
  category: string
  pricePaise: number
  salePricePaise: number
  totalStock: number
  image: string | null
}

function StockBadge({ product }: { product: ProductCardProps }) {
  const label =
    product.totalStock === 0
      ? 'Out Of Stock'
      : product.totalStock < LOW_STOCK_THRESHOLD
        ? `Only ${product.totalStock} items left`
        : isOnSale(product)
          ? 'Sale'
          : null
  if (!label) return null
  return (
    <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
      {label}
    </span>
  )
}

export function PriceTag({ pricePaise, salePricePaise }: { pricePaise: number; salePricePaise: number }) {
  const onSale = isOnSale({ pricePaise, salePricePaise })
  return (
    <p className="flex items-baseline gap-2">
      <span className={onSale ? 'text-sm text-zinc-500 line-through' : 'font-semibold'}>{formatPaise(pricePaise)}</span>
      {onSale ? <span className="font-semibold">{formatPaise(salePricePaise)}</span> : null}
    </p>
  )
}

/** A product in a grid. `eager` for the first row, so the largest paint is not lazy-loaded. */
export function ProductCard({ product, eager = false }: { product: ProductCardProps; eager?: boolean }) {
  const image = product.image ? responsiveImage(product.image) : null
  const openProduct = useOpenProduct()
  const onOpen = openProduct ? (event: MouseEvent<HTMLAnchorElement>) => openProduct(event, product.id) : undefined
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <Link to={`/shop/product/${product.id}`} onClick={onOpen} className="relative block" tabIndex={-1} aria-hidden="true">
        {image ? (
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
            width={640}
            height={640}
            alt={product.title}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="aspect-square w-full bg-zinc-100 object-cover dark:bg-zinc-800"
          />
        ) : (
          <div className="aspect-square w-full bg-zinc-100 dark:bg-zinc-800" />
        )}
        <StockBadge product={product} />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold sm:text-base">
          <Link to={`/shop/product/${product.id}`} onClick={onOpen}>
            {product.title}
          </Link>
        </h3>
        <p className="text-xs text-zinc-500">{categoryLabel(product.category)}</p>
        <PriceTag pricePaise={product.pricePaise} salePricePaise={product.salePricePaise} />
        <Form method="post" action="/shop/cart" className="mt-auto pt-2">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          {product.totalStock === 0 ? (
            <button type="button" disabled className={buttonClass('primary', 'sm', 'w-full')}>
              Out Of Stock
            </button>
          ) : (
            <button type="submit" className={buttonClass('primary', 'sm', 'w-full')}>
              Add to cart
            </button>
          )}
        </Form>
      </div>
    </article>
  )
}
