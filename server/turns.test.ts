// Requests the cache did not answer start in turns (ADR 121): what the loop reads meanwhile (here a
// timer, as a kept page's request would be read) goes between them, and they start oldest first.
import { describe, expect, it } from 'vitest'
import { startInTurns } from './turns'

/** Keeps the thread busy for `ms`, as a render or a checkout does (better-sqlite3 blocks). */
function busy(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {}
}

const request = {} as never

/** Queues `count` requests of `ms` each; the first sets a timer, read by the loop as a kept page's request would be. */
function run(middleware: (req: never, res: never, next: () => void) => void, count: number, ms: number): Promise<string[]> {
  const order: string[] = []
  return new Promise((done) => {
    for (let n = 1; n <= count; n++) {
      middleware(request, request, () => {
        order.push(`request ${n}`)
        if (n === 1) setTimeout(() => order.push('read meanwhile'), 0)
        busy(ms)
        if (n === count) setTimeout(() => done(order), 20)
      })
    }
  })
}

describe('startInTurns', () => {
  it('starts requests in order, about the budget of them a turn, and what the loop reads goes between turns', async () => {
    const order = await run(startInTurns(8), 6, 5)
    expect(order.filter((step) => step.startsWith('request'))).toEqual(['request 1', 'request 2', 'request 3', 'request 4', 'request 5', 'request 6'])
    // 5 ms each: two start in a turn (the second starts at 5 ms, within the 8), then the loop reads.
    expect(order.indexOf('read meanwhile')).toBe(2)
  })

  it('with no budget starts one a turn', async () => {
    const order = await run(startInTurns(0), 3, 2)
    expect(order.indexOf('read meanwhile')).toBe(1)
    expect(order).toHaveLength(4)
  })

  it('starts a request queued while a turn runs in a later turn, after those queued before it', async () => {
    const middleware = startInTurns(8)
    const order: string[] = []
    await new Promise<void>((done) => {
      middleware(request, request, () => {
        order.push('first')
        middleware(request, request, () => {
          order.push('queued by the first')
          done()
        })
      })
      middleware(request, request, () => order.push('second'))
    })
    expect(order).toEqual(['first', 'second', 'queued by the first'])
  })
})
