// An unexpected console.error or console.warn fails the test that caused it (as in the Epic Stack's
// test set-up): a warning nobody reads is a bug nobody sees. A test that expects one says so with
// expectConsole(level, pattern), and then the message must come.
import { afterEach, beforeEach, expect, vi } from 'vitest'

type Level = 'error' | 'warn'

interface Call {
  level: Level
  text: string
}

let calls: Call[] = []
let expected: { level: Level; pattern: RegExp; seen: boolean }[] = []

function textOf(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack ?? ''}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')
}

beforeEach(() => {
  calls = []
  expected = []
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = textOf(args)
      const match = expected.find((e) => e.level === level && e.pattern.test(text))
      if (match) match.seen = true
      else calls.push({ level, text })
    })
  }
})

afterEach(() => {
  const unexpected = calls
  const missing = expected.filter((e) => !e.seen)
  calls = []
  expected = []
  expect(unexpected.map((c) => `console.${c.level}: ${c.text.slice(0, 500)}`), 'unexpected console output').toEqual([])
  expect(missing.map((m) => `console.${m.level} ${m.pattern}`), 'expected console output that never came').toEqual([])
})

/** This test expects console[level] with a message matching `pattern` (once or more). */
export function expectConsole(level: Level, pattern: RegExp): void {
  expected.push({ level, pattern, seen: false })
}
