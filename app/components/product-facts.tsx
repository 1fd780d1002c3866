// The product page's "Details" (issue 32, ADR 083): the country of origin, and the materials when the
// owner gave them, as a small description list.
import { useId } from 'react'
import { PRODUCT_FACTS_WORDS } from '~/lib/product-facts'

export function ProductFacts({ countryOfOrigin, materials }: { countryOfOrigin: string; materials: string }) {
  const headingId = useId()
  const rows = [
    [PRODUCT_FACTS_WORDS.country, countryOfOrigin],
    [PRODUCT_FACTS_WORDS.materials, materials],
  ].filter(([, value]) => value !== '')
  if (rows.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="grid gap-1 text-sm">
      <h2 id={headingId} className="font-semibold">
        {PRODUCT_FACTS_WORDS.heading}
      </h2>
      <dl data-product-facts="" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-zinc-600 dark:text-zinc-400">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-medium text-zinc-800 dark:text-zinc-200">{name}:</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
