import { describe, expect, it } from 'vitest'
import { withoutNul } from './text'

describe('withoutNul', () => {
  it('drops every NUL and leaves other text alone', () => {
    expect(withoutNul('Asha\u0000 R\u0000')).toBe('Asha R')
    expect(withoutNul('\u0000')).toBe('')
    const plain = 'Ocean ring ₹799\n'
    expect(withoutNul(plain)).toBe(plain)
  })
})
