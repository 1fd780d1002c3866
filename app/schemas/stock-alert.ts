// The product page's 'Notify me' form (ADR 066): which sold-out choice, and where to write.
import { z } from 'zod'
import { STOCK_ALERT_INTENT } from '~/lib/stock-alerts'
import { email } from './auth'
import { intentOf } from './stale-form'

export const stockAlertSchema = z.object({
  intent: intentOf(STOCK_ALERT_INTENT),
  /** The choice as the form names it: option and colour joined by STOCK_ALERT_SEPARATOR. */
  shelf: z.string().max(300).optional().default(''),
  email,
})
