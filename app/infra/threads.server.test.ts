import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { semiSpaceFlag, startThread } from './threads.server'

/**
 * A thread that keeps much of what it allocates for a while (V8 then grows its young generation to
 * the most it may) and answers the largest young generation it saw, in MB.
 */
const ALLOCATING = `
const { parentPort } = require('node:worker_threads')
const v8 = require('node:v8')
let kept = []
let most = 0
for (let i = 0; i < 2e6; i++) {
  kept.push({ i, text: 'piece ' + i })
  if (kept.length > 100000) kept = []
  if (i % 5000 === 0) most = Math.max(most, v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size)
}
parentPort.postMessage(most / 1048576)
`

const LIMITS = { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 8 } }

function youngGenerationMb(worker: Worker): Promise<number> {
  return new Promise((resolve, reject) => {
    worker.once('message', (mb: number) => {
      resolve(mb)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

describe('startThread', () => {
  // As `npm start` runs the shop (ADR 116): 8 MB halves for the request thread, set for the whole process.
  setFlagsFromString('--max-semi-space-size=8')
  afterAll(() => setFlagsFromString('--max-semi-space-size=0'))

  it('gives a thread the young generation it asks for, where the process flag would give it the request thread’s', async () => {
    expect(await youngGenerationMb(new Worker(ALLOCATING, LIMITS))).toBeGreaterThan(8)
    expect(await youngGenerationMb(startThread(ALLOCATING, LIMITS, 8))).toBeLessThanOrEqual(8)
  })

  it('sets the flag back once the threads are running, also when two start at once', async () => {
    const both = await Promise.all([youngGenerationMb(startThread(ALLOCATING, LIMITS, 8)), youngGenerationMb(startThread(ALLOCATING, LIMITS, 8))])
    expect(Math.max(...both)).toBeLessThanOrEqual(8)
    expect(await youngGenerationMb(new Worker(ALLOCATING, LIMITS))).toBeGreaterThan(8)
  })

  it('sets the flag back when the thread fails, and when it ends before it is running', async () => {
    const broken = startThread('throw new Error("no start")', LIMITS, 8)
    await new Promise((resolve) => broken.once('error', resolve))
    await new Promise((resolve) => broken.once('exit', resolve))
    expect(await youngGenerationMb(new Worker(ALLOCATING, LIMITS))).toBeGreaterThan(8)
    const ended = startThread(ALLOCATING, LIMITS, 8)
    let online = false
    ended.once('online', () => {
      online = true
    })
    await ended.terminate()
    expect(online).toBe(false)
    expect(await youngGenerationMb(new Worker(ALLOCATING, LIMITS))).toBeGreaterThan(8)
  })
})

describe('semiSpaceFlag', () => {
  it('reads the flag as node takes it, the last one winning', () => {
    expect(semiSpaceFlag(['--max-old-space-size=256', '--heap-growing-percent=50', '--max-semi-space-size=8'])).toBe(8)
    expect(semiSpaceFlag(['--max_semi_space_size', '4'])).toBe(4)
    expect(semiSpaceFlag(['--max-semi-space-size=8', '--max-semi-space-size=2'])).toBe(2)
    expect(semiSpaceFlag(['--max-semi-space-size=many'])).toBeNull()
    expect(semiSpaceFlag(['--max-semi-space-size-extra=8', 'server/start.js'])).toBeNull()
  })
})
