import type { DOMAttributes, MouseEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { categoryLabel, LOW_STOCK_THRESHOLD } from '~/lib/catalog'
import { Picture } from './ui/picture'
import { isOnSale } from '~/lib/pricing'
import { useCartFetcher } from '~/web/use-cart-fetcher'
import { CartFormFields } from './cart-form-fields'
import { PriceTag } from './price-tag'
import { preloadProductDialog, useOpenProduct } from './product-dialog'
import { buttonClass } from './ui/button'

export interface ProductCardProps {
  id: string
  title: string
  category: string
  pricePaise: number
  salePricePaise: number
  totalStock: number
  image: string | null
  needsChoice: boolean
}

type OpenIntent = Pick<DOMAttributes<HTMLAnchorElement>, 'onPointerEnter' | 'onTouchStart' | 'onFocus'>

/** Each badge has its own look, so a shopper tells a bargain from a last chance at a glance. */
const BADGE_LOOKS = {
  soldOut: 'bg-zinc-800 text-white ring-1 ring-white/40',
  lowStock: 'bg-amber-300 text-amber-950',
  sale: 'bg-red-600 text-white',
} as const

function StockBadge({ product }: { product: ProductCardProps }) {
  const [label, look] =
    product.totalStock === 0
      ? ['Out Of Stock', BADGE_LOOKS.soldOut]
      : product.totalStock < LOW_STOCK_THRESHOLD
        ? [`Only ${product.totalStock} items left`, BADGE_LOOKS.lowStock]
        : isOnSale(product)
          ? ['Sale', BADGE_LOOKS.sale]
          : [null, '']
  if (!label) return null
  return (
    <span className={`absolute top-2 left-2 rounded-full px-2 py-0.5 text-xs font-semibold shadow-sm ${look}`}>
      {label}
    </span>
  )
}

/**
 * 'Add to cart' adds one (a form post; a fetcher with a toast when JS runs). A product with
 * varieties or colours says 'Choose options' and opens its detail, where they are chosen.
 */
function AddToCartButton({
  product,
  onOpen,
  intent,
}: {
  product: ProductCardProps
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void
  intent?: OpenIntent
}) {
  const fetcher = useCartFetcher(`card-add-${product.id}`)
  const location = useLocation()
  const full = buttonClass('primary', 'sm', 'w-full')
  if (product.totalStock === 0) {
    return (
      <button type="button" disabled className={full}>
        Out Of Stock
      </button>
    )
  }
  if (product.needsChoice) {
    return (
      <Link to={`/shop/product/${product.id}`} onClick={onOpen} {...intent} className={buttonClass('outline', 'sm', 'w-full')}>
        Choose options
      </Link>
    )
  }
  return (
    <fetcher.Form method="post" action="/shop/cart">
      <CartFormFields redirectTo={`${location.pathname}${location.search}#product-${product.id}`} />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <button type="submit" disabled={fetcher.state !== 'idle'} className={full}>
        Add to cart
      </button>
    </fetcher.Form>
  )
}

/** A product in a grid. `eager` for the grid's first picture, so the largest paint is not lazy-loaded. */
export function ProductCard({
  product,
  eager = false,
  headingLevel: Heading = 'h3',
}: {
  product: ProductCardProps
  eager?: boolean
  /** h2 where the grid sits right under the page's h1 (listing, search); h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3'
}) {
  const openProduct = useOpenProduct()
  const onOpen = openProduct ? (event: MouseEvent<HTMLAnchorElement>) => openProduct(event, product.id) : undefined
  // Intent to open the product (a pointer over it, a touch, keyboard focus) fetches the dialog's code.
  const intent: OpenIntent | undefined = openProduct
    ? { onPointerEnter: preloadProductDialog, onTouchStart: preloadProductDialog, onFocus: preloadProductDialog }
    : undefined
  return (
    <article id={`product-${product.id}`} className="flex scroll-mt-20 flex-col overflow-hidden rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <Link
        to={`/shop/product/${product.id}`}
        onClick={onOpen}
        {...intent}
        className="relative block"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Picture
          url={product.image}
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
          width={640}
          height={640}
          alt={product.title}
          priority={eager}
          decoding="async"
          className="aspect-square w-full bg-zinc-100 object-cover dark:bg-zinc-800"
        />
        <StockBadge product={product} />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="text-sm font-semibold sm:text-base">
          {/* Two lines at most, in a box a thumb can hit (44 px) even when the title is one line; two
              lines of 22 px fill that box exactly, so no sliver of a third line shows under them. */}
          {/* elementtiming: the benchmark times when the first product title is painted. Text counts for
              its nearest block, which is the link since line-clamp made it one: the attribute goes there. */}
          <Link
            to={`/shop/product/${product.id}`}
            onClick={onOpen}
            {...intent}
            className="line-clamp-2 min-h-11 leading-[1.375rem] sm:leading-6"
            {...{ elementtiming: 'product-title' }}
          >
            {product.title}
          </Link>
        </Heading>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{categoryLabel(product.category)}</p>
        <PriceTag pricePaise={product.pricePaise} salePricePaise={product.salePricePaise} />
        <div className="mt-auto pt-2">
          <AddToCartButton product={product} onOpen={onOpen} intent={intent} />
        </div>
      </div>
    </article>
  )
}
