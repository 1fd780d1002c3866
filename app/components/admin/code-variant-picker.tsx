// The discount code form's variant picker (ADR 084): choose a product, then tick its variants. Without
// JavaScript "Show its variants" sends the form's fields as a GET to the same page, whose loader lists
// that product's variants beside those already ticked; with it, the product's variants load in place.
import { useEffect, useId, useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { inputClass } from '~/components/ui/field'
import type { ScopeVariant } from '~/lib/discounts'
import { variantValue } from '~/lib/discounts'

export interface PickerProduct {
  productId: string
  title: string
  choices: { value: string; label: string }[]
}

/** The query parameter naming the product whose variants to list. */
export const VARIANT_PRODUCT_PARAM = 'variantProduct'

/** The products of both lists, each once, in order. */
function merged(shown: PickerProduct[], more: PickerProduct[]): PickerProduct[] {
  return [...new Map([...shown, ...more].map((product) => [product.productId, product] as const)).values()]
}

export function CodeVariantPicker({
  name,
  products,
  listed,
  chosen,
  errors,
  errorId,
}: {
  name: string
  products: { id: string; title: string }[]
  /** The products whose variants the page lists (those ticked, and the one just picked). */
  listed: PickerProduct[]
  chosen: ScopeVariant[]
  errors?: string[]
  errorId: string
}) {
  const fetcher = useFetcher<{ variantPicker: PickerProduct[] }>()
  const { pathname } = useLocation()
  // The products loaded in place (with JS), after those the page lists.
  const [loaded, setLoaded] = useState<PickerProduct[]>([])
  const [picked, setPicked] = useState(listed.at(-1)?.productId ?? products[0]?.id ?? '')
  useEffect(() => {
    const more = fetcher.data?.variantPicker
    if (more) setLoaded((current) => merged(current, more))
  }, [fetcher.data])
  const shown = merged(listed, loaded)
  const selectId = useId()
  const ticked = new Set(chosen.map(variantValue))
  const show = (productId: string) => {
    if (productId) fetcher.load(`${pathname}?${VARIANT_PRODUCT_PARAM}=${encodeURIComponent(productId)}`)
  }
  return (
    <div className="grid gap-2 pl-7">
      <span className="text-sm text-zinc-600 dark:text-zinc-400">Variants (when for some variants): choose a product, then tick its variants</span>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1 text-sm">
          <label htmlFor={selectId}>Product</label>
          <select id={selectId} name={VARIANT_PRODUCT_PARAM} value={picked} onChange={(event) => { setPicked(event.target.value); show(event.target.value) }} className={`${inputClass} min-w-0`}>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          formMethod="get"
          formNoValidate
          name="intent"
          value="show-variants"
          onClick={(event) => {
            event.preventDefault()
            show(picked)
          }}
          className="min-h-11 rounded-md border border-zinc-300 px-3 text-sm font-medium dark:border-zinc-700"
        >
          Show its variants
        </button>
      </div>
      {fetcher.state === 'loading' ? <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status">Loading its variants…</p> : null}
      {shown.map((product) => (
        <fieldset key={product.productId} className="grid gap-1 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          <legend className="px-1 text-sm font-medium">{product.title}</legend>
          {product.choices.map((choice) => (
            <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name={name} value={choice.value} defaultChecked={ticked.has(choice.value)} aria-describedby={errors?.length ? errorId : undefined} className="h-5 w-5" />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ))}
      {errors?.length ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
