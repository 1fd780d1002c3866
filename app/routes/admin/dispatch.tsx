import { DispatchSettingsForm } from '~/components/admin/dispatch-settings-form'
import { getDb } from '~/infra/db.server'
import { DISPATCH_MESSAGES, formatHolidayLine } from '~/lib/dispatch'
import { listHolidays, readStudioCalendar, saveStudioCalendar } from '~/domain/catalog/studio-calendar.server'
import { dispatchSettingsSchema } from '~/schemas/dispatch-settings'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/dispatch'

export const meta: Route.MetaFunction = () => [{ title: 'Dispatch · Admin' }]

export async function loader() {
  const db = getDb()
  const [calendar, holidays] = await Promise.all([readStudioCalendar(db), listHolidays(db)])
  return { handlingDays: calendar.handlingDays, holidays: holidays.map(formatHolidayLine).join('\n') }
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: dispatchSettingsSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  return formAction(
    async () => {
      await saveStudioCalendar(getDb(), { handlingDays: submission.value.handlingDays, holidays: submission.value.holidays ?? '' })
      return redirectWithToast('/admin/dispatch', { type: 'success', message: DISPATCH_MESSAGES.saved })
    },
    { reply: { submission } },
  )
}

export default function AdminDispatch({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Dispatch</h1>
      <DispatchSettingsForm handlingDays={loaderData.handlingDays} holidays={loaderData.holidays} lastResult={actionData} />
    </section>
  )
}
