import { describe, expect, it } from 'vitest'
import { COMPLAINT_RESOLVE_DAYS, complaintResolveBy } from './complaints'

describe('complaintResolveBy', () => {
  it('is one month (30 days) after the complaint was received', () => {
    expect(COMPLAINT_RESOLVE_DAYS).toBe(30)
    expect(complaintResolveBy('2026-11-28T03:17:00.000Z')).toBe('2026-12-28T03:17:00.000Z')
  })

  it('crosses a year end', () => {
    expect(complaintResolveBy('2026-12-15T20:00:00.000Z')).toBe('2027-01-14T20:00:00.000Z')
  })
})
