// The demo shop's automatic offers (ADR 078), made as the owner would (the admin form's schema): a
// "Diwali sale", 15% off Home Decor for the festive days around the day the shop is seeded, and free
// delivery on orders over ₹999 for the same days, and the first banner saying so with a button to the
// sale's pieces for those days (ADR 074), so the demo's home page shows its campaign. Dates in India time.
import type { DB } from '../database'
import { indiaDay } from '~/lib/dates'
import { createOffer } from '~/domain/promotions/offers.server'
import { listBanners, updateBanner } from '~/domain/catalog/banners.server'
import { bannerFormSchema } from '~/schemas/banner'
import { clock } from '~/domain/clock'
import { offerSchema, toOfferInput } from '~/schemas/offer'

/** The festive days: from 3 days before the seeding day to 14 days after it (India midnights). */
function festiveDays(now: Date): { startsAt: string; endsAt: string } {
  const day = (offset: number) => `${indiaDay(new Date(now.getTime() + offset * 86_400_000))}T00:00`
  return { startsAt: day(-3), endsAt: day(14) }
}

export function demoOffers(now = clock.now()) {
  const days = festiveDays(now)
  return [
    { name: 'Diwali sale', kind: 'percent_off', percent: '15', scope: 'categories', scopeItems: ['home-decor'], ...days },
    { name: 'Free delivery over ₹999', kind: 'free_delivery', minOrder: '999', ...days },
  ]
}

/** The sale's banner: the words, and the link to the pieces it is on (Home Decor, on sale). */
export const DEMO_SALE_BANNER = {
  headline: 'Diwali sale: 15% off Home Decor',
  subline: 'Free delivery on orders over ₹999.',
  buttonText: 'Shop the sale',
  link: '/shop/listing?category=home-decor&availability=on-sale',
} as const

export async function seedDemoOffers(db: DB, now = clock.now()): Promise<void> {
  for (const offer of demoOffers(now)) await createOffer(db, toOfferInput(offerSchema.parse(offer)))
  // The first banner carries the campaign for the festive days, unless the owner gave it words.
  const [first] = await listBanners(db)
  if (first && !first.headline) await updateBanner(db, first.id, bannerFormSchema.parse({ ...DEMO_SALE_BANNER, ...festiveDays(now) }))
}

