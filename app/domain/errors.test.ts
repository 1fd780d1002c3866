// parseInput turns zod issues into field messages, whatever the fields are called.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Invalid, parseInput } from './errors'

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(z.object({ n: z.coerce.number() }), { n: '4' })).toEqual({ n: 4 })
  })

  it('keeps fields named like Object.prototype members as plain keys (fuzz finding: a 500 before)', () => {
    const schema = z.object({}).superRefine((_, ctx) => {
      for (const name of ['constructor', '__proto__', 'toString']) ctx.addIssue({ code: 'custom', path: [name], message: `bad ${name}` })
    })
    let caught: unknown
    try {
      parseInput(schema, {})
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(Invalid)
    const { errors } = caught as Invalid
    expect(Object.keys(errors).sort()).toEqual(['__proto__', 'constructor', 'toString'])
    expect(JSON.parse(JSON.stringify(errors))).toEqual(
      Object.fromEntries([['constructor', ['bad constructor']], ['__proto__', ['bad __proto__']], ['toString', ['bad toString']]]),
    )
    expect(({} as Record<string, unknown>).toString).toBe(Object.prototype.toString)
  })
})
