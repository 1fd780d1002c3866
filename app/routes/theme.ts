// POST /theme: remembers Light, Dark or System in a cookie and goes back to the page.
import { redirect } from 'react-router'
import { isTheme } from '~/lib/theme'
import { safeRedirectPath } from '~/lib/user'
import { themeCookieHeader } from '~/web/theme.server'
import type { Route } from './+types/theme'

export async function loader() {
  return redirect('/')
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const theme = form.get('theme')
  const back = safeRedirectPath(form.get('redirectTo')) ?? '/'
  if (!isTheme(theme)) return redirect(back)
  return redirect(back, { headers: { 'Set-Cookie': await themeCookieHeader(theme) } })
}
