// The product page's delivery check (issue 30): a pincode in, "Delivery to 560038 by Sat 5 Dec, ₹40"
// out. A plain GET form: no JavaScript needed; the server remembers the pincode in a cookie.
import { buttonClass } from './ui/button'

/** What the page shows: the pincode asked about and its sentence, or the typed value and why it is refused. */
export interface DeliveryCheck {
  pincode: string
  sentence: string | null
  error: string | null
}

export function DeliveryCheckForm({ check }: { check: DeliveryCheck | null }) {
  const errorId = 'delivery-pincode-error'
  return (
    <section aria-labelledby="delivery-check" className="grid gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="delivery-check" className="font-semibold">
        Delivery
      </h2>
      <form method="get" className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          Pincode
          <input
            name="pincode"
            defaultValue={check?.pincode ?? ''}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={20}
            required
            aria-invalid={check?.error ? true : undefined}
            aria-describedby={check?.error ? errorId : undefined}
            className="min-h-11 w-36 rounded-md border border-zinc-300 px-3 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <button type="submit" className={buttonClass('outline', 'md')}>
          Check delivery
        </button>
      </form>
      {check?.error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {check.error}
        </p>
      ) : null}
      {check?.sentence ? (
        <p className="text-sm" data-delivery-check>
          {check.sentence}
        </p>
      ) : null}
    </section>
  )
}
