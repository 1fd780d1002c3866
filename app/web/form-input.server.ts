// Every server-side Conform parse goes through parseForm: the form is cut down to the schema's own
// field paths, with small list indexes and few repeats, before Conform turns names into paths.
// Conform builds whatever a name says (`a[4294967294]` is a sparse array that reply() walks; a
// thousand repeats of one name are concatenated one by one), so an unfiltered form lets one small
// anonymous request block the event loop or exhaust the heap. See docs/decisions/019-bounded-input-parsing.md.
import { INTENT, STATE } from '@conform-to/dom'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { withoutNul } from '~/lib/text'

/** The highest list index a form may name (the schemas allow at most 12 items). */
export const MAX_LIST_INDEX = 100
/** How many values one field may carry (repeated names become a list). */
export const MAX_VALUES_PER_NAME = MAX_LIST_INDEX + 1
/** How many entries a form keeps in all (the largest form, the product's, sends about 70). */
export const MAX_ENTRIES = 1000
/** The longest field name kept, and the longest Conform intent (a button's JSON). */
const MAX_NAME_LENGTH = 200
const MAX_INTENT_LENGTH = 2000

const TOKEN = /([^.[\]]+)|\[(\d*)\]/g

/**
 * A field name read as a path: its pattern (`varieties[03].name` -> `varieties[].name`) and its
 * canonical name (`varieties[3].name`); null when the name is not a plain path or names an index
 * above MAX_LIST_INDEX.
 */
export function readFieldName(name: string): { pattern: string; canonical: string } | null {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return null
  let pattern = ''
  let canonical = ''
  let end = 0
  for (const match of name.matchAll(TOKEN)) {
    const at = match.index ?? 0
    if (at !== end && !(at === end + 1 && name[end] === '.' && pattern !== '')) return null
    const [whole, key, index] = match
    if (key !== undefined) {
      pattern += pattern === '' ? key : `.${key}`
      canonical += canonical === '' ? key : `.${key}`
    } else {
      if (pattern === '') return null
      if (index !== '' && (index === undefined || index.length > 3 || Number(index) > MAX_LIST_INDEX)) return null
      pattern += '[]'
      canonical += index === '' ? '[]' : `[${Number(index)}]`
    }
    end = at + whole.length
  }
  return end === name.length ? { pattern, canonical } : null
}

const knownPatterns = new WeakMap<z.ZodType, Set<string>>()

/** The schema's field paths as patterns (`title`, `colors[]`, `varieties[].name`), worked out once. */
function patternsOf(schema: z.ZodType): Set<string> {
  let patterns = knownPatterns.get(schema)
  if (!patterns) {
    patterns = new Set(Object.keys(getZodConstraint(schema)))
    knownPatterns.set(schema, patterns)
  }
  return patterns
}

/** The canonical name of one of the schema's field paths, else null. */
function knownPath(name: unknown, patterns: Set<string>): string | null {
  if (typeof name !== 'string') return null
  const read = readFieldName(name)
  return read && patterns.has(read.pattern) ? read.canonical : null
}

function smallIndex(value: unknown): boolean {
  return value === undefined || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_LIST_INDEX)
}

/**
 * A Conform intent (the list buttons of a form without JS) kept only when it is short JSON of a known
 * kind naming a known field at small indexes; anything else is dropped, as if no button was named.
 */
function boundedIntent(value: FormDataEntryValue, patterns: Set<string>): boolean {
  if (typeof value !== 'string' || value.length > MAX_INTENT_LENGTH) return false
  let intent: unknown
  try {
    intent = JSON.parse(value)
  } catch {
    return false
  }
  if (typeof intent !== 'object' || intent === null || !('type' in intent) || !('payload' in intent)) return false
  const { type, payload } = intent as { type: unknown; payload: unknown }
  if (typeof payload !== 'object' || payload === null) return false
  const p = payload as { name?: unknown; index?: unknown; from?: unknown; to?: unknown }
  const namesField = knownPath(p.name, patterns) !== null
  switch (type) {
    case 'validate':
    case 'update':
    case 'reset':
      return (namesField || p.name === undefined || p.name === '') && smallIndex(p.index)
    case 'insert':
    case 'remove':
      return namesField && smallIndex(p.index)
    case 'reorder':
      return namesField && smallIndex(p.from) && smallIndex(p.to)
    default:
      return false
  }
}

/**
 * The form cut down to what the schema can take: names that are the schema's own field paths with
 * list indexes up to MAX_LIST_INDEX (written canonically, so `a[01]` and `a[1]` are one field), at
 * most MAX_VALUES_PER_NAME values per field and MAX_ENTRIES in all, and a bounded intent. Everything
 * else is dropped (the caller still has the original form).
 */
export function boundedForm(form: FormData, schema: z.ZodType): FormData {
  const patterns = patternsOf(schema)
  const kept = new FormData()
  const counts = new Map<string, number>()
  let entries = 0
  for (const [name, value] of form) {
    if (entries >= MAX_ENTRIES) break
    if (name === STATE) continue
    if (name === INTENT) {
      if (!kept.has(INTENT) && boundedIntent(value, patterns)) kept.append(name, value)
      continue
    }
    const canonical = knownPath(name, patterns)
    if (canonical === null) continue
    const seen = counts.get(canonical) ?? 0
    if (seen >= MAX_VALUES_PER_NAME) continue
    counts.set(canonical, seen + 1)
    // NUL means nothing in a shop's text and PostgreSQL refuses it in a text column.
    kept.append(canonical, typeof value === 'string' ? withoutNul(value) : value)
    entries += 1
  }
  return kept
}

/** Conform's parseWithZod over the bounded form: the one way the server parses a Conform form. */
export function parseForm<Schema extends z.ZodType>(form: FormData, options: { schema: Schema }) {
  return parseWithZod(boundedForm(form, options.schema), options)
}
