// Requests the page cache did not answer (a page rendered, a cart change, a checkout, an /api miss)
// start in turns of the event loop, about 8 ms of them a turn, after the requests read in that turn
// (ADR 121). A kept page is answered in the turn its request is read in, in a fraction of a
// millisecond; a render or a write runs from its start to its answer without a pause (better-sqlite3
// blocks): a cart add about 4 ms, each request of a checkout 6 to 9. Started as they were read, a
// turn's checkouts ran back to back before the loop read anyone else, and a visitor's kept page
// waited behind all of them. Now a kept page waits for at most one turn's share of them; they start
// oldest first, each within the turns its elders take.
import type { NextFunction, Request, Response } from 'express'

/**
 * How long a turn starts queued requests for before the loop reads the sockets again: the sale
 * day's browse p99 and checkout p99 were 169 / 195 ms started as read, 43 / 361 ms one a turn,
 * 111 / 211 ms with 8 ms (ADR 121).
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
      // Express's next() passes its errors on rather than throwing; should one throw, the rest still start.
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
