// The admin's Dispatch page (ADR 070): the handling time of ready-to-ship pieces and the holiday box
// (one `YYYY-MM-DD note` a line). The schema bounds the box's size; its lines are judged by the
// domain (saveStudioCalendar), each problem naming its line.
import { z } from 'zod'
import { DISPATCH_LIMITS, DISPATCH_MESSAGES } from '~/lib/dispatch'

export const dispatchSettingsSchema = z.object({
  handlingDays: z.coerce
    .number({ error: DISPATCH_MESSAGES.handlingDays })
    .int({ error: DISPATCH_MESSAGES.handlingDays })
    .min(0, { error: DISPATCH_MESSAGES.handlingDays })
    .max(DISPATCH_LIMITS.handlingDays, { error: DISPATCH_MESSAGES.handlingDays }),
  /** An empty box (no holidays) comes as no value: Conform reads '' as missing. */
  holidays: z.string().max(8_000, { error: DISPATCH_MESSAGES.tooManyHolidays }).optional(),
})
