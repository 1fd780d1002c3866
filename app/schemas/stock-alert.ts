// The product page's 'Notify me' form (ADR 066): which sold-out choice, and where to write.
import { z } from 'zod'
import { email } from './auth'

export const STOCK_ALERT_INTENT = 'notify'

export const stockAlertSchema = z.object({
  intent: z.literal(STOCK_ALERT_INTENT),
  /** The choice as the form names it: option and colour joined by STOCK_ALERT_SEPARATOR. */
  shelf: z.string().max(300).optional().default(''),
  email,
})

/** Between option and colour in the shelf's value: a character no name can hold (names are trimmed text). */
export const STOCK_ALERT_SEPARATOR = '\u001f'
