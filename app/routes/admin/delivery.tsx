import { DeliveryRatesForm, type DeliveryRatesValues } from '~/components/admin/delivery-rates-form'
import { getDb } from '~/infra/db.server'
import { DELIVERY_MESSAGES, ZONES } from '~/lib/delivery'
import { paiseToRupees } from '~/lib/money'
import { readDeliverySetup, saveDeliverySetup, shownRate } from '~/domain/shipping/delivery-rates.server'
import type { ZoneRate } from '~/domain/shipping/rates'
import { deliveryRatesSchema } from '~/schemas/delivery-rates'
import { formAction, invalidForm } from '~/web/form-action.server'
import { parseForm } from '~/web/form-input.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/delivery'

export const meta: Route.MetaFunction = () => [{ title: 'Delivery · Admin' }]

export async function loader(): Promise<DeliveryRatesValues> {
  const setup = await readDeliverySetup(getDb())
  const rates = Object.fromEntries(
    ZONES.map((zone) => {
      const rate = setup.rates[zone]
      return [
        zone,
        { first: String(paiseToRupees(rate.firstSlabPaise)), extra: String(paiseToRupees(rate.extraSlabPaise)), days: String(rate.transitDays), shown: shownRate(rate) },
      ]
    }),
  ) as DeliveryRatesValues['rates']
  return { shipFrom: setup.shipFromPincode, shipFromShown: setup.shipFromPincode, rates }
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: deliveryRatesSchema })
  if (submission.status !== 'success') return invalidForm(submission)
  const { shipFrom, shipFromShown, rates } = submission.value
  // Only what the owner changed is written (another admin may have saved another zone meanwhile).
  const changed: Partial<Record<(typeof ZONES)[number], ZoneRate>> = {}
  for (const zone of ZONES) {
    const rate = { firstSlabPaise: rates[zone].first, extraSlabPaise: rates[zone].extra, transitDays: rates[zone].days }
    if (rates[zone].shown !== shownRate(rate)) changed[zone] = rate
  }
  return formAction(
    async () => {
      await saveDeliverySetup(getDb(), { shipFromPincode: shipFrom === shipFromShown ? undefined : shipFrom, rates: changed })
      return redirectWithToast('/admin/delivery', { type: 'success', message: DELIVERY_MESSAGES.saved })
    },
    { reply: { submission } },
  )
}

export default function AdminDelivery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Delivery</h1>
      <DeliveryRatesForm values={loaderData} lastResult={actionData} />
    </section>
  )
}
