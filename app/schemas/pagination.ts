import { z } from 'zod'

/** A `?page=` value: a whole number from 1, defaulting to 1. */
export const pageSchema = z.coerce
  .number({ error: 'Page must be a number' })
  .int({ error: 'Page must be a whole number' })
  .min(1, { error: 'Page must be 1 or more' })
  .max(100_000, { error: 'Page is too large' })
  .optional()
  .default(1)

/** A page's `?page=` for HTML pages: a bad or missing value shows page 1 rather than an error. */
export function pageParam(url: URL): number {
  const parsed = pageSchema.safeParse(url.searchParams.get('page') ?? undefined)
  return parsed.success ? parsed.data : 1
}

/** An admin list's `?status=` (as typed; the list's domain reads it against its statuses) and `?page=`. */
export function statusListParams(url: URL): { status: string | null; page: number } {
  return { status: url.searchParams.get('status'), page: pageParam(url) }
}
