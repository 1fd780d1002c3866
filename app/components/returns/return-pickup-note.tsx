// A return's courier pickup (ADR 104), under an approved return on the shopper's and the owner's order
// pages: once booked, the courier, the AWB and a tracking link, and that the courier will collect it;
// without a pickup, where to send the parcel (as before). The owner also gets "Pickup not booked:
// <reason>" with a plain "Book pickup" form (the same with JS off).
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { RETURN_PICKUP_LABELS, RETURN_PICKUP_MESSAGES } from '~/lib/return-pickups'
import type { ReturnView } from '~/lib/returns'

/** `forOwner`: the owner's order page, which speaks of the shopper rather than to her. */
export function ReturnPickupNote({ ret, sendTo, forOwner = false }: { ret: ReturnView; sendTo: string; forOwner?: boolean }) {
  const pickup = ret.pickup
  if (pickup?.awb) {
    return (
      <p data-return-pickup={pickup.status}>
        {pickup.status === 'booked'
          ? (forOwner ? RETURN_PICKUP_MESSAGES.courierCollectsFromShopper : RETURN_PICKUP_MESSAGES.courierWillCollect)(pickup.carrier ?? 'The courier', pickup.awb)
          : `${RETURN_PICKUP_LABELS[pickup.status]} (${pickup.carrier ?? 'courier'}, AWB ${pickup.awb}).`}
        {pickup.trackingUrl ? (
          <>
            {' '}
            <a href={pickup.trackingUrl} className="underline" rel="noreferrer" target="_blank">
              {RETURN_PICKUP_MESSAGES.track}
            </a>
          </>
        ) : null}
      </p>
    )
  }
  return <p>{forOwner ? RETURN_PICKUP_MESSAGES.shopperSendsTo(sendTo) : `Please pack the pieces well and send them to: ${sendTo}`}</p>
}

/** The owner's retry when the courier did not answer: the return stays approved meanwhile. */
export function BookPickupForm({ ret, busy = false }: { ret: ReturnView; busy?: boolean }) {
  if (ret.status !== 'approved' || !ret.pickup || ret.pickup.awb) return null
  return (
    <Form method="post" className="grid gap-2" aria-label={`Book a pickup for return ${ret.number}`}>
      <input type="hidden" name="returnId" value={ret.id} />
      <p role="status" className="text-amber-800 dark:text-amber-300">
        {RETURN_PICKUP_MESSAGES.notBooked(ret.pickup.lastError ?? RETURN_PICKUP_MESSAGES.noAnswerYet)}
      </p>
      <Button type="submit" name="intent" value="return-book-pickup" variant="outline" className="justify-self-start" disabled={busy}>
        {RETURN_PICKUP_MESSAGES.bookButton}
      </Button>
    </Form>
  )
}
