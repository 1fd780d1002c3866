// POST /auth/logout ends this login session and goes to the shop with 'Logged out successfully'.
import { redirect } from 'react-router'
import { authSessionIdContext } from '~/web/context'
import { endSession } from '~/web/auth.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/logout'
import { AUTH_MESSAGES } from '~/lib/user'

export function loader() {
  return redirect('/')
}

export async function action({ request, context }: Route.ActionArgs) {
  const setCookie = await endSession(request, context.get(authSessionIdContext))
  return redirectWithToast(
    '/shop/home',
    { type: 'success', message: AUTH_MESSAGES.loggedOut },
    { headers: { 'Set-Cookie': setCookie } },
  )
}
