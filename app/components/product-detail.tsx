import { useState } from 'react'
import { categoryLabel, VARIETY_HEADINGS } from '~/lib/catalog'
import { cn } from '~/lib/cn'
import { formatPaise } from '~/lib/money'
import { effectivePricePaise } from '~/lib/pricing'
import { useCartFetcher } from '~/lib/use-cart-fetcher'
import { useHydrated } from '~/lib/use-hydrated'
import { CartFormFields } from './cart'
import type { ProductDetail } from '~/services/catalog.server'
import { PriceTag } from './price-tag'
import { ProductGallery } from './product-gallery'
import { ReviewStars } from './review-stars'
import { buttonClass } from './ui/button'

function ChoiceGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: {
  legend: string
  name: string
  options: { value: string; label: string; hint?: string }[]
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-2 text-sm has-[:checked]:border-zinc-900 has-[:checked]:bg-zinc-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:has-[:checked]:border-zinc-100 dark:has-[:checked]:bg-zinc-100 dark:has-[:checked]:text-zinc-900',
              'border-zinc-300 dark:border-zinc-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
            {option.hint ? <span className="ml-1 opacity-75">{option.hint}</span> : null}
          </label>
        ))}
      </div>
      {error ? <p className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </fieldset>
  )
}

/**
 * A product's detail: gallery, price (the chosen variety's when one is chosen), variety and colour
 * choices as radio inputs of the add-to-cart form, average review. Used by the product page and the
 * dialog over listings.
 */
export function ProductDetailView({
  product,
  errors,
  chosen: previous,
  headingLevel: Heading = 'h1',
}: {
  product: ProductDetail
  errors?: Record<string, string[] | undefined>
  /** The choices of a refused post (no JS), so the shopper need not pick them again. */
  chosen?: { variety?: string; color?: string }
  headingLevel?: 'h1' | 'h2'
}) {
  const fetcher = useCartFetcher(`add-${product.id}`)
  const fieldErrors = fetcher.data?.errors ?? errors
  const [variety, setVariety] = useState(previous?.variety ?? '')
  const [color, setColor] = useState(previous?.color ?? '')
  const chosen = product.variety?.options.find((o) => o.name === variety) ?? null
  const needsVariety = Boolean(product.variety)
  const needsColor = product.colors.length > 0
  const ready = (!needsVariety || chosen !== null) && (!needsColor || color !== '')
  const soldOut = product.totalStock === 0

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ProductGallery images={product.images} title={product.title} idPrefix={`p-${product.id}`} />
      <div className="grid content-start gap-4">
        <div>
          <p className="text-sm text-zinc-500">{categoryLabel(product.category)}</p>
          <Heading className="text-2xl font-bold tracking-tight">{product.title}</Heading>
        </div>
        <p className="text-zinc-600 dark:text-zinc-400">{product.description}</p>
        <div className="text-xl" aria-live="polite">
          {chosen ? (
            <PriceTag pricePaise={chosen.pricePaise} salePricePaise={chosen.salePricePaise} />
          ) : (
            <PriceTag pricePaise={product.pricePaise} salePricePaise={product.salePricePaise} />
          )}
        </div>
        <ReviewStars value={product.averageReview} />
        <fetcher.Form method="post" action={`/shop/product/${product.id}`} className="grid gap-4">
          <CartFormFields redirectTo={`/shop/product/${product.id}`} />
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          {product.variety ? (
            <ChoiceGroup
              legend={VARIETY_HEADINGS[product.variety.type]}
              name="variety"
              value={variety}
              onChange={setVariety}
              error={fieldErrors?.variety?.[0]}
              options={product.variety.options.map((o) => ({
                value: o.name,
                label: o.name,
                hint: formatPaise(effectivePricePaise(o)),
              }))}
            />
          ) : null}
          {needsColor ? (
            <ChoiceGroup
              legend="Color Options"
              name="color"
              value={color}
              onChange={setColor}
              error={fieldErrors?.color?.[0]}
              options={product.colors.map((c) => ({ value: c, label: c }))}
            />
          ) : null}
          {soldOut ? (
            <button type="button" disabled className={buttonClass('primary', 'md', 'w-full')}>
              Out of Stock
            </button>
          ) : (
            <AddButton ready={ready && fetcher.state === 'idle'} />
          )}
          {fieldErrors?.quantity?.[0] ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {fieldErrors.quantity[0]}
            </p>
          ) : null}
        </fetcher.Form>
      </div>
    </div>
  )
}

/** Disabled until the required choices are made, but only once JS runs: without it the server checks. */
function AddButton({ ready }: { ready: boolean }) {
  const hydrated = useHydrated()
  return (
    <button type="submit" disabled={hydrated && !ready} className={buttonClass('primary', 'md', 'w-full')}>
      Add to Cart
    </button>
  )
}
