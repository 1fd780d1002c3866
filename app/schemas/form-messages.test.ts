// Every schema answers an empty form or body in words a person wrote, never zod's defaults
// ("Invalid input: expected string, received undefined", "Too small: ..."). Conform hands an empty
// box over as undefined, which a string inside a pipe does not expect: the discount code form
// showed zod's words next to its Code box.
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true })

/** Schemas the server parses with zod alone (the domain's parseInput), never through Conform. */
const NOT_CONFORM = new Set(['tracking.ts trackingSchema', 'partial-refund.ts refundFormSchema'])
/** Schemas that never see a JSON body: the /api listing's query is split into lists before it is parsed. */
const NOT_JSON = new Set(['api-listing.ts apiListingQuerySchema'])

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => value instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.slice(2)} ${name}`, schema: schema as z.ZodType })),
)

/** The keys a schema reads, when it is an object (or an object refined or piped). */
function keysOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { def: { type: string; in?: z.ZodType; shape?: Record<string, unknown> } }).def
  if (def.type === 'object' && def.shape) return Object.keys(def.shape)
  if (def.type === 'pipe' && def.in) return keysOf(def.in)
  return []
}

const ZOD_DEFAULT = /^(Invalid input|Invalid option|Too small|Too big|Invalid string)|expected \w+, received/

const objectSchemas = schemas.filter(({ schema }) => keysOf(schema).length > 0)

/** The fields whose messages are zod's own, as [field, messages]. */
function zodWords(errors: Record<string, string[] | null | undefined>): [string, string[]][] {
  return Object.entries(errors)
    .map(([field, messages]) => [field, (messages ?? []).filter((m) => ZOD_DEFAULT.test(m))] as [string, string[]])
    .filter(([, messages]) => messages.length > 0)
}

describe('schemas', () => {
  it('are found', () => {
    expect(objectSchemas.length).toBeGreaterThan(20)
  })

  it.each(objectSchemas.filter(({ name }) => !NOT_CONFORM.has(name)).map(({ name, schema }) => [name, schema] as const))(
    '%s answers an empty form (through Conform) in its own words',
    (_name, schema) => {
      const empty = new FormData()
      for (const key of keysOf(schema)) empty.set(key, '')
      for (const form of [empty, new FormData()]) {
        const result = parseWithZod(form, { schema })
        expect(zodWords(result.status === 'error' ? (result.error ?? {}) : {})).toEqual([])
      }
    },
  )

  it.each(objectSchemas.filter(({ name }) => !NOT_JSON.has(name)).map(({ name, schema }) => [name, schema] as const))('%s answers an empty JSON body in its own words', (_name, schema) => {
    const result = schema.safeParse({})
    const errors: Record<string, string[]> = {}
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path.join('.') || '(form)'
      errors[field] = [...(errors[field] ?? []), issue.message]
    }
    expect(zodWords(errors)).toEqual([])
  })
})
