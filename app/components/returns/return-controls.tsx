// The owner's controls under each return on the admin order page (issue 31, ADR 099): Approve or
// Decline with a message the shopper reads; for an approved return, "Received" with restock or
// write off per line (and, for damaged pieces, a refund without receiving them); for a received
// one, the refund. Plain forms, the same with JS off; a message comes back under the return it is about.
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, InlineError, inputClass } from '~/components/ui/field'
import { RETURN_LIMITS, type ReturnView } from '~/lib/returns'
import type { FormReply } from '~/web/form-reply'
import { BookPickupForm } from './return-pickup-note'

export function ReturnControls({ ret, reply, busy = false }: { ret: ReturnView; reply?: FormReply; busy?: boolean }) {
  const values = (reply?.initialValue ?? {}) as { returnId?: string; message?: string }
  const mine = values.returnId === ret.id
  const errors = mine ? (reply?.error ?? {}) : {}
  const formError = errors.form?.[0] ?? errors['']?.[0]
  const hidden = <input type="hidden" name="returnId" value={ret.id} />
  if (ret.status === 'requested') {
    const errorId = `return-${ret.id}-message-error`
    return (
      <Form method="post" className="mt-2 grid gap-2" aria-label={`Decide return ${ret.number}`}>
        {hidden}
        <Field label="Message to the shopper (needed to decline)" errors={errors.message ?? undefined} errorId={errorId}>
          <textarea
            name="message"
            rows={2}
            maxLength={RETURN_LIMITS.messageMax}
            defaultValue={mine ? (values.message ?? '') : ''}
            className={`${inputClass} h-auto py-2`}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? errorId : undefined}
          />
        </Field>
        <InlineError message={formError} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="return-approve" disabled={busy}>
            Approve
          </Button>
          <Button type="submit" name="intent" value="return-decline" variant="outline" disabled={busy}>
            Decline
          </Button>
        </div>
      </Form>
    )
  }
  if (ret.status === 'approved') {
    // Refunded without a pickup only when every piece is damaged and the shopper's photos show it (ADR 101).
    const damaged = ret.items.every((i) => i.reason === 'damaged') && ret.photos.length > 0
    return (
      <div className="mt-2 grid gap-2">
        <BookPickupForm ret={ret} busy={busy} />
        <Form method="post" className="grid gap-2" aria-label={`Receive return ${ret.number}`}>
          {hidden}
          {ret.items.map((item) => (
            <fieldset key={item.line} className="flex flex-wrap items-center gap-x-4">
              <legend className="text-sm font-medium">
                {item.quantity} × {item.title}
              </legend>
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name={`restock[${item.line}]`} value="restock" defaultChecked className="size-5" /> Back in stock
              </label>
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name={`restock[${item.line}]`} value="writeOff" className="size-5" /> Write off
              </label>
            </fieldset>
          ))}
          <InlineError message={formError} />
          <Button type="submit" name="intent" value="return-receive" className="justify-self-start" disabled={busy}>
            Received
          </Button>
        </Form>
        {damaged && !ret.exchange ? (
          <Form method="post" aria-label={`Refund return ${ret.number} without receiving it`}>
            {hidden}
            <Button type="submit" name="intent" value="return-refund-now" variant="outline" disabled={busy}>
              Refund without receiving it
            </Button>
          </Form>
        ) : null}
        <CloseReturnForm ret={ret} hidden={hidden} message={mine ? values.message : undefined} error={mine ? errors.message : undefined} busy={busy} />
      </div>
    )
  }
  if (ret.status === 'received') {
    return (
      <Form method="post" className="mt-2 grid gap-2" aria-label={`${ret.exchange ? 'Settle' : 'Refund'} return ${ret.number}`}>
        {hidden}
        <InlineError message={formError} />
        <Button type="submit" name="intent" value={ret.exchange ? 'return-settle' : 'return-refund'} className="justify-self-start" disabled={busy}>
          {ret.exchange ? 'Settle the exchange' : 'Refund the return'}
        </Button>
      </Form>
    )
  }
  return null
}

/** An approved return whose parcel never came back: closed with the owner's words (no refund; an exchange's held piece goes back). */
function CloseReturnForm({ ret, hidden, message, error, busy }: { ret: ReturnView; hidden: ReactNode; message?: string; error?: string[] | null; busy: boolean }) {
  const errorId = `return-${ret.id}-close-error`
  return (
    <details className="grid gap-2" open={Boolean(error)}>
      <summary className="min-h-11 cursor-pointer content-center text-sm underline">The parcel never came back: close the return</summary>
      <Form method="post" className="mt-2 grid gap-2" aria-label={`Close return ${ret.number}`}>
        {hidden}
        <Field label="Message to the shopper" errors={error ?? undefined} errorId={errorId}>
          <textarea
            name="message"
            rows={2}
            maxLength={RETURN_LIMITS.messageMax}
            defaultValue={message ?? ''}
            className={`${inputClass} h-auto py-2`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </Field>
        <Button type="submit" name="intent" value="return-close" variant="outline" className="justify-self-start" disabled={busy}>
          Close the return
        </Button>
      </Form>
    </details>
  )
}
