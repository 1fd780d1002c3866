import { describe, expect, it } from 'vitest'
import { checkJsonShape, JSON_LIMITS } from './handle-api.server'
import { Invalid } from '~/domain/errors'

describe('checkJsonShape', () => {
  it('takes the real /api bodies, strings with brackets and commas included', () => {
    expect(() => checkJsonShape('{"title":"[[[{,,,}]]] \\\\\\" ,[","images":["/uploads/a.webp"],"variety":{"type":"size","sizes":[{"size":"S","price":1}]}}')).not.toThrow()
    expect(() => checkJsonShape(`[${Array(JSON_LIMITS.items).fill(0).join(',')}]`)).not.toThrow()
  })

  it('refuses deep nesting and huge lists or objects quickly, before parsing', () => {
    for (const text of [
      `${'['.repeat(500_000)}${']'.repeat(500_000)}`,
      `${'{"a":'.repeat(170_000)}1${'}'.repeat(170_000)}`,
      `{"images":[${Array(JSON_LIMITS.items + 1).fill('"x"').join(',')}]}`,
      `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
    ]) {
      const started = performance.now()
      expect(() => checkJsonShape(text)).toThrow(Invalid)
      expect(performance.now() - started).toBeLessThan(100)
    }
  })
})
