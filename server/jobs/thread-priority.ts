// A background thread's CPU priority: below the request thread's, so that on a machine short of
// cores (a sale day on a 2-core VM) the pages and payments shoppers wait for run first and the
// background work (invoices to draw for mails already queued) takes what is left (ADR 107).
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'

/** The nice value the background threads run at: 0 is the request thread's, 19 the lowest. */
export const BACKGROUND_NICE = 10

/**
 * This thread's own id on Linux (`/proc/thread-self` links to `<pid>/task/<tid>`), null elsewhere.
 * Linux keeps a nice value per thread, so setpriority() on that id lowers this thread alone.
 */
export function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    return Number.isInteger(tid) && tid > 0 ? tid : null
  } catch {
    return null
  }
}

/** Lowers the calling thread's priority to `nice`; false where the system has no per-thread priority (nothing changes then). */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  const tid = ownThreadId()
  if (tid === null) return false
  try {
    setPriority(tid, nice)
    return true
  } catch {
    return false
  }
}
