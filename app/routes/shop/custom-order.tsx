// Custom-order requests: anyone may ask the studio for a piece made for them; a signed-in
// shopper's details are prefilled and the request is listed in their Account.
import { CustomOrderForm } from '~/components/custom-order-form'
import { getDb } from '~/infra/db.server'
import { indiaDay } from '~/lib/dates'
import { listAddresses } from '~/domain/accounts/addresses.server'
import { getUser } from '~/web/auth.server'
import { clientIpContext } from '~/web/context'
import { customOrderFormAction } from '~/web/custom-order-form.server'
import type { Route } from './+types/custom-order'

export const meta: Route.MetaFunction = () => [{ title: 'Custom Order' }]

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context)
  const addresses = user ? await listAddresses(getDb(), user.id) : []
  return {
    prefill: user ? { name: user.userName, email: user.email, phone: addresses[addresses.length - 1]?.phone ?? '' } : null,
    minDate: indiaDay(new Date(Date.now() + 24 * 60 * 60 * 1000)),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = getUser(context)
  // The body is read by the adapter as it streams in: photos over the limit are dropped, not held.
  return customOrderFormAction(request, { ip: context.get(clientIpContext), userId: user?.id ?? null })
}

export default function CustomOrder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Ask for a Custom Piece</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          A pendant with your wedding flowers, a name plate, a memory block for a birthday: tell us what you have in mind
          and we will reply with a price.
        </p>
      </header>
      <CustomOrderForm lastResult={actionData} prefill={loaderData.prefill} minDate={loaderData.minDate} />
    </div>
  )
}
