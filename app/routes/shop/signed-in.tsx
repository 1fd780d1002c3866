// Checkout, account and payment pages need a signed-in shopper; visitors go to login and come back.
import { Outlet } from 'react-router'
import { requireUser } from '~/web/auth.server'
import type { Route } from './+types/signed-in'

export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }) => {
    requireUser(context, request)
  },
]

export default function SignedIn() {
  return <Outlet />
}
