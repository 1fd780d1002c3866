// A banner's words, link and schedule (ADR 074): one schema for the admin page (its from and until are
// datetime-local fields in India time) and one for the /api's optional extras (ISO moments).
import { z } from 'zod'
import { BANNER_LIMITS, BANNER_MESSAGES, checkBannerLink, indiaLocalToIso } from '~/lib/banners'

const text = (max: number, error: string) => z.string().trim().max(max, { error }).default('')

const link = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || checkBannerLink(value) !== null, { error: BANNER_MESSAGES.link })

const words = {
  headline: text(BANNER_LIMITS.headline, BANNER_MESSAGES.headline),
  subline: text(BANNER_LIMITS.subline, BANNER_MESSAGES.subline),
  buttonText: text(BANNER_LIMITS.buttonText, BANNER_MESSAGES.buttonText),
  link,
}

/** An India date and time from a datetime-local field; empty is no bound. */
const indiaTime = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return null
    const iso = indiaLocalToIso(value)
    if (iso === null) ctx.addIssue({ code: 'custom', message: BANNER_MESSAGES.time })
    return iso
  })

/** The admin page's banner fields (the picture travels beside them, in my_file). */
export const bannerFormSchema = z.object({ ...words, startsAt: indiaTime, endsAt: indiaTime })

/** The /api's optional extras on a banner: the words, the link, and ISO moments (with their offset). */
export const bannerApiSchema = z.object({
  ...words,
  startsAt: z.iso.datetime({ offset: true, error: BANNER_MESSAGES.time }).nullish().transform((v) => (v ? new Date(v).toISOString() : null)),
  endsAt: z.iso.datetime({ offset: true, error: BANNER_MESSAGES.time }).nullish().transform((v) => (v ? new Date(v).toISOString() : null)),
})

export type BannerDetails = z.output<typeof bannerFormSchema>
