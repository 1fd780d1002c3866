// A failed delivery and a return to origin on the admin order page (issue 30, ADR 102): the courier's
// reason, then Re-attempt (a corrected phone or address, each optional) or Return to origin; once the
// parcel is back at the studio, "Received back" with restock or write off per line. Plain forms: the
// same with JS off, each message next to its field.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, InlineError, inputClass } from '~/components/ui/field'
import { formatDateTime } from '~/lib/dates'
import type { NdrView, RtoView } from '~/lib/shipments'
import type { FormReply } from '~/web/form-reply'

interface Line {
  title: string
  quantity: number
}

export function ParcelNdr({ ndrs, rto, lines, reply, busy = false }: { ndrs: NdrView[]; rto: RtoView | null; lines: Line[]; reply?: FormReply; busy?: boolean }) {
  const latest = ndrs.at(-1)
  if (!latest && !rto) return null
  const values = (reply?.initialValue ?? {}) as Record<string, string | undefined>
  const errors = reply?.error ?? {}
  const formError = errors.ndr?.[0] ?? errors.receive?.[0] ?? errors['']?.[0]
  const answering = latest && latest.actionState !== 'sent' && !rto
  return (
    <section className="grid gap-3 rounded-lg border border-amber-300 p-4 dark:border-amber-700" aria-labelledby="parcel-ndr-title" data-ndr-attempts={ndrs.length}>
      <h2 id="parcel-ndr-title" className="font-semibold">
        {rto ? 'Parcel returning to the studio' : 'Delivery failed'}
      </h2>
      {ndrs.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {ndrs.map((ndr) => (
            <li key={ndr.id}>
              Attempt {ndr.attempt}: <strong>{ndr.reason}</strong> · {formatDateTime(ndr.at)}
              {ndr.actionState === 'sent' ? ` · ${ndr.action === 'reattempt' ? 'Re-attempt asked' : 'Return to origin asked'}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {answering ? (
        <Form method="post" className="grid gap-3" aria-label="Answer the failed delivery">
          {latest.actionState === 'sending' ? (
            <p className="text-sm">The courier did not confirm your answer yet. Tap it again: it will not be sent twice.</p>
          ) : null}
          <p className="text-sm text-zinc-600 dark:text-zinc-300">Re-attempt: the courier tries again (correct the phone or address if they were wrong). Return to origin: the parcel comes back to the studio.</p>
          <Field label="Corrected phone (optional)" errors={errors.phone ?? undefined} errorId="ndr-phone-error">
            <input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              defaultValue={values.phone ?? ''}
              className={inputClass}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? 'ndr-phone-error' : undefined}
            />
          </Field>
          <Field label="Corrected address (optional)" errors={errors.addressLine ?? undefined} errorId="ndr-address-error">
            <input
              name="addressLine"
              maxLength={200}
              defaultValue={values.addressLine ?? ''}
              className={inputClass}
              aria-invalid={errors.addressLine ? true : undefined}
              aria-describedby={errors.addressLine ? 'ndr-address-error' : undefined}
            />
          </Field>
          <Field label="Landmark (optional)" errors={errors.landmark ?? undefined} errorId="ndr-landmark-error">
            <input name="landmark" maxLength={120} defaultValue={values.landmark ?? ''} className={inputClass} aria-invalid={errors.landmark ? true : undefined} />
          </Field>
          <Field label="Note to the courier (optional)" errors={errors.comment ?? undefined} errorId="ndr-comment-error">
            <input name="comment" maxLength={200} defaultValue={values.comment ?? ''} className={inputClass} aria-invalid={errors.comment ? true : undefined} />
          </Field>
          <InlineError message={formError} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="ndr-reattempt" disabled={busy} className="max-sm:flex-1">
              Re-attempt
            </Button>
            <Button type="submit" name="intent" value="ndr-return" variant="outline" disabled={busy} className="max-sm:flex-1">
              Return to origin
            </Button>
          </div>
        </Form>
      ) : null}
      {rto?.status === 'returning' ? <p className="text-sm">The courier is bringing the parcel back. Check it when it arrives.</p> : null}
      {rto?.status === 'returned' ? (
        <Form method="post" className="grid gap-2" aria-label="Receive the parcel back">
          <input type="hidden" name="intent" value="parcel-received" />
          <p className="text-sm">The parcel is back at the studio. Check each piece: back in stock or written off. Then refund the shopper if she wants her money back.</p>
          {/* An order's lines never move: the position is each line's identity, as in restock[<line>]. */}
          {lines.map((line, position) => ({ line, position })).map(({ line, position: index }) => (
            <fieldset key={index} className="flex flex-wrap items-center gap-x-4">
              <legend className="text-sm font-medium">
                {line.quantity} × {line.title}
              </legend>
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name={`restock[${index}]`} value="restock" defaultChecked className="size-5" /> Back in stock
              </label>
              <label className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name={`restock[${index}]`} value="writeOff" className="size-5" /> Write off
              </label>
            </fieldset>
          ))}
          <InlineError message={formError} />
          <Button type="submit" disabled={busy} className="justify-self-start max-sm:w-full">
            Received back
          </Button>
        </Form>
      ) : null}
      {rto?.status === 'received' ? (
        <p className="text-sm">{`Received back: ${rto.receivedItems.filter((item) => item.restock).length} of ${rto.receivedItems.length} lines back in stock.`}</p>
      ) : null}
    </section>
  )
}
