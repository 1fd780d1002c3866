// The saving as its own line and the shapes the pages share (ADR 073), apart from the code box: the
// cart sheet, in every browse page's script, shows the line but not the box (discount-code.tsx).
import { formatPaise } from '~/lib/money'

/** The cart's code as pages show it (cartDiscount's answer without the line shares). */
export interface DiscountSummary {
  code: string
  applies: boolean
  amountPaise: number
  message: string
  /** An automatic offer on the same pieces saves more (ADR 078): the code is kept but not used, and nothing is wrong. */
  outdone?: boolean
}

/** A refused code, as the page's action answers it: what was typed and why not. */
export interface DiscountReply {
  typed: string
  error: string
}

/** The saving as its own line above the total (nothing when no code applies). */
export function DiscountLine({ discount }: { discount: DiscountSummary | null | undefined }) {
  if (!discount?.applies) return null
  return (
    <div className="flex justify-between text-sm text-emerald-700 dark:text-emerald-400" data-discount={discount.code}>
      <dt>Discount ({discount.code})</dt>
      <dd>−{formatPaise(discount.amountPaise)}</dd>
    </div>
  )
}
