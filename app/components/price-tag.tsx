import { formatPaise } from '~/lib/money'
import { isOnSale } from '~/lib/pricing'

/** The price, struck through with the sale price beside it when the product is on sale. */
export function PriceTag({ pricePaise, salePricePaise }: { pricePaise: number; salePricePaise: number }) {
  const onSale = isOnSale({ pricePaise, salePricePaise })
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={onSale ? 'text-sm text-zinc-500 dark:text-zinc-400 line-through' : 'font-semibold'}>{formatPaise(pricePaise)}</span>
      {onSale ? <span className="font-semibold">{formatPaise(salePricePaise)}</span> : null}
    </p>
  )
}
