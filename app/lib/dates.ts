const dateFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
})

/** 22 Nov 2026 (India time). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso))
}

/** India Standard Time is UTC+5:30 all year (no daylight saving). */
export const INDIA_OFFSET_MINUTES = 330
const DAY_MS = 24 * 60 * 60 * 1000

/** The India calendar day of a moment, as YYYY-MM-DD. */
export function indiaDay(moment: Date): string {
  return new Date(moment.getTime() + INDIA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10)
}

/** The moment an India calendar day (YYYY-MM-DD) begins. */
export function indiaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MINUTES * 60_000)
}

/** The `count` India days that end with the day of `moment`, oldest first. */
export function indiaDaysEnding(moment: Date, count: number): string[] {
  const last = Date.parse(`${indiaDay(moment)}T00:00:00Z`)
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10))
}

const shortDayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** 22 Nov, for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  return shortDayFormat.format(new Date(`${day}T00:00:00Z`))
}
