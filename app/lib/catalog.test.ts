import { describe, expect, it } from 'vitest'
import { missingChoicesMessage } from './catalog'

describe('missingChoicesMessage', () => {
  it('names every choice still missing', () => {
    expect(missingChoicesMessage('size', true)).toBe('Choose a size and a colour')
    expect(missingChoicesMessage('pack', false)).toBe('Choose a pack')
    expect(missingChoicesMessage('choice', false)).toBe('Choose an option')
    expect(missingChoicesMessage(null, true)).toBe('Choose a colour')
  })

  it('is null once nothing is missing', () => {
    expect(missingChoicesMessage(null, false)).toBeNull()
  })
})
