// The product page's promise near Add to Cart (ADR 070): 'Made to order · ships by Fri 5 Dec' or 'Ready
// to ship · dispatched by Sat 28 Nov', for the chosen option; before a choice, each option's own when
// they differ (so the page says it right without JS too). The sentences come worked out from the
// server (productDispatch): no date code in the page's JavaScript.
import type { DispatchPromise, ProductDispatch } from '~/domain/catalog/dispatch-dates.server'

const same = (a: DispatchPromise, b: DispatchPromise) => a.madeToOrderDays === b.madeToOrderDays && a.day === b.day

export function DispatchNote({ dispatch, chosenOption }: { dispatch: ProductDispatch; chosenOption: string | null }) {
  const chosen = chosenOption === null ? undefined : dispatch.options[chosenOption]
  const options = Object.entries(dispatch.options)
  const differing = chosen === undefined && options.some(([, promise]) => !same(promise, options[0]?.[1] ?? dispatch.product))
  const shown = chosen ?? options[0]?.[1] ?? dispatch.product
  return (
    <div data-dispatch-note="" aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300">
      {differing ? (
        <ul className="grid gap-0.5">
          {options.map(([name, promise]) => (
            <li key={name} data-dispatch-by={promise.day}>
              <span className="font-medium">{name}:</span> {promise.sentence}
            </li>
          ))}
        </ul>
      ) : (
        <p data-dispatch-by={shown.day}>{shown.sentence}</p>
      )}
    </div>
  )
}
