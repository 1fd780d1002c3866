// The total broken into items, the code's saving, delivery, the total and the GST included (issue 32,
// Consumer Protection (E-Commerce) Rules 2020): the rows the checkout and the TEST MODE payment page
// both show before payment, inside their <dl>.
import { formatPaise } from '~/lib/money'
import { DiscountLine, type DiscountSummary } from './discount-line'

export function PriceBreakupRows({
  itemsPaise,
  discount,
  deliveryFeePaise,
  totalPaise,
  taxPaise,
  estimate = false,
  empty = false,
}: {
  /** The pieces before the code's saving; with `taxPaise` null the row is left out (no breakup asked). */
  itemsPaise: number
  discount: DiscountSummary | null | undefined
  deliveryFeePaise: number
  totalPaise: number
  /** The GST within the total, as the invoice works it out; null: not shown. */
  taxPaise: number | null
  /** The delivery is the lowest any address pays, no address being chosen (ADR 085). */
  estimate?: boolean
  /** Nothing to pay for: only the total shows. */
  empty?: boolean
}) {
  return (
    <>
      {taxPaise !== null && !empty ? (
        <div className="flex justify-between text-sm">
          <dt>Items</dt>
          <dd>{formatPaise(itemsPaise)}</dd>
        </div>
      ) : null}
      <DiscountLine discount={discount} />
      {empty ? null : (
        <div className="flex justify-between text-sm">
          <dt>Delivery</dt>
          <dd>{deliveryText(deliveryFeePaise, estimate)}</dd>
        </div>
      )}
      <div className="flex justify-between text-lg font-bold">
        <dt>{estimate && deliveryFeePaise > 0 ? 'Total (from)' : 'Total'}</dt>
        <dd>{formatPaise(totalPaise)}</dd>
      </div>
      {taxPaise !== null && taxPaise > 0 ? (
        <div className="flex justify-between text-sm text-zinc-600 dark:text-zinc-400">
          <dt>Taxes included (GST)</dt>
          <dd>{formatPaise(taxPaise)}</dd>
        </div>
      ) : null}
    </>
  )
}

/** The delivery row: the fee for the chosen address, or the lowest any address pays while none is chosen. */
export function deliveryText(feePaise: number, estimate: boolean): string {
  if (feePaise === 0) return 'Free'
  return estimate ? `from ${formatPaise(feePaise)} (choose an address)` : formatPaise(feePaise)
}
