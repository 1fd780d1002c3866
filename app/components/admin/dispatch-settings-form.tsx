// The admin's Dispatch page (ADR 070): how many working days a ready-to-ship piece takes to leave, and
// the studio's holidays, one a line (a plain form post, JS or not; each bad line named under the box).
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input, inputClass } from '~/components/ui/field'
import { DISPATCH_LIMITS } from '~/lib/dispatch'
import { dispatchSettingsSchema } from '~/schemas/dispatch-settings'

export function DispatchSettingsForm({
  handlingDays,
  holidays,
  lastResult,
}: {
  handlingDays: number
  holidays: string
  lastResult?: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { handlingDays: String(handlingDays), holidays },
    constraint: getZodConstraint(dispatchSettingsSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dispatchSettingsSchema }),
  })
  const problems = fields.holidays.errors ?? []
  return (
    <Form method="post" className="grid max-w-xl content-start gap-4" {...getFormProps(form)}>
      <FormError id={form.errorId} errors={form.errors} />
      <Field label="Handling time of ready-to-ship pieces (working days)" errors={fields.handlingDays.errors} errorId={fields.handlingDays.errorId}>
        <Input
          {...getInputProps(fields.handlingDays, { type: 'number' })}
          key={fields.handlingDays.key}
          min="0"
          max={String(DISPATCH_LIMITS.handlingDays)}
          step="1"
          inputMode="numeric"
          className="w-28"
        />
      </Field>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        A made-to-order piece takes the working days set on it instead. Working days are every day but Sunday and the holidays
        below; the count starts the day after the order is paid.
      </p>
      <label htmlFor={fields.holidays.id} className="text-sm font-medium">
        Holidays
      </label>
      <p id="holidays-help" className="text-sm text-zinc-600 dark:text-zinc-400">
        One a line, as <code>2026-12-25 Christmas</code> (the note is optional). Up to {DISPATCH_LIMITS.holidays} days.
      </p>
      <textarea
        {...getTextareaProps(fields.holidays, { ariaDescribedBy: 'holidays-help' })}
        key={fields.holidays.key}
        rows={10}
        spellCheck={false}
        autoCapitalize="none"
        placeholder="2026-12-25 Christmas"
        className={`${inputClass} h-auto py-2 font-mono text-sm`}
      />
      {problems.length ? (
        <ul id={fields.holidays.errorId} className="grid gap-1 text-sm text-red-600 dark:text-red-400">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={navigation.state === 'submitting'}>
        Save dispatch settings
      </Button>
    </Form>
  )
}
