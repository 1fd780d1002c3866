import { z } from 'zod'

/** A `?page=` value: a whole number from 1, defaulting to 1. */
export const pageSchema = z.coerce
  .number({ error: 'Page must be a number' })
  .int({ error: 'Page must be a whole number' })
  .min(1, { error: 'Page must be 1 or more' })
  .max(100_000, { error: 'Page is too large' })
  .optional()
  .default(1)
