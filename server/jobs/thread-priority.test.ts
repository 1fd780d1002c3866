import { describe, expect, it } from 'vitest'
import { ownThreadId } from './thread-priority'

describe('thread priority', () => {
  it("knows the calling thread's own id (the main thread's is the process id)", () => {
    expect(ownThreadId()).toBe(process.pid)
  })
})
