// India calendar days: IST is UTC+5:30, so a day starts at 18:30 UTC the evening before.
import { describe, expect, it } from 'vitest'
import { formatDay, indiaDay, indiaDayStart, indiaDaysEnding } from './dates'

describe('India days', () => {
  it('turns a moment into its India date', () => {
    expect(indiaDay(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22')
    expect(indiaDay(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23')
  })

  it('starts a day at 18:30 UTC the evening before', () => {
    expect(indiaDayStart('2026-11-23').toISOString()).toBe('2026-11-22T18:30:00.000Z')
  })

  it('lists the days ending today, oldest first, across month ends', () => {
    expect(indiaDaysEnding(new Date('2026-12-01T20:00:00Z'), 4)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'])
  })

  it('formats a day short', () => {
    expect(formatDay('2026-11-23')).toBe('23 Nov')
  })
})
