// Stock holds in a serving process: availability changes told to the page cache, and the periodic
// sweep of expired holds. Every availability query already ignores an expired hold (it compares expires_at), so the sweep keeps the table small and tells what
// the expiries gave back (pages rendered while the holds were live showed less); it can run late or
// not at all without selling anything twice. docs/decisions/032-stock-holds-and-unpaid-checkouts.md, 050.
import type { DB } from '../../db/database'
import { watchAvailability } from '~/domain/cart/availability.server'
import { sweepExpiredHolds } from '~/domain/cart/stock-holds.server'
import { getDb } from '~/infra/db.server'
import { availabilityChanged } from '~/infra/shop-writes.server'

export const HOLD_SWEEP_INTERVAL_MS = 60_000

/** One sweep: deletes the holds expired at `now`; answers how many. Tests call it directly. */
export function sweepHoldsOnce(db: DB = getDb(), now = new Date()): Promise<number> {
  return sweepExpiredHolds(db, now)
}

/** Sweeps every `intervalMs` (the timer does not keep the process alive); answers a stop function. */
export function startHoldSweep(intervalMs = HOLD_SWEEP_INTERVAL_MS, db?: DB): () => void {
  const timer = setInterval(() => {
    sweepHoldsOnce(db).catch((error) => console.error('Sweeping expired stock holds failed', error))
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Once per serving process: the domain's changes of availability told to the page cache (holds are
 * not seen by its write plugin, ADR 050), and the sweep. The hold limits are the domain's settings
 * (server/bootstrap.ts). Answers a stop function.
 */
export function startHolds(intervalMs = HOLD_SWEEP_INTERVAL_MS): () => void {
  watchAvailability(availabilityChanged)
  const stop = startHoldSweep(intervalMs)
  return () => {
    stop()
    watchAvailability(null)
  }
}
