// 'Cancel order' (the shopper) and 'Reject and refund' (the admin): a link to the page's `?<param>=1`
// confirmation, then a POST. Plain links and forms: the same steps with JavaScript on or off.
import { Form, Link } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button'
import { Field, InlineError, inputClass } from '~/components/ui/field'
import { formatPaise } from '~/lib/money'

export interface OrderEndConfirmProps {
  /** The page's address without the query (the confirmation is at `?{param}=1`). */
  path: string
  param: string
  /** The form's intent (the action tells it apart from other forms on the page). */
  intent: string
  /** Whether the confirmation step is open (the loader read `?{param}=1`). */
  confirming: boolean
  /** 'Cancel order' / 'Reject and refund'. */
  label: string
  question: string
  confirmLabel: string
  keepLabel: string
  /** The amount that goes back, when the order is paid. */
  refundPaise: number | null
  /** True when partial refunds gave some back already: the amount is what is left (ADR 087). */
  refundIsRest?: boolean
  /** A reason the shopper reads ('Reject and refund', ADR 087): a required field in the confirmation. */
  reason?: { label: string; maxLength: number; errors?: string[]; value?: string }
  error?: string
}

export function OrderEndConfirm(props: OrderEndConfirmProps) {
  // The confirmation opens where the link was, far down a phone's page: the link names it by its id
  // so the browser (without JS) and the router (with JS) scroll to it instead of the page's top.
  const anchor = `${props.intent}-confirm`
  if (!props.confirming) {
    return (
      <div className="grid gap-1">
        <Link to={`${props.path}?${props.param}=1#${anchor}`} className={buttonClass('outline', 'md', 'w-full sm:w-auto')}>
          {props.label}
        </Link>
        <InlineError message={props.error} />
      </div>
    )
  }
  return (
    <section id={anchor} aria-labelledby={`${props.intent}-heading`} className="grid scroll-mt-20 gap-3 rounded-lg border border-red-300 p-4 dark:border-red-800">
      <h2 id={`${props.intent}-heading`} className="font-semibold">
        {props.question}
      </h2>
      <p className="text-sm">
        {props.refundPaise !== null
          ? `${props.refundIsRest ? 'What is left of the payment' : 'The full amount'}, ${formatPaise(props.refundPaise)}, will be refunded to the card or UPI account that paid it.`
          : 'Nothing has been paid for it, so there is nothing to refund.'}
      </p>
      <Form method="post" action={props.path} className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={props.intent} />
        {props.reason ? (
          <Field label={props.reason.label} errors={props.reason.errors} errorId={`${props.intent}-reason-error`} className="w-full">
            <textarea
              name="reason"
              required
              maxLength={props.reason.maxLength}
              rows={2}
              defaultValue={props.reason.value ?? ''}
              className={`${inputClass} h-auto py-2`}
              aria-invalid={props.reason.errors ? true : undefined}
              aria-describedby={props.reason.errors ? `${props.intent}-reason-error` : undefined}
            />
          </Field>
        ) : null}
        <Button type="submit" variant="destructive" className="max-sm:w-full">
          {props.confirmLabel}
        </Button>
        <Link to={props.path} className={buttonClass('outline', 'md', 'max-sm:w-full')}>
          {props.keepLabel}
        </Link>
      </Form>
      <InlineError message={props.error} />
    </section>
  )
}
