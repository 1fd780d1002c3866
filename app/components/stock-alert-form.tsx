// 'Notify me' under a product with a sold-out choice (ADR 066): which choice (when there are several)
// and an email address; one mail when it is back, then the address is forgotten. A plain post to the
// product page: the same with JavaScript on or off. The choices come from the loader
// (soldOutChoices); like the reviews, it imports little (no ui/field): the product page is the
// largest on the JS budget (ADR 017).
import { Form, useNavigation } from 'react-router'
import { type SoldOutChoice, STOCK_ALERT_INTENT } from '~/lib/stock-alerts'
import type { FormReply } from '~/web/form-reply'
import { buttonClass } from './ui/button'

const labelClass = 'grid gap-1.5 text-sm font-medium'
const controlClass =
  'block h-11 w-full rounded-md border border-zinc-300 bg-white px-3 text-base text-zinc-900 placeholder:text-zinc-400 aria-[invalid=true]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100'

export function StockAlertForm({
  choices,
  email,
  reply,
}: {
  /** The sold-out choices; one without a label is the whole piece. */
  choices: SoldOutChoice[]
  /** The signed-in shopper's address, offered as it is. */
  email?: string
  reply?: FormReply
}) {
  const sending = useNavigation().formData?.get('intent') === STOCK_ALERT_INTENT
  const first = choices[0]
  if (!first) return null
  const echoed = (reply?.initialValue ?? {}) as { shelf?: string; email?: string }
  const errors = reply?.error?.email ?? reply?.error?.[''] ?? undefined
  const whole = choices.length === 1 && !first.label
  return (
    <section aria-labelledby="notify-heading" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="notify-heading" className="font-semibold">
        {whole ? 'Sold out: tell me when it is back' : 'Some choices are sold out: tell me when one is back'}
      </h2>
      <Form method="post" className="grid gap-3" preventScrollReset>
        <input type="hidden" name="intent" value={STOCK_ALERT_INTENT} />
        {whole ? (
          <input type="hidden" name="shelf" value={first.value} />
        ) : (
          <div className="grid gap-1.5">
            <label className={labelClass}>
              Which choice
              <select name="shelf" defaultValue={echoed.shelf ?? first.value} className={controlClass}>
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        <div className="grid gap-1.5">
          <label className={labelClass}>
            Email
            <input
              type="email"
              name="email"
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={echoed.email ?? email ?? ''}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? 'notify-email-error' : undefined}
              className={controlClass}
            />
          </label>
          {errors?.length ? (
            <p id="notify-email-error" className="text-sm text-red-600 dark:text-red-400">
              {errors.join(' ')}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">One mail when it is back in stock; then we forget your address for it.</p>
        <button type="submit" disabled={sending} className={buttonClass('outline', 'md')}>
          {sending ? 'Saving…' : 'Notify me'}
        </button>
      </Form>
    </section>
  )
}
