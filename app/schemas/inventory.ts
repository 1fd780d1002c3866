// The inventory page's form (app/routes/admin/inventory.tsx): one row per shelf shown, each with the
// stock the owner saw and the stock she typed. The domain decides what exists and what moved since.
import { z } from 'zod'
import { INVENTORY_PAGE_SIZE, MAX_STOCK } from '~/lib/inventory'
import { CSV_MESSAGES, RUPEES_PATTERN } from '~/lib/inventory-csv'

const key = z.string().max(200).optional().default('')

export const STOCK_MESSAGE = `Stock must be a whole number from 0 to ${MAX_STOCK}`

/** A price box as typed (ADR 071): rupees with up to 2 decimals, '' for none (the price it inherits; no sale). */
const rupeesBox = (message: string) =>
  z
    .string()
    .trim()
    .max(20)
    .refine((value) => value === '' || RUPEES_PATTERN.test(value), { error: message })
    .optional()

const count = z.object({
  productId: z.string({ error: 'This piece or option no longer exists' }).max(200),
  variety: key,
  /** The second group's option (ADR 077); '' for none. */
  option2: key,
  color: key,
  seen: z.coerce.number().int().min(0).max(MAX_STOCK),
  stock: z.coerce
    .number({ error: STOCK_MESSAGE })
    .int({ error: STOCK_MESSAGE })
    .min(0, { error: STOCK_MESSAGE })
    .max(MAX_STOCK, { error: STOCK_MESSAGE }),
  /** A colour's price and sale price as typed, and as shown (a row is saved when either changed). */
  price: rupeesBox(CSV_MESSAGES.price),
  salePrice: rupeesBox(CSV_MESSAGES.salePrice),
  seenPrice: z.string().max(20).optional(),
  seenSalePrice: z.string().max(20).optional(),
})

export const inventorySchema = z.object({
  counts: z.array(count).max(INVENTORY_PAGE_SIZE).optional().default([]),
})

/** The list's filters, read leniently from the URL (a bad value shows everything). */
export const inventoryFilterSchema = z.object({
  q: z.string().max(100).optional().catch(undefined),
  stock: z.enum(['all', 'low', 'out']).optional().catch(undefined),
})
