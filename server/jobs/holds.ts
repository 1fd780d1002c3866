// The periodic sweep of expired stock holds. Every availability query already ignores an expired
// hold (it compares expires_at), so the sweep only keeps the table small; it can run late or not at
// all without selling anything twice. docs/decisions/032-stock-holds-and-unpaid-checkouts.md.
import type { DB } from '../../db/database'
import { sweepExpiredHolds } from '~/domain/stock-holds.server'
import { getDb } from '~/infra/db.server'

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
