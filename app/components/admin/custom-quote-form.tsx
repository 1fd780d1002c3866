// The owner's quote on a custom request (ADR 088): the form that sends it (a message to the shopper,
// the price, the dispatch day, an advance, how long it stands), and where the quote stands now.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input, inputClass } from '~/components/ui/field'
import { QUOTE_LIMITS } from '~/lib/custom-orders'
import { formatDateTime } from '~/lib/dates'
import { formatPaise, paiseToRupees } from '~/lib/money'
import type { QuoteView } from '~/domain/custom-orders/quotes.server'
import type { PaymentLinkView } from '~/domain/custom-orders/quote-payments.server'

const STATE_WORDS: Record<QuoteView['state'], string> = {
  none: 'No quote sent yet.',
  open: 'Sent; waiting for the shopper.',
  expired: 'Expired without an answer.',
  accepted: 'Accepted by the shopper; waiting for the payment.',
  declined: 'Declined.',
  paid: 'Paid: it is an order.',
}

export function QuoteStatus({ quote, links }: { quote: QuoteView; links: PaymentLinkView[] }) {
  return (
    <section className="grid gap-2 rounded-lg border border-zinc-200 p-4 text-sm dark:border-zinc-800" aria-labelledby="quote-status">
      <h2 id="quote-status" className="font-semibold">
        Quote
      </h2>
      <p>{STATE_WORDS[quote.state]}</p>
      {quote.declinedBy === 'shopper' ? <p>The shopper's reason: {quote.declineReason}</p> : null}
      {quote.pricePaise !== null && quote.state !== 'none' ? (
        <p>
          {formatPaise(quote.pricePaise)}
          {quote.advancePaise > 0 ? ` (advance ${formatPaise(quote.advancePaise)}, balance ${formatPaise(quote.balancePaise)})` : ''}
          {quote.expiresAt ? ` · stands until ${formatDateTime(quote.expiresAt)}` : ''}
        </p>
      ) : null}
      {links.length > 0 ? (
        <ul className="grid gap-1">
          {links.map((link) => (
            <li key={`${link.kind}-${link.shortUrl}`}>
              Payment link ({link.kind}) {formatPaise(link.amountPaise)}: {link.status}
              {link.paidAt ? `, ${formatDateTime(link.paidAt)}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {quote.orderId ? (
        <Link to={`/admin/orders/${quote.orderId}`} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-500">
          Open the order
        </Link>
      ) : null}
    </section>
  )
}

export function QuoteForm({ quote, lastResult, busy }: { quote: QuoteView; lastResult?: SubmissionResult<string[]> | null; busy: boolean }) {
  const [form, fields] = useForm({
    id: 'custom-quote',
    lastResult,
    shouldValidate: 'onSubmit',
    defaultValue: {
      message: quote.message,
      price: quote.pricePaise === null ? '' : String(paiseToRupees(quote.pricePaise)),
      dispatchBy: quote.dispatchBy ?? '',
      advancePercent: String(quote.advancePercent),
      expiresInDays: String(QUOTE_LIMITS.defaultExpiryDays),
    },
  })
  return (
    <Form method="post" className="grid gap-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" {...getFormProps(form)}>
      <h2 className="font-semibold">{quote.state === 'none' ? 'Send a quote' : 'Send a new quote'}</h2>
      <input type="hidden" name="intent" value="quote" />
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Message to the shopper" errors={fields.message.errors} errorId={fields.message.errorId}>
        <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={4} maxLength={QUOTE_LIMITS.message} className={`${inputClass} h-auto py-2`} />
      </Field>
      <Field label="Price in rupees" errors={fields.price.errors} errorId={fields.price.errorId}>
        <Input {...getInputProps(fields.price, { type: 'text' })} key={fields.price.key} inputMode="decimal" placeholder="e.g. 3200" />
      </Field>
      <Field label="Expected dispatch date" errors={fields.dispatchBy.errors} errorId={fields.dispatchBy.errorId}>
        <Input {...getInputProps(fields.dispatchBy, { type: 'date' })} key={fields.dispatchBy.key} />
      </Field>
      <Field label="Advance" errors={fields.advancePercent.errors} errorId={fields.advancePercent.errorId}>
        <select {...getSelectProps(fields.advancePercent)} key={fields.advancePercent.key} className={inputClass}>
          {QUOTE_LIMITS.advancePercents.map((percent) => (
            <option key={percent} value={String(percent)}>
              {percent === 0 ? 'No advance: the whole price at once' : `${percent}% now, the balance before dispatch`}
            </option>
          ))}
        </select>
      </Field>
      <Field label="The quote stands for (days)" errors={fields.expiresInDays.errors} errorId={fields.expiresInDays.errorId}>
        <Input {...getInputProps(fields.expiresInDays, { type: 'text' })} key={fields.expiresInDays.key} inputMode="numeric" />
      </Field>
      <Button type="submit" disabled={busy}>
        Send the quote
      </Button>
    </Form>
  )
}
