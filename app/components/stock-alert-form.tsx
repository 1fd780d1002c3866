// 'Notify me' under a product with a sold-out choice (ADR 066): which choice (when there are several)
// and an email address; one mail when it is back, then the address is forgotten. A plain post to the
// product page: the same with JavaScript on or off.
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, Input, inputClass } from '~/components/ui/field'
import { STOCK_ALERT_INTENT, STOCK_ALERT_SEPARATOR } from '~/schemas/stock-alert'
import type { FormReply } from '~/web/form-reply'

export interface SoldOutShelf {
  variety: string
  color: string
}

/** The product's sold-out choices: its variants with none left, or the product itself when it has no variants and none left. */
export function soldOutShelves(product: { totalStock: number; variants: (SoldOutShelf & { available: number })[] }): SoldOutShelf[] {
  if (product.variants.length === 0) return product.totalStock <= 0 ? [{ variety: '', color: '' }] : []
  return product.variants.filter((variant) => variant.available <= 0).map(({ variety, color }) => ({ variety, color }))
}

function shelfLabel(optionLabel: string, shelf: SoldOutShelf): string {
  return [shelf.variety ? `${optionLabel || 'Option'}: ${shelf.variety}` : '', shelf.color ? `Colour: ${shelf.color}` : ''].filter(Boolean).join(', ')
}

export function StockAlertForm({
  shelves,
  optionLabel,
  email,
  reply,
}: {
  shelves: SoldOutShelf[]
  optionLabel: string
  /** The signed-in shopper's address, offered as it is. */
  email?: string
  reply?: FormReply
}) {
  const sending = useNavigation().formData?.get('intent') === STOCK_ALERT_INTENT
  if (shelves.length === 0) return null
  const echoed = (reply?.initialValue ?? {}) as { shelf?: string; email?: string }
  const errors = reply?.error?.email ?? reply?.error?.[''] ?? undefined
  const value = (shelf: SoldOutShelf) => `${shelf.variety}${STOCK_ALERT_SEPARATOR}${shelf.color}`
  const whole = shelves.length === 1 && !shelves[0]?.variety && !shelves[0]?.color
  return (
    <section aria-labelledby="notify-heading" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="notify-heading" className="font-semibold">
        {whole ? 'Sold out: tell me when it is back' : 'Some choices are sold out: tell me when one is back'}
      </h2>
      <Form method="post" className="grid gap-3" preventScrollReset>
        <input type="hidden" name="intent" value={STOCK_ALERT_INTENT} />
        {whole ? (
          <input type="hidden" name="shelf" value={value(shelves[0] as SoldOutShelf)} />
        ) : (
          <Field label="Which choice">
            <select name="shelf" defaultValue={echoed.shelf ?? value(shelves[0] as SoldOutShelf)} className={inputClass}>
              {shelves.map((shelf) => (
                <option key={value(shelf)} value={value(shelf)}>
                  {shelfLabel(optionLabel, shelf)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field label="Email" errors={errors} errorId="notify-email-error">
          <Input
            type="email"
            name="email"
            autoComplete="email"
            maxLength={254}
            required
            defaultValue={echoed.email ?? email ?? ''}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? 'notify-email-error' : undefined}
          />
        </Field>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">One mail when it is back in stock; then we forget your address for it.</p>
        <Button type="submit" variant="outline" disabled={sending}>
          {sending ? 'Saving…' : 'Notify me'}
        </Button>
      </Form>
    </section>
  )
}
