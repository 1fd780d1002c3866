import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input } from '~/components/ui/field'
import { PASSWORD_RESET_MESSAGES } from '~/lib/user'
import { forgotPasswordSchema } from '~/schemas/auth'
import { clientIpContext } from '~/web/context'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { askForPasswordReset } from '~/web/password-reset.server'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = () => [{ title: 'Forgot Password' }]

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get('sent') === '1' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const submission = parseForm(form, { schema: forgotPasswordSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      await askForPasswordReset(context.get(clientIpContext), submission.value)
      // The same page and words for every address, whether or not it has an account.
      return redirect('/auth/forgot-password?sent=1')
    },
    { reply: { submission, fieldErrors: () => undefined } },
  )
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  })
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Forgot Your Password?</h1>
        <p className="mt-2 text-sm">Enter your account's email and we will mail you a link to choose a new password.</p>
      </div>
      {loaderData.sent ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {PASSWORD_RESET_MESSAGES.requested}
        </p>
      ) : null}
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
          <Input {...getInputProps(fields.email, { type: 'email' })} key={fields.email.key} autoComplete="email" placeholder="Enter your email" />
        </Field>
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          Send Reset Link
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link className="inline-block py-3 font-medium text-brand-700 hover:underline dark:text-brand-500" to="/auth/login">
          Back to Sign In
        </Link>
      </p>
    </div>
  )
}
