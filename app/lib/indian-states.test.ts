import { describe, expect, it } from 'vitest'
import { INDIAN_STATES, INDIAN_STATES_AND_UTS, INDIAN_UNION_TERRITORIES, matchIndianState } from './indian-states'

describe('Indian states', () => {
  it('lists 28 states and 8 union territories, each once, alphabetically', () => {
    expect(INDIAN_STATES).toHaveLength(28)
    expect(INDIAN_UNION_TERRITORIES).toHaveLength(8)
    expect(new Set(INDIAN_STATES_AND_UTS).size).toBe(36)
    expect([...INDIAN_STATES_AND_UTS]).toEqual([...INDIAN_STATES_AND_UTS].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('matches a state whatever its case and spacing', () => {
    expect(matchIndianState('karnataka')).toBe('Karnataka')
    expect(matchIndianState('  TAMIL   nadu ')).toBe('Tamil Nadu')
    expect(matchIndianState('Jammu & Kashmir')).toBe('Jammu and Kashmir')
  })

  it('does not match a misspelling or something else', () => {
    expect(matchIndianState('Karnatka')).toBeNull()
    expect(matchIndianState('California')).toBeNull()
    expect(matchIndianState('')).toBeNull()
  })
})
