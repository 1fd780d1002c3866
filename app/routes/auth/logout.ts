// POST /auth/logout ends this login session and goes to the shop with 'Logged out successfully'.
import { redirect } from 'react-router'
import { authSessionIdContext } from '~/context'
import { endSession } from '~/services/auth.server'
import { redirectWithToast } from '~/services/toast.server'
import type { Route } from './+types/logout'

export function loader() {
  return redirect('/')
}

export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await endSession(request, context.get(authSessionIdContext))
  return redirectWithToast(
    '/shop/home',
    { type: 'success', message: 'Logged out successfully' },
    { headers: { 'Set-Cookie': setCookie } },
  )
}
