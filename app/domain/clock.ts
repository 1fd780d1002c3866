// The domain's clock: every rule that reads the time (a hold's expiry, the hour of unpaid checkouts,
// a token's life, a stale cart) asks here, so a test sets the time instead of waiting for it or
// racing the machine's speed. Production never sets it: it is the system clock.

let source: () => number = Date.now

export const clock = {
  /** The time the domain's rules take as now. */
  now(): Date {
    return new Date(source())
  },
  /** clock.now() as stored in the database's text timestamps. */
  iso(): string {
    return new Date(source()).toISOString()
  },
}

/** Tests only: the clock stands still at `at` until set again; no argument gives the system clock back. */
export function setClock(at?: Date | string): void {
  if (at === undefined) {
    source = Date.now
    return
  }
  const ms = new Date(at).getTime()
  if (Number.isNaN(ms)) throw new Error(`setClock: not a time: ${String(at)}`)
  source = () => ms
}

/** Tests only: moves the clock on by `ms` (a standing clock stays standing, at the later time). */
export function advanceClock(ms: number): void {
  setClock(new Date(source() + ms))
}
