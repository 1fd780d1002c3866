// The inventory's rows as one form: a stock box per shelf (a variant, or a product's own stock), with
// what live checkouts hold and what sold in 30 days beside it, and one Save for all. A plain form: the
// same with JavaScript on or off. Each row carries the stock the owner saw, so a sale meanwhile is not
// overwritten unseen (the domain refuses that row and says so next to it).
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/field'
import { MAX_STOCK } from '~/lib/inventory'
import { LOW_STOCK_THRESHOLD } from '~/lib/catalog'
import { cn } from '~/lib/cn'
import { formatPaise } from '~/lib/money'
import type { FormReply } from '~/web/form-reply'
import { choiceWords } from '~/lib/variants'
import { unitPricePaise as unitOf } from '~/lib/pricing'

export interface InventoryFormRow {
  productId: string
  title: string
  optionLabel: string
  /** The second group's name and option (ADR 077); '' for none. */
  option2Label?: string
  variety: string
  option2?: string
  color: string
  sku: string | null
  stock: number
  held: number
  sold: number
  /** What a line of it costs now; a shelf keyed by colour may have its own price (ADR 071). */
  sellsAt?: { pricePaise: number; salePricePaise: number }
  ownPriceAllowed?: boolean
}

/** Paise as a price box shows them ('' for no sale). */
const rupeesText = (paise: number | undefined) => (paise ? (paise / 100).toFixed(2) : '')

/** 'Size: Small · Chain: Gold · Colour: Teal', or '' for a product's own stock. */
export function shelfName(row: Pick<InventoryFormRow, 'optionLabel' | 'option2Label' | 'variety' | 'option2' | 'color'>): string {
  return choiceWords({ option: row.optionLabel, option2: row.option2Label ?? '' }, { ...row, option2: row.option2 ?? '' }).join(' · ')
}

export function historyHref(row: Pick<InventoryFormRow, 'productId' | 'variety' | 'option2' | 'color'>): string {
  const query = new URLSearchParams({ product: row.productId })
  if (row.variety) query.set('option', row.variety)
  if (row.option2) query.set('option2', row.option2)
  if (row.color) query.set('colour', row.color)
  return `/admin/inventory/history?${query}`
}

export function InventoryForm({ rows, reply }: { rows: InventoryFormRow[]; reply?: FormReply }) {
  const saving = useNavigation().state === 'submitting'
  const echoed = (reply?.initialValue as { counts?: { stock?: string; price?: string; salePrice?: string }[] } | null | undefined)?.counts
  const formError = reply?.error?.['']?.[0]
  return (
    <Form method="post" className="grid gap-3">
      {formError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {formError}
        </p>
      ) : null}
      <ul aria-label="Stock" className="grid gap-2">
        {rows.map((row, index) => {
          const name = `counts[${index}]`
          const errors = [`${name}.stock`, `${name}.price`, `${name}.salePrice`].flatMap((field) => reply?.error?.[field] ?? [])
          const [price, sale] = [rupeesText(row.sellsAt?.pricePaise), rupeesText(row.sellsAt?.salePricePaise)]
          const label = [row.title, shelfName(row)].filter(Boolean).join(', ')
          return (
            <li
              key={`${row.productId}\u0000${row.variety}\u0000${row.option2 ?? ''}\u0000${row.color}`}
              className={cn(
                'grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-lg border p-3',
                errors.length ? 'border-red-500' : row.stock <= 0 ? 'border-red-200 dark:border-red-900' : 'border-zinc-200 dark:border-zinc-800',
              )}
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{row.title}</p>
                {shelfName(row) ? <p className="text-sm break-words">{shelfName(row)}</p> : null}
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {row.sku ? `SKU ${row.sku} · ` : ''}
                  {row.held} held · {row.sold} sold in 30 days
                  {row.stock > 0 && row.stock < LOW_STOCK_THRESHOLD ? ' · Low' : ''}
                  {row.stock <= 0 ? ' · Sold out' : ''}
                  {row.sellsAt && !row.ownPriceAllowed ? ` · ${formatPaise(unitOf(row.sellsAt))}` : ''}
                </p>
                <Link to={historyHref(row)} className="inline-flex min-h-11 items-center text-sm underline">
                  History
                </Link>
              </div>
              <div className="w-24">
                <input type="hidden" name={`${name}.productId`} value={row.productId} />
                <input type="hidden" name={`${name}.variety`} value={row.variety} />
                <input type="hidden" name={`${name}.option2`} value={row.option2 ?? ''} />
                <input type="hidden" name={`${name}.color`} value={row.color} />
                <input type="hidden" name={`${name}.seen`} value={row.stock} />
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_STOCK}
                  step={1}
                  name={`${name}.stock`}
                  defaultValue={echoed?.[index]?.stock ?? row.stock}
                  aria-label={`Stock of ${label}`}
                  aria-invalid={errors.length ? true : undefined}
                  aria-describedby={errors.length ? `${name}-error` : undefined}
                />
              </div>
              {row.ownPriceAllowed ? (
                <div className="col-span-2 grid grid-cols-2 gap-2 text-sm">
                  <input type="hidden" name={`${name}.seenPrice`} value={price} />
                  <input type="hidden" name={`${name}.seenSalePrice`} value={sale} />
                  {(
                    [
                      ['price', 'Price', price],
                      ['salePrice', 'Sale price', sale],
                    ] as const
                  ).map(([field, word, value]) => (
                    <label key={field} htmlFor={`${name}-${field}`} className="grid gap-1">
                      {word} (₹)
                      <Input
                        id={`${name}-${field}`}
                        type="text"
                        inputMode="decimal"
                        name={`${name}.${field}`}
                        defaultValue={echoed?.[index]?.[field] ?? value}
                        aria-label={`${word} of ${label}`}
                        className="h-9"
                      />
                    </label>
                  ))}
                </div>
              ) : null}
              {errors.length ? (
                <p id={`${name}-error`} className="col-span-2 text-sm text-red-600 dark:text-red-400">
                  {errors.join(' ')}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
      {/* Where a phone's thumb is: the one Save stays at the bottom of the screen. */}
      <div data-sticky-bar="" className="sticky bottom-0 z-10 -mx-1 border-t border-zinc-200 bg-white/95 px-1 py-3 dark:border-zinc-800 dark:bg-zinc-950/95">
        <div className="flex justify-end">
          <Button type="submit" disabled={saving} className="w-full sm:w-auto">
            {saving ? 'Saving…' : 'Save stock'}
          </Button>
        </div>
      </div>
    </Form>
  )
}
