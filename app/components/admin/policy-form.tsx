// The admin's policy editor: the text in one box with Save and Preview (plain posts, JS or not), the
// preview as the page would show it, and the format's three rules beside it.
import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { PolicyText } from '~/components/policy-text'
import { Button } from '~/components/ui/button'
import { FormError, inputClass } from '~/components/ui/field'
import { POLICY_LIMITS } from '~/lib/policies'
import { policyEditSchema } from '~/schemas/policy'

export function PolicyForm({
  text,
  preview,
  lastResult,
}: {
  text: string
  /** The text a Preview posted, shown as the page would. */
  preview: string | null
  lastResult?: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { body: text },
    constraint: getZodConstraint(policyEditSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: policyEditSchema }),
  })
  return (
    <div className="grid gap-4">
      <Form method="post" className="grid content-start gap-3" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.body.id} className="text-sm font-medium">
          The page's text
        </label>
        <p id="policy-help" className="text-sm text-zinc-600 dark:text-zinc-400">
          Plain text: a line starting with <code>## </code> is a heading, a line starting with <code>- </code> is a bullet, and a blank
          line starts a new paragraph. Up to {POLICY_LIMITS.bodyLength.toLocaleString('en-IN')} characters. Saving keeps the old version
          in the history below.
        </p>
        <textarea
          {...getTextareaProps(fields.body, { ariaDescribedBy: 'policy-help' })}
          key={fields.body.key}
          rows={18}
          className={`${inputClass} h-auto py-2 font-mono text-sm`}
        />
        {fields.body.errors?.length ? (
          <p id={fields.body.errorId} className="text-sm text-red-600 dark:text-red-400">
            {fields.body.errors[0]}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save" disabled={navigation.state === 'submitting'}>
            Save
          </Button>
          <Button type="submit" name="intent" value="preview" variant="outline" disabled={navigation.state === 'submitting'}>
            Preview
          </Button>
        </div>
      </Form>
      {preview !== null ? (
        <section aria-labelledby="policy-preview" className="grid gap-2 rounded-lg border border-dashed border-zinc-400 p-4">
          <h2 id="policy-preview" className="text-sm font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
            Preview (not saved)
          </h2>
          <PolicyText text={preview} />
        </section>
      ) : null}
    </div>
  )
}
