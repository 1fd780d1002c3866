import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input } from '~/components/ui/field'
import { notify } from '~/web/toast/notify'
import { AUTH_MESSAGES, authPath, loginDestination, type SessionUser, safeRedirectPath } from '~/lib/user'
import { loginSchema } from '~/schemas/auth'
import { authenticateLoginForm, LoginFormInvalid, startSessionCookie } from '~/web/auth.server'
import { takeSignupEmail } from '~/web/signup-email.server'
import { formAction } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = () => [{ title: 'Sign In' }]

/** Just after sign-up, the new account's email is filled in (docs/spec sends a new account here). */
export async function loader({ request }: Route.LoaderArgs) {
  const { email, setCookie } = await takeSignupEmail(request)
  return data({ email }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  return formAction(
    async () => {
      let user: SessionUser
      try {
        user = await authenticateLoginForm(context, request, form)
      } catch (error) {
        // A form that does not parse comes back as its own Conform reply.
        if (error instanceof LoginFormInvalid) return data(error.reply, { status: 400 })
        throw error
      }
      const { setCookie } = await startSessionCookie(request, user)
      const to = loginDestination(user, form.get('redirectTo'))
      return redirectWithToast(to, { type: 'success', message: AUTH_MESSAGES.loggedIn }, { headers: { 'Set-Cookie': setCookie } })
    },
    // A refused login (wrong password, too many tries) is said over the form.
    { reply: { submission: () => parseForm(form, { schema: loginSchema }), hideFields: ['password'], fieldErrors: () => undefined } },
  )
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(loginSchema),
    defaultValue: { email: loaderData.email },
    // Errors stay until the next tap on Sign In: a message vanishing on blur would move the button
    // away from under the finger that is tapping it.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  })

  useEffect(() => {
    const message = actionData?.error?.['']?.[0]
    if (message) notify('error', message)
  }, [actionData])

  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'))
  const toCheckout = redirectTo?.startsWith('/shop/checkout') ?? false
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Sign In to Your Account</h1>
        <p className="mt-2 text-sm">
          Don't have an account?{' '}
          <Link className="font-medium text-brand-700 hover:underline dark:text-brand-500" to={authPath('register', redirectTo)}>
            Register
          </Link>
        </p>
        {toCheckout ? (
          <p className="mt-3 rounded-md bg-zinc-100 p-2 text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            Sign in or register to check out: your cart is kept.
          </p>
        ) : null}
      </div>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormError id={form.errorId} errors={form.errors} />
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
            autoComplete="current-password"
            placeholder="Enter your password"
            // Just registered: the email is there, the password is what is left to type.
            autoFocus={Boolean(loaderData.email) && !actionData}
          />
        </Field>
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          Sign In
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link className="inline-block py-3 font-medium text-brand-700 hover:underline dark:text-brand-500" to="/auth/forgot-password">
          Forgot password?
        </Link>
      </p>
    </div>
  )
}
