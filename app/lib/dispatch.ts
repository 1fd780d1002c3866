// Made to order and dispatch dates (issue 27, docs/decisions/070-made-to-order-dispatch-dates.md): the
// vocabulary, the limits and the pure date maths, for the domain and the pages alike. Days are India
// calendar days (YYYY-MM-DD); the studio works every day but Sunday and its own holidays.
import { indiaDay } from './dates'
import type { OrderStatus } from './order-status'

/** What the owner may set: a piece's making time, the ready-to-ship handling time, the holidays kept. */
export const DISPATCH_LIMITS = { madeToOrderDays: 60, handlingDays: 10, holidays: 100, noteLength: 60 } as const

/** Working days a ready-to-ship piece takes to leave the studio when the owner has set nothing. */
export const DEFAULT_HANDLING_DAYS = 1

export const DISPATCH_MESSAGES = {
  saved: 'Dispatch settings saved',
  madeToOrderDays: `Made to order takes 1 to ${DISPATCH_LIMITS.madeToOrderDays} working days (0 for ready to ship)`,
  handlingDays: `Handling time is 0 to ${DISPATCH_LIMITS.handlingDays} working days`,
  tooManyHolidays: `At most ${DISPATCH_LIMITS.holidays} holidays`,
} as const

/** The studio's calendar: its handling time for ready-to-ship pieces and the days it is closed. */
export interface StudioCalendar {
  handlingDays: number
  /** YYYY-MM-DD days the studio does not work (Sundays need not be listed). */
  holidays: readonly string[]
}

export const DEFAULT_CALENDAR: StudioCalendar = Object.freeze({ handlingDays: DEFAULT_HANDLING_DAYS, holidays: Object.freeze([]) })

const DAY_MS = 86_400_000
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0

/** A day the studio works: not a Sunday, not one of its holidays. */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  return !isSunday(day) && !holidays.has(day)
}

/**
 * The day `count` working days after `from` (the day of the order does not count): a Saturday's
 * order with 1 day dispatches on Monday. With 0, `from` itself when the studio works then, else its
 * next working day. Holidays are finite, so the walk always ends.
 */
export function addWorkingDays(from: string, count: number, holidays: ReadonlySet<string>): string {
  let day = from
  let left = Math.max(0, Math.floor(count))
  if (left === 0) {
    while (!isWorkingDay(day, holidays)) day = nextDay(day)
    return day
  }
  while (left > 0) {
    day = nextDay(day)
    if (isWorkingDay(day, holidays)) left -= 1
  }
  return day
}

/** The working days a piece takes: its making time when made to order, else the studio's handling time. */
export function leadDays(madeToOrderDays: number, handlingDays: number): number {
  return madeToOrderDays > 0 ? madeToOrderDays : handlingDays
}

/** The day a piece ordered at `moment` (India time) is expected to leave the studio. */
export function dispatchDay(moment: Date, madeToOrderDays: number, calendar: StudioCalendar): string {
  return addWorkingDays(indiaDay(moment), leadDays(madeToOrderDays, calendar.handlingDays), new Set(calendar.holidays))
}

const dispatchDayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })

/** 'Fri 5 Dec', for a YYYY-MM-DD day. */
export function formatDispatchDay(day: string): string {
  return dispatchDayFormat.format(new Date(`${day}T00:00:00Z`)).replace(',', '')
}

/** What the product page says near Add to Cart: 'Made to order · ships by Fri 5 Dec' or 'Ready to ship · dispatched by Sat 29 Nov'. */
export function dispatchSentence(madeToOrderDays: number, day: string): string {
  return madeToOrderDays > 0 ? `Made to order · ships by ${formatDispatchDay(day)}` : `Ready to ship · dispatched by ${formatDispatchDay(day)}`
}

/** A choice's promise as the product page gets it from the server: its making time, its day and the day in words. */
export interface DispatchDayText {
  madeToOrderDays: number
  day: string
  /** 'Fri 5 Dec' */
  dayText: string
}

/**
 * What the product page says while the choices made so far may still come to different making times
 * (issue 27): the soonest and the latest day, 'Made to order · ships between Fri 5 Dec and Wed 10 Dec'
 * ('Ready to ship or made to order · ...' when the soonest is ready to ship).
 */
export function dispatchRangeSentence(soonest: DispatchDayText, latest: DispatchDayText): string {
  const kind = soonest.madeToOrderDays > 0 ? 'Made to order' : 'Ready to ship or made to order'
  return soonest.day === latest.day ? `${kind} · ships by ${latest.dayText}` : `${kind} · ships between ${soonest.dayText} and ${latest.dayText}`
}

/** What a line of a made-to-order piece says in the cart, checkout and order: 'Made to order: ships in 7 working days'. */
export function madeToOrderNote(madeToOrderDays: number): string | null {
  if (madeToOrderDays <= 0) return null
  return `Made to order: ships in ${madeToOrderDays} working ${madeToOrderDays === 1 ? 'day' : 'days'}`
}

/** The statuses of an order still to leave the studio: its expected dispatch day is shown only then. */
const BEFORE_DISPATCH: readonly OrderStatus[] = ['pending', 'confirmed', 'inProcess']

export function awaitsDispatch(status: string): boolean {
  return (BEFORE_DISPATCH as readonly string[]).includes(status)
}

/** How the admin's order list is sorted: newest first (the default) or by expected dispatch day, soonest first. */
export const ORDER_LIST_SORTS = ['newest', 'dispatch'] as const
export type OrderListSort = (typeof ORDER_LIST_SORTS)[number]
export const ORDER_LIST_SORT_LABELS: Record<OrderListSort, string> = { newest: 'Newest first', dispatch: 'Dispatch date' }

export function orderListSortOf(value: string | null | undefined): OrderListSort {
  return value === 'dispatch' ? 'dispatch' : 'newest'
}

/** One holiday as the owner keeps it. */
export interface Holiday {
  day: string
  note: string
}

/** A holiday line as the owner's box shows it: '2026-12-25 Christmas'. */
export function formatHolidayLine(holiday: Holiday): string {
  return holiday.note ? `${holiday.day} ${holiday.note}` : holiday.day
}

const HOLIDAY_LINE = /^(\d{4}-\d{2}-\d{2})(?:\s+(.*))?$/

function isRealDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day
}

/**
 * The owner's holiday box: one `YYYY-MM-DD note` a line (the note optional), blank lines skipped,
 * sorted and each day once. Any problem line refuses the whole box, each problem naming its line.
 */
export function parseHolidayLines(text: string): { ok: true; holidays: Holiday[] } | { ok: false; problems: string[] } {
  const problems: string[] = []
  const byDay = new Map<string, Holiday>()
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '') return
    const match = HOLIDAY_LINE.exec(line)
    const day = match?.[1] ?? ''
    const note = (match?.[2] ?? '').trim()
    if (!match || !isRealDay(day)) problems.push(`Line ${index + 1}: write the day as 2026-12-25, then a note if you like`)
    else if (note.length > DISPATCH_LIMITS.noteLength || /\p{Cc}/u.test(note)) problems.push(`Line ${index + 1}: the note can be at most ${DISPATCH_LIMITS.noteLength} characters`)
    else byDay.set(day, { day, note })
  })
  if (byDay.size > DISPATCH_LIMITS.holidays) problems.push(DISPATCH_MESSAGES.tooManyHolidays)
  if (problems.length) return { ok: false, problems }
  return { ok: true, holidays: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)) }
}
