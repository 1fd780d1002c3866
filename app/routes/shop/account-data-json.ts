// GET /shop/account/data.json: "Download my data" (ADR 089), the signed-in shopper's data as a JSON file.
import { requireUser } from '~/web/auth.server'
import { personalDataFile } from '~/web/account-data.server'
import type { Route } from './+types/account-data-json'

export function loader({ request, context }: Route.LoaderArgs) {
  return personalDataFile(requireUser(context, request).id)
}
