import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FormError, Input } from '~/components/ui/field'
import { resetTokenIsLive } from '~/domain/accounts/password-resets.server'
import { getDb } from '~/infra/db.server'
import { PASSWORD_RESET_MESSAGES } from '~/lib/user'
import { resetPasswordSchema } from '~/schemas/auth'
import { clientIpContext } from '~/web/context'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { setPasswordFromLink } from '~/web/password-reset.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/reset-password'

// The site's Referrer-Policy (strict-origin-when-cross-origin) keeps the token in the url from other sites.
export const meta: Route.MetaFunction = () => [{ title: 'Choose a New Password' }]

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { token, live: await resetTokenIsLive(getDb(), token.slice(0, 200)) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const submission = parseForm(form, { schema: resetPasswordSchema })
  if (submission.status !== 'success') return invalidForm(submission, { hideFields: ['password'] })
  return formAction(
    async () => {
      await setPasswordFromLink(context.get(clientIpContext), submission.value)
      return redirectWithToast('/auth/login', { type: 'success', message: PASSWORD_RESET_MESSAGES.done })
    },
    // A dead link (or too many tries) is said over the form.
    { reply: { submission, hideFields: ['password'], fieldErrors: () => undefined } },
  )
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData,
    constraint: getZodConstraint(resetPasswordSchema),
    defaultValue: { token: loaderData.token },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  })
  if (!loaderData.live && !actionData) {
    return (
      <div className="mx-auto w-full max-w-md space-y-6 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Choose a New Password</h1>
        <p role="alert" className="text-sm">
          {PASSWORD_RESET_MESSAGES.invalidToken}
        </p>
        <Link className="inline-block py-3 font-medium text-brand-700 hover:underline dark:text-brand-500" to="/auth/forgot-password">
          Ask for a new link
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto w-full max-w-md space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Choose a New Password</h1>
        <p className="mt-2 text-sm">Setting it signs your account out on every device.</p>
      </div>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input {...getInputProps(fields.token, { type: 'hidden' })} key={fields.token.key} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="New Password" errors={fields.password.errors} errorId={fields.password.errorId}>
          <Input
            {...getInputProps(fields.password, { type: 'password' })}
            key={fields.password.key}
            autoComplete="new-password"
            placeholder="At least 8 characters"
          />
        </Field>
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          Set New Password
        </Button>
      </Form>
      {form.errors?.length ? (
        <p className="text-center text-sm">
          <Link className="inline-block py-3 font-medium text-brand-700 hover:underline dark:text-brand-500" to="/auth/forgot-password">
            Ask for a new link
          </Link>
        </p>
      ) : null}
    </div>
  )
}
