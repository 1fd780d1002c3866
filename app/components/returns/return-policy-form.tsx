// The owner's return policy (issue 31, ADR 099): the window after delivery, the reasons shoppers may
// give, whether personalised and made-to-order pieces come back only when damaged or wrong, and
// where shoppers send a parcel. A plain form post, JS on or off; each message under its box.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, InlineError, Input, inputClass } from '~/components/ui/field'
import { RETURN_LIMITS, RETURN_REASON_LABELS, RETURN_REASONS, type ReturnPolicy } from '~/lib/returns'
import type { FormReply } from '~/web/form-reply'

export function ReturnPolicyForm({ policy, studioAddress, reply, busy = false }: { policy: ReturnPolicy; studioAddress: string; reply?: FormReply; busy?: boolean }) {
  const echo = (reply?.initialValue ?? null) as { windowDays?: string; reasons?: string[]; specialOnlyDamaged?: string; sendTo?: string } | null
  const errors = reply?.error ?? {}
  const reasons = echo ? (echo.reasons ?? []) : policy.reasons
  return (
    <Form method="post" className="grid max-w-2xl content-start gap-4" aria-labelledby="return-policy-title">
      <h2 id="return-policy-title" className="sr-only">
        Return policy
      </h2>
      <Field label="Days after delivery a shopper may ask for a return" errors={errors.windowDays ?? undefined} errorId="return-window-error">
        <Input
          name="windowDays"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          className="w-32"
          defaultValue={echo ? (echo.windowDays ?? '') : String(policy.windowDays)}
          aria-invalid={errors.windowDays ? true : undefined}
          aria-describedby={errors.windowDays ? 'return-window-error' : undefined}
        />
      </Field>
      <fieldset className="grid gap-1" aria-describedby={errors.reasons ? 'return-reasons-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Reasons you accept</legend>
        {RETURN_REASONS.map((reason) => (
          <label key={reason} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="reasons" value={reason} defaultChecked={reasons.includes(reason)} className="size-5" /> {RETURN_REASON_LABELS[reason]}
          </label>
        ))}
        {errors.reasons ? (
          <p id="return-reasons-error" className="text-sm text-red-600 dark:text-red-400">
            {errors.reasons.join(' ')}
          </p>
        ) : null}
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="specialOnlyDamaged"
          defaultChecked={echo ? echo.specialOnlyDamaged === 'on' : policy.specialOnlyDamaged}
          className="size-5"
        />{' '}
        Personalised and made-to-order pieces come back only when damaged or wrong
      </label>
      <Field label={`Where shoppers send returns (blank: ${studioAddress})`} errors={errors.sendTo ?? undefined} errorId="return-send-to-error">
        <textarea
          name="sendTo"
          rows={3}
          maxLength={RETURN_LIMITS.sendToMax}
          defaultValue={echo ? (echo.sendTo ?? '') : policy.sendTo}
          className={`${inputClass} h-auto py-2`}
          aria-invalid={errors.sendTo ? true : undefined}
          aria-describedby={errors.sendTo ? 'return-send-to-error' : undefined}
        />
      </Field>
      <InlineError message={errors['']?.[0]} />
      <Button type="submit" className="justify-self-start" disabled={busy}>
        Save return policy
      </Button>
    </Form>
  )
}
