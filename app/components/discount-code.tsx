// The shopper's discount code box (cart, cart sheet and checkout, ADR 073): a plain form that works
// without JS (the page's action answers it), the saving as its own line, and why a code is refused
// or no longer applies, next to the field. No client-side checks: the server decides every rupee.
import { Form } from 'react-router'
import { buttonClass } from './ui/button'

import type { DiscountReply, DiscountSummary } from './discount-line'

/** `action`: the page whose action answers the form; `redirectTo`: where a plain post comes back. */
export function DiscountCodeBox({
  discount,
  reply,
  action,
  redirectTo,
}: {
  discount: DiscountSummary | null | undefined
  reply?: DiscountReply | null
  action: string
  redirectTo: string
}) {
  if (discount) {
    return (
      <Form method="post" action={action} className="grid gap-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="flex items-center justify-between gap-2">
          <p role="status" className={discount.applies || discount.outdone ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'font-medium text-red-700 dark:text-red-400'}>
            {discount.message}
          </p>
          <button type="submit" name="intent" value="discount-remove" className={buttonClass('outline', 'sm')} aria-label={`Remove code ${discount.code}`}>
            Remove
          </button>
        </div>
      </Form>
    )
  }
  const errorId = 'discount-code-error'
  return (
    <Form method="post" action={action} className="grid gap-1 text-sm">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor="discount-code" className="font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id="discount-code"
          name="code"
          defaultValue={reply?.typed ?? ''}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={40}
          required
          aria-invalid={reply ? true : undefined}
          aria-describedby={reply ? errorId : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-zinc-300 bg-transparent px-3 uppercase dark:border-zinc-700"
        />
        <button type="submit" name="intent" value="discount-apply" className={buttonClass('outline', 'md')}>
          Apply
        </button>
      </div>
      {reply ? (
        <p id={errorId} role="alert" className="text-red-700 dark:text-red-400">
          {reply.error}
        </p>
      ) : null}
    </Form>
  )
}
