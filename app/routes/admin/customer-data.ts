// GET /admin/customers/:userId/data.json: a shopper's data as a JSON file, for the admin answering her
// written request (ADR 089). The admin layout's guard lets admins only.
import { orNotFound } from '~/web/form-action.server'
import { personalDataFile } from '~/web/account-data.server'
import type { Route } from './+types/customer-data'

export function loader({ params }: Route.LoaderArgs) {
  return orNotFound(personalDataFile(params.userId))
}
