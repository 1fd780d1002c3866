// The shopper's side of a custom order's quote (ADR 088): the studio's message, the price, the
// advance, the dispatch day and until when it stands; while it stands, accept (with the delivery
// address, then on to pay) or decline (with a reason); once accepted, the Pay button; else why not.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input, inputClass } from '~/components/ui/field'
import { formatCustomOrderNumber, QUOTE_LIMITS } from '~/lib/custom-orders'
import { formatDate, formatDateTime } from '~/lib/dates'
import { INDIAN_STATES_AND_UTS } from '~/lib/indian-states'
import { formatPaise } from '~/lib/money'
import type { AddressInput } from '~/schemas/address'
import type { QuoteView } from '~/domain/custom-orders/quotes.server'

export interface QuoteAnswerProps {
  requestId: number
  description: string
  quote: QuoteView
  /** What is due now and can be paid here (signed in); null when nothing, or not here. */
  due: { amountPaise: number; kind: 'full' | 'advance' | 'balance' } | null
  lastResult?: SubmissionResult<string[]> | null
  busy: boolean
}

export function QuoteAnswer({ requestId, description, quote, due, lastResult, busy }: QuoteAnswerProps) {
  // Which form the reply answers: the decline's carries its reason (the intent is not in the schemas).
  const sent = lastResult?.initialValue as Record<string, unknown> | null | undefined
  const intent = sent && 'reason' in sent ? 'decline' : 'accept'
  return (
    <section className="grid gap-4" aria-labelledby="quote-heading">
      <h1 id="quote-heading" className="text-2xl font-bold">
        Your custom order {formatCustomOrderNumber(requestId)}
      </h1>
      <p className="line-clamp-3 break-words text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      {quote.state === 'none' ? <p>The studio has not sent a price yet.</p> : <QuoteFacts quote={quote} />}
      {quote.says ? (
        <p role="status" className="rounded-md border border-zinc-300 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-900">
          {quote.says}
        </p>
      ) : null}
      {quote.state === 'open' ? (
        <>
          <AcceptForm lastResult={intent === 'decline' ? null : lastResult} busy={busy} />
          <DeclineForm lastResult={intent === 'decline' ? lastResult : null} busy={busy} />
        </>
      ) : null}
      {due ? (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="pay" />
          <Button type="submit" disabled={busy}>
            Pay {formatPaise(due.amountPaise)}
            {due.kind === 'advance' ? ' (advance)' : due.kind === 'balance' ? ' (balance)' : ''}
          </Button>
        </Form>
      ) : null}
    </section>
  )
}

function QuoteFacts({ quote }: { quote: QuoteView }) {
  return (
    <dl className="grid gap-2 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800">
      <p className="whitespace-pre-line break-words">{quote.message}</p>
      <div>
        <dt className="inline font-medium">Price: </dt>
        <dd className="inline font-semibold">{quote.pricePaise === null ? '' : formatPaise(quote.pricePaise)}</dd>
      </div>
      {quote.advancePaise > 0 ? (
        <div>
          <dt className="inline font-medium">Advance: </dt>
          <dd className="inline">
            {formatPaise(quote.advancePaise)} now, {formatPaise(quote.balancePaise)} before dispatch
          </dd>
        </div>
      ) : null}
      {quote.dispatchBy ? (
        <div>
          <dt className="inline font-medium">Expected dispatch: </dt>
          <dd className="inline">{formatDate(`${quote.dispatchBy}T12:00:00Z`)}</dd>
        </div>
      ) : null}
      {quote.state === 'open' && quote.expiresAt ? (
        <div>
          <dt className="inline font-medium">The quote stands until: </dt>
          <dd className="inline">{formatDateTime(quote.expiresAt)}</dd>
        </div>
      ) : null}
    </dl>
  )
}

function AcceptForm({ lastResult, busy }: { lastResult?: SubmissionResult<string[]> | null; busy: boolean }) {
  const [form, fields] = useForm<AddressInput>({ id: 'quote-accept', lastResult, shouldValidate: 'onSubmit', defaultValue: { country: 'India' } })
  return (
    <Form method="post" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" {...getFormProps(form)}>
      <h2 className="font-semibold">Accept and pay</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Where should we send your piece?</p>
      <input type="hidden" name="intent" value="accept" />
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Recipient name (optional)" errors={fields.name.errors} errorId={fields.name.errorId}>
        <Input {...getInputProps(fields.name, { type: 'text' })} key={fields.name.key} autoComplete="name" />
      </Field>
      <Field label="Phone" errors={fields.phone.errors} errorId={fields.phone.errorId}>
        <Input {...getInputProps(fields.phone, { type: 'tel' })} key={fields.phone.key} autoComplete="tel" required />
      </Field>
      <Field label="Address" errors={fields.addressLine.errors} errorId={fields.addressLine.errorId}>
        <Input {...getInputProps(fields.addressLine, { type: 'text' })} key={fields.addressLine.key} autoComplete="street-address" required />
      </Field>
      <Field label="Pincode" errors={fields.pincode.errors} errorId={fields.pincode.errorId}>
        <Input {...getInputProps(fields.pincode, { type: 'text' })} key={fields.pincode.key} inputMode="numeric" autoComplete="postal-code" required />
      </Field>
      <Field label="City" errors={fields.city.errors} errorId={fields.city.errorId}>
        <Input {...getInputProps(fields.city, { type: 'text' })} key={fields.city.key} autoComplete="address-level2" required />
      </Field>
      <Field label="State" errors={fields.state.errors} errorId={fields.state.errorId}>
        <select {...getSelectProps(fields.state)} key={fields.state.key} className={inputClass} required>
          <option value="">Choose a state</option>
          {INDIAN_STATES_AND_UTS.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
      </Field>
      <input type="hidden" name="country" value="India" />
      <Button type="submit" disabled={busy}>
        Accept the quote
      </Button>
    </Form>
  )
}

function DeclineForm({ lastResult, busy }: { lastResult?: SubmissionResult<string[]> | null; busy: boolean }) {
  const [form, fields] = useForm<{ reason: string }>({ id: 'quote-decline', lastResult, shouldValidate: 'onSubmit' })
  return (
    <Form method="post" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" {...getFormProps(form)}>
      <h2 className="font-semibold">Decline</h2>
      <input type="hidden" name="intent" value="decline" />
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Why? (the studio reads it)" errors={fields.reason.errors} errorId={fields.reason.errorId}>
        <textarea {...getTextareaProps(fields.reason)} key={fields.reason.key} rows={3} maxLength={QUOTE_LIMITS.declineReason} className={`${inputClass} h-auto py-2`} />
      </Field>
      <Button type="submit" variant="outline" disabled={busy}>
        Decline the quote
      </Button>
    </Form>
  )
}
