import { useSearchParams } from 'react-router'
import { AuthForm, AuthHeading, useAuthForm } from '~/components/auth-form'
import { InputField } from '~/components/ui/input-field'
import { clientIpContext } from '~/web/context'
import { AUTH_MESSAGES, authPath, safeRedirectPath } from '~/lib/user'
import { registerSchema } from '~/schemas/auth'
import { signUp } from '~/web/auth.server'
import { rememberSignupEmail } from '~/web/signup-email.server'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import { PrivacyNotice } from '~/components/privacy-notice'
import { CONSENT_LABELS } from '~/lib/consents'
import type { Route } from './+types/register'

export const meta: Route.MetaFunction = () => [{ title: 'Create New Account' }]

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const submission = parseForm(form, { schema: registerSchema })
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: ['password'] })
  return formAction(
    async () => {
      // A known email is answered as a new one (its owner is mailed instead): nobody learns who has an account.
      await signUp(context.get(clientIpContext), submission.value)
      // docs/spec: a new account goes to /auth/login; it keeps where the shopper was going, and the
      // login form gets the email from a short-lived cookie.
      const login = authPath('login', safeRedirectPath(form.get('redirectTo')))
      const headers = { 'Set-Cookie': await rememberSignupEmail(submission.value.email) }
      return redirectWithToast(login, { type: 'success', message: AUTH_MESSAGES.registered }, { headers })
    },
    { reply: { submission, hideFields: ['password'] } },
  )
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const redirectTo = safeRedirectPath(searchParams.get('redirectTo'))
  const [form, fields] = useAuthForm(registerSchema, actionData)
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <AuthHeading title="Create New Account" question="Already have an account?" linkLabel="Login" to={authPath('login', redirectTo)} />
      <AuthForm form={form} redirectTo={redirectTo} submitLabel="Sign Up">
        <InputField label="User Name" meta={fields.userName} type="text" autoComplete="name" placeholder="Enter your user name" />
        <InputField label="Email" meta={fields.email} type="email" autoComplete="email" placeholder="Enter your email" />
        <InputField label="Password" meta={fields.password} type="password" autoComplete="new-password" placeholder="Enter your password" />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="marketingMail" />
          {CONSENT_LABELS.marketingMail}
        </label>
        <PrivacyNotice />
      </AuthForm>
    </div>
  )
}
