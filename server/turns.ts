// Requests the page cache did not answer (a page rendered, a cart change, a checkout, an /api miss)
// are started from setImmediate, oldest first, after the requests read in the same turn of the event
// loop (ADR 121). A kept page is answered while its request is read; an uncached page read before it
// in the same turn used to run first. What a turn starts is capped by TURN_BUDGET_MS, but only the
// synchronous part of each start counts: a page handler's start is short and its work continues in
// microtasks once the turn's starts are made, so in practice every request the turn read starts in
// its check phase, and a write (which waits one more setImmediate, ADR 112) runs in the next turn's,
// after that turn's reads too. With a budget of 0, exactly one request starts a turn.
import type { NextFunction, Request, Response } from 'express'

/**
 * How long a turn's starts may take before the rest wait for the next turn (the synchronous part of
 * each start only, see above). The sale day's browse p99 and checkout p99: 169 / 195 ms started as
 * read, 43 / 361 ms one a turn (0), 111 / 211 ms with 8 (ADR 121).
 */
export const TURN_BUDGET_MS = 8

/** The middleware: each request's `next` is queued and called in a later turn (check phase), oldest first; `now` is the clock the budget is read on (tests). */
export function startInTurns(
  budgetMs = TURN_BUDGET_MS,
  now: () => number = () => performance.now(),
): (req: Request, res: Response, next: NextFunction) => void {
  const waiting: NextFunction[] = []
  let scheduled = false
  const startSome = () => {
    const started = now()
    try {
      do waiting.shift()?.()
      while (waiting.length > 0 && now() - started < budgetMs)
    } finally {
      // Express's router passes a handler's error on rather than throwing; were one to escape here,
      // the rest would be scheduled before it does.
      scheduled = waiting.length > 0
      if (scheduled) setImmediate(startSome)
    }
  }
  return (_req, _res, next) => {
    waiting.push(next)
    if (!scheduled) {
      scheduled = true
      setImmediate(startSome)
    }
  }
}
