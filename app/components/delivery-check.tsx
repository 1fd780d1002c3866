// The product page's delivery check (issue 30): a pincode in, "Delivery to 560038 by Sat 5 Dec, ₹40"
// out. A plain GET form: no JavaScript needed; the server remembers the pincode in a cookie. For a
// shopper with a remembered pincode it is a hole of the kept product page (ADR 106): the server renders
// the section alone for her and splices it over the kept page's `<section data-delivery="">`, with her
// line in a JSON element inside it that the client hydrates from.
import type { DeliveryCheck } from '~/lib/delivery'
import { jsonForScript } from '~/lib/json-for-script'
import { buttonClass } from './ui/button'

export type { DeliveryCheck }

/** The id of the `<script type="application/json">` element a spliced-in delivery line travels in. */
export const DELIVERY_ELEMENT_ID = 'delivery-check-data'

/** The line the server spliced into a kept page, read from its element (null when there is none or it is odd). */
function readDeliveryElement(): DeliveryCheck | null {
  if (typeof document === 'undefined') return null
  const text = document.getElementById(DELIVERY_ELEMENT_ID)?.textContent
  try {
    const parsed = text ? (JSON.parse(text) as Partial<DeliveryCheck>) : null
    return parsed && typeof parsed.pincode === 'string'
      ? { pincode: parsed.pincode, sentence: typeof parsed.sentence === 'string' ? parsed.sentence : null, error: typeof parsed.error === 'string' ? parsed.error : null }
      : null
  } catch {
    return null
  }
}

/**
 * The check the page shows: the loader's (a page rendered for this request, and every revalidation), or,
 * on a kept page (the loader's `undefined`: rendered for nobody), the one the server spliced in.
 */
export function deliveryCheckOf(loaderCheck: DeliveryCheck | null | undefined): DeliveryCheck | null {
  return loaderCheck === undefined ? readDeliveryElement() : loaderCheck
}

export function DeliveryCheckForm({ check: given }: { check: DeliveryCheck | null | undefined }) {
  const check = deliveryCheckOf(given)
  const errorId = 'delivery-pincode-error'
  return (
    <section
      data-delivery=""
      aria-labelledby="delivery-check"
      className="grid gap-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
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
      {check ? (
        <script
          type="application/json"
          id={DELIVERY_ELEMENT_ID}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (jsonForScript)
          dangerouslySetInnerHTML={{ __html: jsonForScript(check) }}
        />
      ) : null}
    </section>
  )
}
