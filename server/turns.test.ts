// Requests the cache did not answer start in turns (ADR 121): what the loop reads meanwhile (here a
// timer, as a kept page's request would be read) goes between them, and they start oldest first.
import { describe, expect, it } from 'vitest'
import { startInTurns } from './turns'

/**
 * A clock the requests move on: each takes `ms` of it, so the budget is read the same way however
 * loaded the machine is (a busy CI once stretched a 5 ms request past the 8 ms budget). Each also
 * spends 2 ms of real time, so the timer set by the first is due when the loop next reads.
 */
function requestsClock() {
  let time = 0
  return {
    now: () => time,
    take(ms: number) {
      time += ms
      const until = performance.now() + 2
      while (performance.now() < until) {}
    },
  }
}

const request = {} as never

/** Queues `count` requests of `ms` each; the first sets a timer, read by the loop as a kept page's request would be. */
function run(budgetMs: number, count: number, ms: number): Promise<string[]> {
  const clock = requestsClock()
  const middleware = startInTurns(budgetMs, clock.now)
  const order: string[] = []
  return new Promise((done) => {
    for (let n = 1; n <= count; n++) {
      middleware(request, request, () => {
        order.push(`request ${n}`)
        if (n === 1) setTimeout(() => order.push('read meanwhile'), 0)
        clock.take(ms)
        if (n === count) setTimeout(() => done(order), 20)
      })
    }
  })
}

describe('startInTurns', () => {
  it('starts requests in order, about the budget of them a turn, and what the loop reads goes between turns', async () => {
    const order = await run(8, 6, 5)
    expect(order.filter((step) => step.startsWith('request'))).toEqual(['request 1', 'request 2', 'request 3', 'request 4', 'request 5', 'request 6'])
    // 5 ms each: two start in a turn (the second starts at 5 ms, within the 8), then the loop reads.
    expect(order.indexOf('read meanwhile')).toBe(2)
  })

  it('with no budget starts one a turn', async () => {
    const order = await run(0, 3, 2)
    expect(order.indexOf('read meanwhile')).toBe(1)
    expect(order).toHaveLength(4)
  })

  it('starts a request queued while a turn runs after those queued before it', async () => {
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
