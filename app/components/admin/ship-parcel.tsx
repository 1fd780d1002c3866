// The owner's parcel on the admin order page (ADR 086): 'Ship' books the courier for an accepted order
// (one parcel however often it is tapped); once booked, the AWB, the courier's label and the day's
// pickup manifest. A plain form: without JS the page comes back with the AWB or the reason.
import { Form } from 'react-router'
import { Button, buttonClass } from '~/components/ui/button'
import { InlineError } from '~/components/ui/field'
import { SHIPMENT_LABELS, type ShipmentStatus } from '~/lib/shipments'

export interface AdminParcel {
  status: ShipmentStatus
  awb: string | null
  courierName: string | null
  /** India day the parcel was booked (the manifest it is on). */
  bookedDay: string | null
}

export function ShipParcel({
  orderId,
  parcel,
  canShip,
  error,
  busy = false,
}: {
  orderId: string
  parcel: AdminParcel | null
  canShip: boolean
  error?: string
  busy?: boolean
}) {
  const booked = parcel?.awb ? parcel : null
  if (!booked && !canShip) return null
  return (
    <section className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800" aria-labelledby="parcel-title">
      <h2 id="parcel-title" className="font-semibold">
        Parcel
      </h2>
      {booked ? (
        <>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-zinc-600 dark:text-zinc-300">AWB</dt>
              <dd className="font-mono break-all" data-awb={booked.awb}>
                {booked.awb}
              </dd>
            </div>
            <div>
              <dt className="text-zinc-600 dark:text-zinc-300">Courier</dt>
              <dd>{booked.courierName}</dd>
            </div>
            <div>
              <dt className="text-zinc-600 dark:text-zinc-300">Where it is</dt>
              <dd>{SHIPMENT_LABELS[booked.status]}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <a className={buttonClass('primary', 'sm', 'max-sm:flex-1')} href={`/admin/orders/${orderId}/label.pdf`} target="_blank" rel="noopener">
              Print label
            </a>
            {booked.bookedDay ? (
              <a className={buttonClass('outline', 'sm', 'max-sm:flex-1')} href={`/admin/shipping/manifest.pdf?day=${booked.bookedDay}`} target="_blank" rel="noopener">
                Day’s manifest
              </a>
            ) : null}
          </div>
        </>
      ) : (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="ship" />
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            {parcel?.status === 'booking' ? 'The courier did not confirm the booking yet. Tap Ship again: it will not book a second parcel.' : 'Books the courier, marks the order shipped and tells the shopper.'}
          </p>
          <InlineError message={error} />
          <Button type="submit" disabled={busy} className="max-sm:w-full">
            Ship
          </Button>
        </Form>
      )}
    </section>
  )
}
