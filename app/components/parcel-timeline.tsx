// The shopper's parcel (ADR 086): where it is, the expected day, and each scan of the courier.
import { formatDateTime } from '~/lib/dates'
import { SHIPMENT_LABELS, type ShipmentView } from '~/lib/shipments'

export function ParcelTimeline({ shipment }: { shipment: ShipmentView }) {
  const expected = shipment.expectedDelivery ? new Date(`${shipment.expectedDelivery}T12:00:00+05:30`) : null
  return (
    <section aria-labelledby="parcel-timeline-title" data-parcel-status={shipment.status}>
      <h2 id="parcel-timeline-title" className="mb-2 font-semibold">
        Your parcel: {SHIPMENT_LABELS[shipment.status]}
      </h2>
      {expected ? (
        <p className="mb-2 text-sm">
          Expected by{' '}
          {expected.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' })}
        </p>
      ) : null}
      {shipment.failedDelivery ? (
        <div className="mb-3 rounded-md border border-amber-300 p-3 text-sm dark:border-amber-700" data-failed-delivery>
          {shipment.failedDelivery.reason ? (
            <p className="font-medium">
              Delivery attempt {shipment.failedDelivery.attempt} failed: {shipment.failedDelivery.reason}
            </p>
          ) : null}
          <p>{shipment.failedDelivery.next}</p>
        </div>
      ) : null}
      <ol className="grid gap-2 border-l-2 border-zinc-300 pl-4 text-sm dark:border-zinc-700">
        {[...shipment.events].reverse().map((event) => (
          <li key={`${event.at}-${event.status}-${event.activity}`}>
            <span className="font-medium">{SHIPMENT_LABELS[event.status]}</span>
            {event.location ? ` · ${event.location}` : ''}
            <br />
            <span className="text-zinc-600 dark:text-zinc-300">
              {formatDateTime(event.at)}
              {/* The courier's words when they say more than the label (its 'DELIVERED' says nothing more than 'Delivered'). */}
              {event.activity && event.activity.trim().toLowerCase() !== SHIPMENT_LABELS[event.status].toLowerCase() ? ` · ${event.activity}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
