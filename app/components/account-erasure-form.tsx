// "Delete my account" (ADR 089): what is kept and why, her choice for her reviews, and the typed
// confirmation (DELETE or her password). A plain post; with JS, Conform checks the fields first.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import type { z } from 'zod'
import { ERASURE_TEXT } from '~/lib/account-erasure'
import { accountErasureSchema } from '~/schemas/account-erasure'
import { Button } from './ui/button'
import { Field, FormError, Input } from './ui/field'

export function AccountErasureForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof accountErasureSchema>, z.output<typeof accountErasureSchema>>({
    id: 'delete-account',
    lastResult,
    constraint: getZodConstraint(accountErasureSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountErasureSchema }),
    defaultValue: { reviews: 'anonymous' },
  })
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="delete" />
      <FormError id={form.errorId} errors={form.errors} />
      <p className="text-sm">
        Your sessions end at once, on every device and app. Your name, email, phone, addresses, cart, custom requests, consents and
        alerts are erased.
      </p>
      <p className="text-sm">{ERASURE_TEXT.kept}</p>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Your reviews</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={fields.reviews.name} value="anonymous" defaultChecked={fields.reviews.initialValue !== 'delete'} />
          Keep them, without my name
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={fields.reviews.name} value="delete" defaultChecked={fields.reviews.initialValue === 'delete'} />
          Delete them
        </label>
      </fieldset>
      <Field label={`To confirm, type ${ERASURE_TEXT.confirmWord} or your password`} errors={fields.confirm.errors} errorId={fields.confirm.errorId}>
        <Input {...getInputProps(fields.confirm, { type: 'password' })} key={fields.confirm.key} autoComplete="off" />
      </Field>
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={navigation.state === 'submitting'}>
        Delete my account
      </Button>
    </Form>
  )
}
