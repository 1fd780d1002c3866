import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { SYNONYM_LIMITS, SYNONYM_MESSAGES } from '~/lib/search-synonyms'
import { searchSynonymsSchema } from './search-synonyms'

const parse = (synonyms: string) => {
  const form = new FormData()
  form.set('synonyms', synonyms)
  return parseWithZod(form, { schema: searchSynonymsSchema })
}

describe('searchSynonymsSchema', () => {
  it('takes an emptied box (the owner drops all her lines) and a full one', () => {
    const empty = parse('')
    expect(empty.status).toBe('success')
    expect(empty.status === 'success' && empty.value.synonyms).toBeUndefined()
    const full = parse('x'.repeat(SYNONYM_LIMITS.textLength))
    expect(full.status).toBe('success')
  })

  it('refuses a box longer than the list may be', () => {
    const long = parse('x'.repeat(SYNONYM_LIMITS.textLength + 1))
    expect(long.status).toBe('error')
    expect(long.status === 'error' && long.error).toEqual({ synonyms: [SYNONYM_MESSAGES.tooLong] })
  })
})
