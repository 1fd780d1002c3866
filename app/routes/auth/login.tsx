import { data, Link, useSearchParams } from 'react-router'
import { AuthForm, AuthHeading, useAuthForm } from '~/components/auth-form'
import { InputField } from '~/components/ui/input-field'
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
  const [form, fields] = useAuthForm(loginSchema, actionData, { defaultValue: { email: loaderData.email } })
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'))
  const toCheckout = redirectTo?.startsWith('/shop/checkout') ?? false
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <AuthHeading title="Sign In to Your Account" question="Don't have an account?" linkLabel="Register" to={authPath('register', redirectTo)}>
        {toCheckout ? (
          <p className="mt-3 rounded-md bg-zinc-100 p-2 text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            Sign in or register to check out: your cart is kept.
          </p>
        ) : null}
      </AuthHeading>
      <AuthForm form={form} redirectTo={redirectTo} submitLabel="Sign In">
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" placeholder="Enter your email" />
        <InputField
          label="Password"
          meta={fields.password}
          type="password"
          autoComplete="current-password"
          placeholder="Enter your password"
          // Just registered: the email is there, the password is what is left to type.
          autoFocus={Boolean(loaderData.email) && !actionData}
        />
      </AuthForm>
      <p className="text-center text-sm">
        <Link className="inline-block py-3 font-medium text-brand-700 hover:underline dark:text-brand-500" to="/auth/forgot-password">
          Forgot password?
        </Link>
      </p>
    </div>
  )
}
