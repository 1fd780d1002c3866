// The tracking poll (ADR 086): for parcels the aggregator's webhook says nothing about, each serving
// process asks about the due ones every few minutes. Parcels are claimed with a lease
// (claimParcelsToPoll), so with several processes each parcel is asked about by one; a process that
// dies leaves its claims to run out. The manual provider polls nothing.
import { randomUUID } from 'node:crypto'
import { pollReturnPickups } from '~/domain/shipping/return-pickups.server'
import { pollParcels } from '~/domain/shipping/shipment-scans.server'
import { getDb } from '~/infra/db.server'
import { getShippingProvider } from '~/infra/shipping-setup.server'

/** How often a process looks for parcels due a poll (one small claim; each parcel's own cadence is its provider's). */
export const PARCEL_POLL_INTERVAL_MS = 60_000

export function startParcelTracking(intervalMs = PARCEL_POLL_INTERVAL_MS): () => void {
  const workerId = `parcels-${process.pid}-${randomUUID().slice(0, 8)}`
  let running = false
  const timer = setInterval(() => {
    if (running) return
    const provider = getShippingProvider()
    if (!provider) return
    running = true
    pollParcels(getDb(), provider, { workerId })
      .then(() => pollReturnPickups(getDb(), provider))
      .catch((error) => console.error('Polling parcel tracking failed', error))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
