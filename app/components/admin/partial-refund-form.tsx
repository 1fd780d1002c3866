// The admin's partial refund (ADR 087): pieces of the order's lines (and the delivery) or an amount,
// a reason the shopper reads, and whether the pieces go back in stock. One plain form: the radio
// shows its part through CSS `:has`, so it reads the same with JavaScript off; the form's key makes
// a second tap the same refund.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, InlineError, Input, inputClass } from '~/components/ui/field'
import { formatPaise } from '~/lib/money'
import { REFUND_REASON_MAX } from '~/lib/refund-shares'
import type { FormReply } from '~/web/form-reply'
import type { RefundableOrder } from '~/domain/orders/partial-refunds.server'

const boxClass = 'group/refund grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800'

/** The reply of the refund form (its intent echoed), else nothing. */
export function refundReplyOf(reply: FormReply | undefined): FormReply | undefined {
  return (reply?.initialValue as Record<string, unknown> | null | undefined)?.intent === 'refund' ? reply : undefined
}

function echoOf(reply: FormReply | undefined) {
  const values = (reply?.initialValue ?? {}) as Record<string, unknown>
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined)
  const qty = Array.isArray(values.qty) ? (values.qty as unknown[]) : []
  return { text, qty: (line: number) => (typeof qty[line] === 'string' ? (qty[line] as string) : undefined) }
}

export function PartialRefundForm({ refundable, refundKey, reply, busy = false }: { refundable: RefundableOrder; refundKey: string; reply?: FormReply; busy?: boolean }) {
  const echo = echoOf(reply)
  const errors = reply?.error ?? {}
  const amountMode = echo.text('mode') === 'amount'
  return (
    <Form method="post" className={boxClass} aria-labelledby="refund-form-title" id="refund">
      <h2 id="refund-form-title" className="font-semibold">
        Refund part of this order
      </h2>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="key" value={echo.text('key') ?? refundKey} />
      <fieldset className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <legend className="mb-1 text-sm font-medium">What to refund</legend>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="radio" name="mode" value="items" defaultChecked={!amountMode} className="size-5" /> Pieces
        </label>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="radio" name="mode" value="amount" defaultChecked={amountMode} className="size-5" /> An amount
        </label>
      </fieldset>
      <fieldset className="grid gap-3 group-has-[[name=mode][value=amount]:checked]/refund:hidden">
        <legend className="sr-only">Pieces to refund</legend>
        {refundable.lines.map((line) => {
          const messages = errors[`items.${line.line}`] ?? undefined
          const errorId = `refund-qty-${line.line}-error`
          return (
            <Field
              key={line.line}
              label={`${line.title}${line.choice ? ` (${line.choice})` : ''}: pieces to refund, ${line.piecesLeft} left`}
              errors={messages}
              errorId={errorId}
            >
              <Input
                type="number"
                name={`qty[${line.line}]`}
                min={0}
                max={line.piecesLeft}
                step={1}
                inputMode="numeric"
                disabled={line.piecesLeft === 0}
                defaultValue={echo.qty(line.line) ?? ''}
                aria-invalid={messages ? true : undefined}
                aria-describedby={messages ? errorId : undefined}
              />
            </Field>
          )
        })}
        {refundable.deliveryLeftPaise > 0 ? (
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="includeDelivery" defaultChecked={echo.text('includeDelivery') === 'on'} className="size-5" /> Also refund the
            delivery ({formatPaise(refundable.deliveryLeftPaise)})
          </label>
        ) : null}
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="restock" defaultChecked={echo.text('restock') === 'on'} className="size-5" /> Put the pieces back in stock
        </label>
      </fieldset>
      <div className="hidden group-has-[[name=mode][value=amount]:checked]/refund:grid">
        <Field label={`Amount (₹), at most ${formatPaise(refundable.amountLeftPaise)}`} errors={errors.amount ?? undefined} errorId="refund-amount-error">
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={echo.text('amount') ?? ''}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? 'refund-amount-error' : undefined}
          />
        </Field>
      </div>
      <Field label="Reason (the shopper reads it)" errors={errors.reason ?? undefined} errorId="refund-reason-error">
        <textarea
          name="reason"
          required
          maxLength={REFUND_REASON_MAX}
          rows={2}
          defaultValue={echo.text('reason') ?? ''}
          className={`${inputClass} h-auto py-2`}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'refund-reason-error' : undefined}
        />
      </Field>
      <InlineError message={errors.form?.[0] ?? errors['']?.[0] ?? errors.items?.[0]} />
      <Button type="submit" variant="outline" disabled={busy}>
        Refund
      </Button>
    </Form>
  )
}
