// The admin's controls on an order: the status form, which offers only the moves the order's life
// allows from where it is (ORDER_STATUS_MOVES), with shipping details fields for a move to
// inShipping; and the shipping details form of an order already shipped or delivered.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, InlineError, Input, inputClass } from '~/components/ui/field'
import { nextOrderStatuses, type OrderStatus, orderStatusLabel } from '~/lib/order-status'
import { TRACKING_LIMITS, type Tracking } from '~/lib/tracking'
import type { FormReply } from '~/web/form-reply'

const boxClass = 'grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800'

/** A field's messages in a reply, and the value it echoes (what was typed), if any. */
function fieldOf(reply: FormReply | undefined, name: string) {
  const echoed = (reply?.initialValue as Record<string, unknown> | null | undefined)?.[name]
  return { errors: reply?.error?.[name] ?? undefined, echoed: typeof echoed === 'string' ? echoed : undefined }
}

/** The reply of the form that posted `intent` (the shipping details form posts 'tracking', the status form none). */
export function replyOf(reply: FormReply | undefined, intent: 'tracking' | 'status'): FormReply | undefined {
  const posted = (reply?.initialValue as Record<string, unknown> | null | undefined)?.intent === 'tracking' ? 'tracking' : 'status'
  return posted === intent ? reply : undefined
}

/** Carrier, tracking number and tracking link, each with its message next to it. */
export function TrackingFields({ tracking, reply, idPrefix }: { tracking: Tracking | null; reply?: FormReply; idPrefix: string }) {
  const fields = [
    { name: 'carrier', label: 'Carrier', value: tracking?.carrier, max: TRACKING_LIMITS.carrier, hint: 'e.g. Delhivery, India Post' },
    { name: 'trackingNumber', label: 'Tracking number', value: tracking?.number, max: TRACKING_LIMITS.number, hint: undefined },
    { name: 'trackingUrl', label: 'Tracking link', value: tracking?.url, max: TRACKING_LIMITS.url, hint: 'https://…' },
  ] as const
  return (
    <>
      {fields.map((field) => {
        const { errors, echoed } = fieldOf(reply, field.name)
        const errorId = `${idPrefix}-${field.name}-error`
        return (
          <Field key={field.name} label={field.label} errors={errors} errorId={errorId}>
            <Input
              name={field.name}
              defaultValue={echoed ?? field.value ?? ''}
              maxLength={field.max}
              placeholder={field.hint}
              inputMode={field.name === 'trackingUrl' ? 'url' : undefined}
              autoComplete="off"
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? errorId : undefined}
            />
          </Field>
        )
      })}
    </>
  )
}

/**
 * The status select with only the moves allowed from `status`; a final status shows no control,
 * only the words. When a move to inShipping is offered, the shipping details fields come with it:
 * shown while the select says inShipping (CSS `:has`, so without JS as well), used only then.
 */
export function OrderStatusForm({ status, reply, busy = false }: { status: OrderStatus; reply?: FormReply; busy?: boolean }) {
  const next = nextOrderStatuses(status, 'admin')
  if (next.length === 0) {
    return (
      // A grid box would make each text run a grid item of its own: the sentence sits in a <p> inside.
      <div className={boxClass}>
        <p className="text-sm">
          Order Status: <strong>{orderStatusLabel(status)}</strong>. This order is closed; its status no longer changes.
        </p>
      </div>
    )
  }
  const { echoed } = fieldOf(reply, 'orderStatus')
  const error = reply?.error?.['']?.[0] ?? reply?.error?.orderStatus?.[0]
  return (
    <Form method="post" className={`group/status ${boxClass}`}>
      <label className="grid gap-1 text-sm font-medium">
        Order Status
        <select
          name="orderStatus"
          defaultValue={echoed && (next as string[]).includes(echoed) ? echoed : ''}
          className={inputClass}
          aria-invalid={error ? true : undefined}
        >
          <option value="">Select status</option>
          {next.map((to) => (
            <option key={to} value={to}>
              {orderStatusLabel(to)}
            </option>
          ))}
        </select>
      </label>
      <InlineError message={error} />
      {next.includes('inShipping') ? (
        <fieldset className="grid gap-3 group-has-[option:not([value=inShipping]):checked]/status:hidden">
          <legend className="mb-1 text-sm font-semibold">Shipping details (optional)</legend>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Used when the status is {orderStatusLabel('inShipping')}: the shopper sees them on the order.</p>
          <TrackingFields tracking={null} reply={reply} idPrefix="status" />
        </fieldset>
      ) : null}
      <Button type="submit" disabled={busy}>
        Update Order Status
      </Button>
    </Form>
  )
}

/** The shipping details of a shipped or delivered order, editable; all fields empty removes them. */
export function TrackingForm({ tracking, reply, busy = false }: { tracking: Tracking | null; reply?: FormReply; busy?: boolean }) {
  return (
    <Form method="post" className={boxClass} aria-labelledby="tracking-form-title">
      <h2 id="tracking-form-title" className="font-semibold">
        Edit shipping details
      </h2>
      <input type="hidden" name="intent" value="tracking" />
      <TrackingFields tracking={tracking} reply={reply} idPrefix="tracking" />
      <InlineError message={reply?.error?.tracking?.[0]} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">A carrier and a tracking number or link; empty every field to remove them.</p>
      <Button type="submit" variant="outline" disabled={busy}>
        Save shipping details
      </Button>
    </Form>
  )
}
