// The studio's calendar (docs/decisions/070-made-to-order-dispatch-dates.md): the working days a
// ready-to-ship piece takes to leave (the handling time) and the days the studio is closed, as the
// owner keeps them on the admin's Dispatch page. Read afresh where a date is worked out (two small
// reads), so an edit counts at once in every process; the page cache drops kept pages on the write.
import type { DB } from '../../../db/database'
import { Invalid } from '~/domain/errors'
import { DEFAULT_HANDLING_DAYS, DISPATCH_LIMITS, DISPATCH_MESSAGES, type Holiday, parseHolidayLines, type StudioCalendar } from '~/lib/dispatch'

/** The owner's holidays, by day. */
export async function listHolidays(db: DB): Promise<Holiday[]> {
  return db.selectFrom('studio_holidays').select(['day', 'note']).orderBy('day').execute()
}

/** The handling time and every holiday from `fromDay` on (earlier ones cannot move a date to come). */
export async function readStudioCalendar(db: DB, fromDay?: string): Promise<StudioCalendar> {
  let holidays = db.selectFrom('studio_holidays').select('day').orderBy('day')
  if (fromDay) holidays = holidays.where('day', '>=', fromDay)
  const [settings, days] = await Promise.all([
    db.selectFrom('dispatch_settings').select('handling_days').where('id', '=', 1).executeTakeFirst(),
    holidays.execute(),
  ])
  return { handlingDays: settings?.handling_days ?? DEFAULT_HANDLING_DAYS, holidays: days.map((h) => h.day) }
}

/**
 * Saves the handling time and replaces the holidays with the box's (`YYYY-MM-DD note` a line), all or
 * nothing: a bad handling time or any bad line throws Invalid (`handlingDays`, `holidays`: one message
 * a problem line) and changes nothing.
 */
export async function saveStudioCalendar(db: DB, input: { handlingDays: number; holidays: string }): Promise<Holiday[]> {
  const parsed = parseHolidayLines(input.holidays)
  const errors: Record<string, string[]> = {}
  if (!Number.isInteger(input.handlingDays) || input.handlingDays < 0 || input.handlingDays > DISPATCH_LIMITS.handlingDays) {
    errors.handlingDays = [DISPATCH_MESSAGES.handlingDays]
  }
  if (!parsed.ok) errors.holidays = parsed.problems
  if (Object.keys(errors).length || !parsed.ok) throw new Invalid(errors)
  await db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('dispatch_settings').set({ handling_days: input.handlingDays }).where('id', '=', 1).executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('dispatch_settings').values({ id: 1, handling_days: input.handlingDays }).execute()
    await trx.deleteFrom('studio_holidays').execute()
    if (parsed.holidays.length) await trx.insertInto('studio_holidays').values(parsed.holidays).execute()
  })
  return parsed.holidays
}
