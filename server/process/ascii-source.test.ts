// The server build's ASCII rewrite (ADR 113) keeps every program's meaning: each case is evaluated
// before and after.
import { describe, expect, it } from 'vitest'
import { asciiSource, taggedTemplateAboveAscii } from './ascii-source'

const run = (code: string) => new Function(`return (${code})`)()

describe('asciiSource', () => {
  it.each([
    ["'₹1,499.00 – paid'", '₹1,499.00 – paid'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template in it
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

  it('refuses a line or paragraph separator, which an escape would not stand for in a comment', () => {
    const separator = String.fromCharCode(0x2028)
    expect(() => asciiSource("// a \\u2028 b")).not.toThrow()
    expect(() => asciiSource(`// a ${separator} b`)).toThrow(/U\+2028/)
  })

  it('finds a tagged template whose raw strings hold a character above 0x7f, and no other template', () => {
    // ESTree, as the build's this.parse gives it: String.raw`₹${1}`, then `₹${1}` and String.raw`rupee`.
    const template = (raw: string) => ({ type: 'TemplateLiteral', quasis: [{ type: 'TemplateElement', value: { raw, cooked: raw } }], expressions: [] })
    const tagged = (raw: string) => ({ type: 'TaggedTemplateExpression', tag: { type: 'Identifier', name: 'raw' }, quasi: template(raw) })
    const program = (...expressions: object[]) => ({ type: 'Program', body: expressions.map((expression) => ({ type: 'ExpressionStatement', expression })) })
    expect(taggedTemplateAboveAscii(program({ type: 'ArrowFunctionExpression', body: tagged('₹') }))).toBe(true)
    expect(taggedTemplateAboveAscii(program(template('₹'), tagged('rupee')))).toBe(false)
  })
})
