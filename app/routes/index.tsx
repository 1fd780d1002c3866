// "/" sends the admin to the admin panel and everyone else to the shop.
import { redirect } from 'react-router'
import { homePathFor } from '~/lib/user'
import { getUser } from '~/web/auth.server'
import type { Route } from './+types/index'

export function loader({ context }: Route.LoaderArgs) {
  return redirect(homePathFor(getUser(context)))
}
