import { useState } from 'react'
import { categoryLabel, missingChoicesMessage, optionsHeading } from '~/lib/catalog'
import { cn } from '~/lib/cn'
import { formatPaise } from '~/lib/money'
import { choicePrices, choiceSoldOut, openMadeToOrderDays } from '~/lib/variants'
import { unitPricePaise } from '~/lib/pricing'
import { cartRefusal, useCartFetcher } from '~/web/use-cart-fetcher'
import { useHydrated } from '~/lib/use-hydrated'
import { CartFormFields } from './cart-form-fields'
import { PersonalizationFields } from './personalization-fields'
import type { ProductDetail } from '~/domain/catalog/catalog.server'
import type { ProductDispatch } from '~/domain/catalog/dispatch-dates.server'
import { DispatchNote } from './dispatch-note'
import { PriceTag } from './price-tag'
import { ProductFacts } from './product-facts'
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
  /** A sold-out choice is shown, marked '(sold out)', and cannot be chosen (ADR 061). `picture`: its image's number (app.css, no JS). */
  options: { value: string; label: string; hint?: string; soldOut?: boolean; picture?: number }[]
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center rounded-md border px-3 text-sm has-[:checked]:border-zinc-900 has-[:checked]:bg-zinc-900 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 dark:has-[:checked]:border-zinc-100 dark:has-[:checked]:bg-zinc-100 dark:has-[:checked]:text-zinc-900',
              'border-zinc-300 dark:border-zinc-700',
              option.soldOut && 'cursor-not-allowed border-dashed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value && !option.soldOut}
              disabled={option.soldOut}
              onChange={() => onChange(option.value)}
              data-picture={option.picture}
              className="sr-only"
            />
            {option.label}
            {option.hint ? <span className="ml-1 opacity-75">{option.hint}</span> : null}
            {option.soldOut ? <span className="ml-1">(sold out)</span> : null}
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
  reviewCount,
  dispatch,
}: {
  product: ProductDetail
  errors?: Record<string, string[] | null | undefined>
  /** The choices (and personalisation, by field position) of a refused post (no JS), so the shopper need not make them again. */
  chosen?: { variety?: string; option2?: string; color?: string; personalization?: string[] }
  headingLevel?: 'h1' | 'h2'
  /** Counted reviews (shown, by verified buyers): the stars link to them; none, no stars (ADR 062). */
  reviewCount: number
  /** When the product, or each option, is expected to leave the studio (ADR 070). */
  dispatch?: ProductDispatch
}) {
  const fetcher = useCartFetcher(`add-${product.id}`)
  const fieldErrors = cartRefusal(fetcher.data)?.error ?? errors
  const [variety, setVariety] = useState(previous?.variety ?? '')
  const [option2, setOption2] = useState(previous?.option2 ?? '')
  const [color, setColor] = useState(previous?.color ?? '')
  // Stock per variant (ADR 061, 077): an option is sold out when every combination of it is (or it
  // alone is); a second option or a colour when it is with the other choices made, or with every
  // one of them while none is chosen.
  const options = product.variety?.options.map((o) => o.name) ?? ['']
  const options2 = product.option2?.options ?? ['']
  const colors = product.colors.length ? product.colors : ['']
  const soldOutAll = (os: string[], o2s: string[], cs: string[]) =>
    os.every((o) => o2s.every((o2) => cs.every((c) => choiceSoldOut(product.variants, { variety: o, option2: o2, color: c }))))
  const optionSoldOut = (name: string) => soldOutAll([name], options2, colors)
  const option2SoldOut = (name: string) => soldOutAll(variety ? [variety] : options, [name], colors)
  const colorSoldOut = (name: string) => soldOutAll(variety ? [variety] : options, option2 ? [option2] : options2, [name])
  const chooseVariety = (name: string) => {
    setVariety(name)
    if (option2 && soldOutAll([name], [option2], colors)) setOption2('')
    if (color && soldOutAll([name], option2 ? [option2] : options2, [color])) setColor('')
  }
  const chooseOption2 = (name: string) => {
    setOption2(name)
    if (color && soldOutAll(variety ? [variety] : options, [name], [color])) setColor('')
  }
  const chosen = product.variety?.options.find((o) => o.name === variety && !optionSoldOut(o.name)) ?? null
  // The picked colour's picture, else the picked option's (numbered from 1; 0 for none).
  const pictureOf = (url?: string) => (url ? product.images.indexOf(url) + 1 : 0)
  const picture = pictureOf(product.colorImages[color]) || pictureOf(chosen?.image)
  // A variant's own price (ADR 071): the choice's price, and until every choice is made the range
  // of what it may still come to (beside each option and colour too, so it reads without JS).
  const ownPrices = product.variants.some((v) => v.pricePaise !== undefined || v.salePricePaise !== undefined)
  const priceOf = (o: string, o2: string, c: string) =>
    choicePrices(product, product.variety?.options.find((x) => x.name === o), product.variants, { variety: o, option2: o2, color: c })
  const pricesOf = (os: string[], cs: string[], o2s = option2 ? [option2] : options2) => os.flatMap((o) => o2s.flatMap((o2) => cs.map((c) => priceOf(o, o2, c))))
  const range = (os: string[], cs: string[], o2s?: string[]) => {
    const units = pricesOf(os, cs, o2s).map(unitPricePaise)
    const [low, high] = [Math.min(...units), Math.max(...units)]
    return low === high ? formatPaise(low) : `${formatPaise(low)} – ${formatPaise(high)}`
  }
  const open = pricesOf(chosen ? [chosen.name] : options, color ? [color] : colors)
  // The choice so far comes to one price (and sale price): shown as such, else as a range.
  const one = open.every((p) => p.pricePaise === open[0]?.pricePaise && p.salePricePaise === open[0]?.salePricePaise)
  const needsVariety = Boolean(product.variety)
  const needsOption2 = product.option2 !== null
  const needsColor = product.colors.length > 0
  const ready =
    (!needsVariety || chosen !== null) && (!needsOption2 || (option2 !== '' && !option2SoldOut(option2))) && (!needsColor || (color !== '' && !colorSoldOut(color)))
  const soldOut = product.totalStock === 0
  const formId = `add-to-cart-${product.id}`
  const reason = missingChoicesMessage(
    needsVariety && chosen === null ? (product.variety?.type ?? null) : null,
    needsColor && color === '',
    needsOption2 && option2 === '' ? (product.option2?.label ?? '') : null,
  )
  // The making times the choices so far may come to (issue 27: the one rule over the loader's data), and
  // each option's while none is chosen; the dates themselves come from the server (dispatch.byDays).
  const openDays = openMadeToOrderDays(product, { variety: chosen?.name ?? '', option2, color })
  const daysByOption = chosen ? [] : options.filter(Boolean).map((name) => [name, openMadeToOrderDays(product, { variety: name, option2, color })] as const)
  // Without JS the reason stays on the page until every choice is ticked (hidden by CSS, app.css).
  const needs = [needsVariety ? 'variety' : '', needsOption2 ? 'option2' : '', needsColor ? 'color' : ''].filter(Boolean).join(' ')

  return (
    <div data-product-detail="" className="grid gap-6 md:grid-cols-2 md:grid-rows-[auto_1fr]">
      <div className="md:row-span-2">
        <ProductGallery images={product.images} title={product.title} idPrefix={`p-${product.id}`} show={picture} />
      </div>
      <div className="grid content-start gap-4">
        <div>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{categoryLabel(product.category)}</p>
          <Heading className="text-2xl font-bold tracking-tight">{product.title}</Heading>
        </div>
        <p className="text-zinc-600 dark:text-zinc-400">{product.description}</p>
        <div className="text-xl" aria-live="polite">
          {ownPrices && !ready && !one ? (
            <p className="font-semibold">{range(chosen ? [chosen.name] : options, color ? [color] : colors)}</p>
          ) : ownPrices && !ready ? (
            <PriceTag {...(open[0] ?? product)} />
          ) : (
            <PriceTag {...(ready || chosen ? priceOf(chosen?.name ?? '', option2, color) : product)} />
          )}
        </div>
        {dispatch && !soldOut ? <DispatchNote dispatch={dispatch} days={openDays} byOption={daysByOption} /> : null}
        <ReviewStars value={product.averageReview} count={reviewCount} />
        <fetcher.Form id={formId} method="post" action={`/shop/product/${product.id}`} className="grid gap-4">
          <CartFormFields redirectTo={`/shop/product/${product.id}`} />
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          {product.variety ? (
            <ChoiceGroup
              legend={optionsHeading(product.optionLabel)}
              name="variety"
              value={variety}
              onChange={chooseVariety}
              error={fieldErrors?.variety?.[0]}
              options={product.variety.options.map((o) => ({
                value: o.name,
                label: o.name,
                hint: range([o.name], colors, options2),
                soldOut: optionSoldOut(o.name),
                picture: pictureOf(o.image) || undefined,
              }))}
            />
          ) : null}
          {product.option2 ? (
            <ChoiceGroup
              legend={optionsHeading(product.option2.label)}
              name="option2"
              value={option2}
              onChange={chooseOption2}
              error={fieldErrors?.option2?.[0]}
              options={product.option2.options.map((name) => ({
                value: name,
                label: name,
                hint: ownPrices ? range(variety ? [variety] : options, color ? [color] : colors, [name]) : undefined,
                soldOut: option2SoldOut(name),
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
              options={product.colors.map((c) => ({
                value: c,
                label: c,
                hint: ownPrices ? range(variety ? [variety] : options, [c]) : undefined,
                soldOut: colorSoldOut(c),
                picture: pictureOf(product.colorImages[c]) || undefined,
              }))}
            />
          ) : null}
          <PersonalizationFields formId={formId} fields={product.personalization} values={previous?.personalization} errors={fieldErrors} />
        </fetcher.Form>
        {/* The piece's facts (issue 32, ADR 083), after the choices: the price and choices stay near the top on a phone. */}
        <ProductFacts countryOfOrigin={product.countryOfOrigin} materials={product.materials} />
      </div>
      {/* On phones the button stays in reach at the bottom of the screen (the page's or the dialog's). */}
      <div
        data-sticky-bar=""
        className="sticky bottom-0 z-10 -mx-4 grid gap-2 border-t border-zinc-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] md:static md:mx-0 md:self-start md:border-0 md:bg-transparent md:p-0 dark:border-zinc-800 dark:bg-zinc-950 md:shadow-none md:dark:bg-transparent"
      >
        {soldOut ? (
          <button type="button" disabled className={buttonClass('primary', 'md', 'w-full')}>
            Out of Stock
          </button>
        ) : (
          <>
            {reason ? (
              <p id={`${formId}-reason`} data-choice-hint={needs} className="text-center text-sm text-zinc-600 dark:text-zinc-400">
                {reason}
              </p>
            ) : null}
            <AddButton form={formId} ready={ready && fetcher.state === 'idle'} describedBy={reason ? `${formId}-reason` : undefined} />
          </>
        )}
        {fieldErrors?.quantity?.[0] ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {fieldErrors.quantity[0]}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/**
 * Disabled until the required choices are made (the reason beside it says which), but only once
 * JS runs: without it the server checks. It submits the form by id, from the sticky bar.
 */
function AddButton({ form, ready, describedBy }: { form: string; ready: boolean; describedBy?: string }) {
  const hydrated = useHydrated()
  return (
    <button
      type="submit"
      form={form}
      disabled={hydrated && !ready}
      aria-describedby={describedBy}
      className={buttonClass('primary', 'md', 'w-full')}
    >
      Add to Cart
    </button>
  )
}
