// The product page's promise near Add to Cart (ADR 070): 'Made to order · ships by Fri 5 Dec' or 'Ready
// to ship · dispatched by Sat 28 Nov', for the choices made so far (issue 27: the chosen option, second
// option and colour, a variant's own making time counting). Before the choices settle it, each option's
// own when the option alone settles it, else the soonest and latest day; so the page says it right
// without JS too. The sentences and days come worked out from the server (productDispatch): no date
// code in the page's JavaScript; which making time a choice comes to is the domain's one rule
// (choiceMadeToOrderDays, app/lib/variants.ts).
import type { DispatchPromise, ProductDispatch } from '~/domain/catalog/dispatch-dates.server'
import { dispatchRangeSentence } from '~/lib/dispatch'

export function DispatchNote({
  dispatch,
  days,
  byOption,
}: {
  dispatch: ProductDispatch
  /** The making times the choices so far may still come to (openMadeToOrderDays), soonest first. */
  days: readonly number[]
  /** Before an option is chosen: each option's making times with the other choices so far. */
  byOption: readonly (readonly [string, readonly number[]])[]
}) {
  const promiseOf = (d: number | undefined): DispatchPromise => (d === undefined ? undefined : dispatch.byDays?.[d]) ?? dispatch.product
  const perOption = days.length > 1 && byOption.length > 1 && byOption.every(([, own]) => own.length === 1)
  const [soonest, latest] = [promiseOf(days[0]), promiseOf(days.at(-1))]
  return (
    <div data-dispatch-note="" aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300">
      {perOption ? (
        <ul className="grid gap-0.5">
          {byOption.map(([name, own]) => {
            const promise = promiseOf(own[0])
            return (
              <li key={name} data-dispatch-by={promise.day}>
                <span className="font-medium">{name}:</span> {promise.sentence}
              </li>
            )
          })}
        </ul>
      ) : days.length > 1 ? (
        <p data-dispatch-by={latest.day}>{dispatchRangeSentence(soonest, latest)}</p>
      ) : (
        <p data-dispatch-by={soonest.day}>{soonest.sentence}</p>
      )}
    </div>
  )
}
