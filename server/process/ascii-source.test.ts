// The server build's ASCII rewrite (ADR 113) keeps every program's meaning: each case is evaluated
// before and after.
import { describe, expect, it } from 'vitest'
import { asciiSource } from './ascii-source'

const run = (code: string) => new Function(`return (${code})`)()

describe('asciiSource', () => {
  it.each([
    ["'₹1,499.00 – paid'", '₹1,499.00 – paid'],
    ['`Total ${"₹"}7 → ok`', 'Total ₹7 → ok'],
    ["'\\₹'", '₹'],
    ["'\\\\₹'", '\\₹'],
    ["'\\\\\\₹'", '\\₹'],
    ["'😀 ₹'", '😀 ₹'],
    ["'₹ 1'.replace(/[₹,\\s]/g, '')", '1'],
    ["/^😀$/u.test('😀')", true],
    ["/\\₹/.test('₹')", true],
    ["(() => { const café = 'x'; /* ₹ in a comment */ return café })()", 'x'],
  ])('%s means the same in ASCII', (code, value) => {
    const ascii = asciiSource(code)
    expect(ascii).toMatch(/^[\x20-\x7e]*$/)
    expect(run(code)).toEqual(value)
    expect(run(ascii)).toEqual(value)
  })

  it('leaves ASCII source as it is', () => {
    const code = "const a = '\\u20b9' // rupee\n"
    expect(asciiSource(code)).toBe(code)
  })
})
