import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input } from '~/components/ui/field'
import { clientIpContext } from '~/web/context'
import { notify } from '~/web/toast/notify'
import { AUTH_MESSAGES, authPath, safeRedirectPath } from '~/lib/user'
import { registerSchema } from '~/schemas/auth'
import { signUp } from '~/web/auth.server'
import { Conflict } from '~/domain/errors'
import { rememberSignupEmail } from '~/web/signup-email.server'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/register'

export const meta: Route.MetaFunction = () => [{ title: 'Create New Account' }]

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const submission = parseForm(form, { schema: registerSchema })
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: ['password'] })
  return formAction(
    async () => {
      const { email } = await signUp(context.get(clientIpContext), submission.value)
      // docs/spec: a new account goes to /auth/login; it keeps where the shopper was going, and the
      // login form gets the email from a short-lived cookie.
      const login = authPath('login', safeRedirectPath(form.get('redirectTo')))
      const headers = { 'Set-Cookie': await rememberSignupEmail(email) }
      return redirectWithToast(login, { type: 'success', message: AUTH_MESSAGES.registered }, { headers })
    },
    // A taken email is said next to the email; anything else over the form.
    { reply: { submission, hideFields: ['password'], fieldErrors: (error) => (error instanceof Conflict ? { email: [error.message] } : undefined) } },
  )
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'))
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(registerSchema),
    // Errors stay until the next tap on Sign Up, so the button never moves under the finger.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  })

  useEffect(() => {
    const message = actionData?.error?.['']?.[0] ?? actionData?.error?.email?.[0]
    if (message) notify('error', message)
  }, [actionData])

  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Create New Account</h1>
        <p className="mt-2 text-sm">
          Already have an account?{' '}
          <Link className="font-medium text-brand-700 hover:underline dark:text-brand-500" to={authPath('login', redirectTo)}>
            Login
          </Link>
        </p>
      </div>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="User Name" errors={fields.userName.errors} errorId={fields.userName.errorId}>
          <Input
            {...getInputProps(fields.userName, { type: 'text' })}
            key={fields.userName.key}
            autoComplete="name"
            placeholder="Enter your user name"
          />
        </Field>
        <Field label="Email" errors={fields.email.errors} errorId={fields.email.errorId}>
          <Input
            {...getInputProps(fields.email, { type: 'email' })}
            key={fields.email.key}
            autoComplete="email"
            placeholder="Enter your email"
          />
        </Field>
        <Field label="Password" errors={fields.password.errors} errorId={fields.password.errorId}>
          <Input
            {...getInputProps(fields.password, { type: 'password' })}
            key={fields.password.key}
            autoComplete="new-password"
            placeholder="Enter your password"
          />
        </Field>
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          Sign Up
        </Button>
      </Form>
    </div>
  )
}
