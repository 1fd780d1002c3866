// Working days and dispatch dates: Sundays and the studio's holidays skipped, India calendar days.
import { describe, expect, it } from 'vitest'
import {
  addWorkingDays,
  dispatchDay,
  dispatchRangeSentence,
  dispatchSentence,
  formatDispatchDay,
  leadDays,
  madeToOrderNote,
  parseHolidayLines,
} from './dispatch'

const none = new Set<string>()

describe('working days', () => {
  it('counts from the day after the order', () => {
    // 2026-11-27 is a Friday.
    expect(addWorkingDays('2026-11-27', 1, none)).toBe('2026-11-28')
    expect(addWorkingDays('2026-11-27', 7, none)).toBe('2026-12-05')
  })

  it('skips Sundays: a Saturday order with one day leaves on Monday', () => {
    expect(addWorkingDays('2026-11-28', 1, none)).toBe('2026-11-30')
  })

  it('starts a Sunday order on Monday', () => {
    expect(addWorkingDays('2026-11-29', 1, none)).toBe('2026-11-30')
    expect(addWorkingDays('2026-11-29', 0, none)).toBe('2026-11-30')
  })

  it('crosses month and year ends', () => {
    expect(addWorkingDays('2026-11-30', 1, none)).toBe('2026-12-01')
    expect(addWorkingDays('2026-12-31', 1, none)).toBe('2027-01-01')
    expect(addWorkingDays('2028-02-28', 1, none)).toBe('2028-02-29')
  })

  it('skips holidays in a row, and a holiday next to a Sunday', () => {
    const holidays = new Set(['2026-12-24', '2026-12-25', '2026-12-26'])
    // Wed 23 Dec + 1: Thu to Sat are holidays, Sunday is closed: Monday 28 Dec.
    expect(addWorkingDays('2026-12-23', 1, holidays)).toBe('2026-12-28')
    expect(addWorkingDays('2026-12-23', 2, holidays)).toBe('2026-12-29')
  })

  it('keeps the order day with 0 days when the studio works then', () => {
    expect(addWorkingDays('2026-11-27', 0, none)).toBe('2026-11-27')
    expect(addWorkingDays('2026-11-27', 0, new Set(['2026-11-27']))).toBe('2026-11-28')
  })
})

describe('dispatch day', () => {
  it('takes the making time of a made-to-order piece, else the handling time', () => {
    expect(leadDays(7, 1)).toBe(7)
    expect(leadDays(0, 2)).toBe(2)
  })

  it('reads the order moment as an India day: 19:00 UTC on Saturday is already Sunday in India', () => {
    const calendar = { handlingDays: 1, holidays: [] }
    expect(dispatchDay(new Date('2026-11-28T10:00:00Z'), 0, calendar)).toBe('2026-11-30')
    expect(dispatchDay(new Date('2026-11-28T19:00:00Z'), 0, calendar)).toBe('2026-11-30')
    expect(dispatchDay(new Date('2026-11-27T19:00:00Z'), 5, { handlingDays: 1, holidays: ['2026-12-01'] })).toBe('2026-12-05')
  })

  it('says it in words', () => {
    expect(formatDispatchDay('2026-12-04')).toBe('Fri 4 Dec')
    expect(dispatchSentence(7, '2026-12-04')).toBe('Made to order · ships by Fri 4 Dec')
    expect(dispatchSentence(0, '2026-11-28')).toBe('Ready to ship · dispatched by Sat 28 Nov')
    expect(madeToOrderNote(0)).toBeNull()
    expect(madeToOrderNote(1)).toBe('Made to order: ships in 1 working day')
    expect(madeToOrderNote(7)).toBe('Made to order: ships in 7 working days')
  })
})

describe('the holiday box', () => {
  it('reads a day and a note a line, sorted, each day once, blank lines skipped', () => {
    expect(parseHolidayLines('2026-12-25 Christmas\n\n2026-11-08  Diwali \n2026-12-25')).toEqual({
      ok: true,
      holidays: [
        { day: '2026-11-08', note: 'Diwali' },
        { day: '2026-12-25', note: '' },
      ],
    })
  })

  it('names each bad line and keeps none', () => {
    expect(parseHolidayLines('2026-02-30\nChristmas\n2026-12-25 ok')).toEqual({
      ok: false,
      problems: ['Line 1: write the day as 2026-12-25, then a note if you like', 'Line 2: write the day as 2026-12-25, then a note if you like'],
    })
    expect(parseHolidayLines(`2026-12-25 ${'x'.repeat(61)}`).ok).toBe(false)
  })

  it('refuses more than 100 holidays', () => {
    const lines = Array.from({ length: 101 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10)).join('\n')
    expect(parseHolidayLines(lines)).toEqual({ ok: false, problems: ['At most 100 holidays'] })
  })
})

describe('dispatchRangeSentence (issue 27)', () => {
  const at = (madeToOrderDays: number, day: string) => ({ madeToOrderDays, day, dayText: formatDispatchDay(day) })
  it('says the soonest and the latest day the choices so far may come to', () => {
    expect(dispatchRangeSentence(at(5, '2026-12-03'), at(9, '2026-12-08'))).toBe('Made to order · ships between Thu 3 Dec and Tue 8 Dec')
    expect(dispatchRangeSentence(at(0, '2026-11-28'), at(9, '2026-12-08'))).toBe('Ready to ship or made to order · ships between Sat 28 Nov and Tue 8 Dec')
  })
  it('says one day when the making times come to the same day', () => {
    expect(dispatchRangeSentence(at(0, '2026-11-28'), at(1, '2026-11-28'))).toBe('Ready to ship or made to order · ships by Sat 28 Nov')
  })
})
