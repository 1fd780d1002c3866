// What the login and register pages share: the Conform form with its toast, the heading with the
// link to the other page and the form frame (way back, form error, submit). Fields: InputField.
import { type DefaultValue, type FormMetadata, getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ReactNode, useEffect } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { z } from 'zod'
import { notify } from '~/web/toast/notify'
import { Button } from './ui/button'
import { FormError } from './ui/field'

/**
 * An auth form checked by `schema` in the browser and on the server. Errors stay until the next
 * tap on the submit button: a message vanishing on blur would move the button away from under the
 * finger that is tapping it. A refusal from the server (the form's own error) is also said in a toast.
 */
export function useAuthForm<Schema extends z.ZodObject>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  { defaultValue }: { defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  // A new answer is what is toasted, once.
  useEffect(() => {
    const message = lastResult?.error?.['']?.[0]
    if (message) notify('error', message)
  }, [lastResult])
  return [form, fields] as const
}

/** The page's heading and the link to the other auth page (which keeps `redirectTo`). */
export function AuthHeading({ title, question, linkLabel, to, children }: { title: string; question: string; linkLabel: string; to: string; children?: ReactNode }) {
  return (
    <div className="text-center">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm">
        {question}{' '}
        <Link className="font-medium text-brand-700 hover:underline dark:text-brand-500" to={to}>
          {linkLabel}
        </Link>
      </p>
      {children}
    </div>
  )
}

/** The form: where to go afterwards, the form's own error, the fields (children), the submit button. */
export function AuthForm<Schema extends Record<string, unknown>>({
  form,
  redirectTo,
  submitLabel,
  children,
}: {
  form: FormMetadata<Schema, string[]>
  redirectTo: string | null
  submitLabel: string
  children: ReactNode
}) {
  const navigation = useNavigation()
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      {children}
      <Button type="submit" disabled={navigation.state === 'submitting'}>
        {submitLabel}
      </Button>
    </Form>
  )
}
