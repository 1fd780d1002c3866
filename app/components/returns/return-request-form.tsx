// The shopper's "Return pieces" form on her delivered order's page (issue 31, ADR 099): how many of
// each line, one reason, a note, photos (at least one for damage, ADR 101). A plain multipart post,
// the same with JS off; the server's messages come back next to their fields with what was typed
// (photos must be chosen again without JS). With JS a photo is shrunk before it is sent (ADR 079).
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, InlineError, Input, inputClass } from '~/components/ui/field'
import { formatDate } from '~/lib/dates'
import { MAX_UPLOAD_MB } from '~/lib/images'
import { RETURN_LIMITS, RETURN_MESSAGES, RETURN_REASON_LABELS } from '~/lib/returns'
import { photoFieldErrors, usePhotoChoice } from '~/components/use-photo-choice'
import type { ReturnableOrder } from '~/domain/orders/returns.server'
import type { FormReply } from '~/web/form-reply'
import type { ExchangeOption } from '~/lib/exchanges'
import { ExchangeSelect } from './exchange-parts'

export function ReturnRequestForm({
  returnable,
  exchangeOptions = [],
  reply,
  busy = false,
}: { returnable: ReturnableOrder; exchangeOptions?: ExchangeOption[][]; reply?: FormReply; busy?: boolean }) {
  const values = (reply?.initialValue ?? {}) as { qty?: unknown[]; exchange?: unknown[]; reason?: string; note?: string }
  const exchangeOf = (line: number) => (Array.isArray(values.exchange) && typeof values.exchange[line] === 'string' ? (values.exchange[line] as string) : '')
  const errors = reply?.error ?? {}
  const qty = (line: number) => (Array.isArray(values.qty) && typeof values.qty[line] === 'string' ? (values.qty[line] as string) : '')
  const { policy } = returnable
  const photos = usePhotoChoice(reply, {
    maxFiles: RETURN_LIMITS.photos,
    maxBytes: RETURN_LIMITS.photoBytes,
    tooMany: RETURN_MESSAGES.tooManyPhotos,
    tooLarge: RETURN_MESSAGES.photosTooLarge,
  })
  const photoErrors = photoFieldErrors(photos, errors.photos)
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" aria-labelledby="return-form-title" id="return">
      <h2 id="return-form-title" className="font-semibold">
        Return pieces
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        You can ask until {returnable.windowEndsAt ? formatDate(returnable.windowEndsAt) : ''}.
        {policy.specialOnlyDamaged ? ' Personalised and made-to-order pieces can be returned only when damaged or wrong.' : ''}
      </p>
      <input type="hidden" name="intent" value="return" />
      <fieldset className="grid gap-3">
        <legend className="sr-only">Pieces to return</legend>
        {returnable.lines.map((line) => {
          const messages = errors[`items.${line.line}`] ?? undefined
          const errorId = `return-qty-${line.line}-error`
          return (
            <div key={line.line} className="grid gap-2">
            <Field label={`${line.title}${line.choice ? ` (${line.choice})` : ''}: pieces to return, ${line.piecesLeft} can be returned`} errors={messages} errorId={errorId}>
              <Input
                type="number"
                name={`qty[${line.line}]`}
                min={0}
                max={line.piecesLeft}
                step={1}
                inputMode="numeric"
                disabled={line.piecesLeft === 0}
                defaultValue={qty(line.line)}
                aria-invalid={messages ? true : undefined}
                aria-describedby={messages ? errorId : undefined}
              />
            </Field>
            {line.piecesLeft > 0 ? <ExchangeSelect line={line.line} title={line.title} options={exchangeOptions[line.line] ?? []} value={exchangeOf(line.line)} /> : null}
            </div>
          )
        })}
      </fieldset>
      <Field label="Reason" errors={errors.reason ?? undefined} errorId="return-reason-error">
        <select
          name="reason"
          defaultValue={values.reason ?? ''}
          className={inputClass}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'return-reason-error' : undefined}
        >
          <option value="">Choose a reason</option>
          {policy.reasons.map((reason) => (
            <option key={reason} value={reason}>
              {RETURN_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Note (optional)" errors={errors.note ?? undefined} errorId="return-note-error">
        <textarea
          name="note"
          rows={3}
          maxLength={RETURN_LIMITS.noteMax}
          defaultValue={values.note ?? ''}
          className={`${inputClass} h-auto py-2`}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? 'return-note-error' : undefined}
        />
      </Field>
      <Field label={`Photos of the damage (needed when damaged in transit, up to ${RETURN_LIMITS.photos})`} errors={photoErrors} errorId="return-photos-error">
        <span className="text-xs font-normal text-zinc-600 dark:text-zinc-400">
          JPEG, PNG, WebP, AVIF or GIF, {MAX_UPLOAD_MB} MB in all.
          {reply ? <span className="no-js-only"> Photos are not kept when the form comes back: please choose them again.</span> : null}
        </span>
        <input
          type="file"
          name="photos"
          accept="image/*"
          multiple
          onChange={photos.onChange}
          aria-invalid={photoErrors ? true : undefined}
          aria-describedby={photoErrors ? 'return-photos-error' : undefined}
          className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:text-sm file:font-medium dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
        />
      </Field>
      <InlineError message={errors.items?.[0] ?? errors.form?.[0] ?? errors['']?.[0]} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={busy || photos.preparing}>
        {photos.preparing ? 'Preparing photos…' : 'Ask for a return'}
      </Button>
    </Form>
  )
}
