// The home page's banners (the spec and the /api call them feature images): what the admin page and
// the /api say about them, their limits, where a banner may lead, and when it shows (ADR 074).
import { CATEGORIES, CATEGORY_IDS } from '~/lib/catalog'
import { INDIA_OFFSET_MINUTES } from '~/lib/dates'
import type { OfferScope } from '~/lib/offers'

export const BANNER_MESSAGES = {
  added: 'Feature image added successfully',
  deleted: 'Feature image deleted successfully',
  notFound: 'Feature image not found.',
  saved: 'Banner saved',
  moved: 'Banner moved',
  link: 'Link to a page of this shop: a category (/shop/listing?category=jewellery), a search (/shop/search?keyword=rakhi) or a product (/shop/product/...).',
  linkNoProduct: 'No product has this link: copy it from the product page.',
  linkWithoutButton: 'Give the button a text, or leave the link empty.',
  buttonWithoutLink: 'Give the button a link, or leave its text empty.',
  headline: `A headline has at most 80 characters.`,
  subline: 'The short line has at most 160 characters.',
  buttonText: 'A button text has at most 30 characters.',
  time: 'Give a date and time, or leave it empty.',
  endsBeforeStart: 'The banner must end after it starts.',
  reorder: 'The banners changed meanwhile: reload the page and move them again.',
} as const

export const BANNER_LIMITS = { headline: 80, subline: 160, buttonText: 30, link: 300 } as const

/** The base a link is read against: any origin we own, only to let URL resolve the path. */
const BASE = 'https://shop.invalid'
const PRODUCT_PATH = /^\/shop\/product\/([A-Za-z0-9_-]{1,64})$/

export type BannerLink = { path: string; productId: string | null }

/**
 * A banner's link, normalised (path and query, no fragment), when it leads to a category or a filtered
 * listing, a search or a product of this shop; null for anything else (another site, `//host`,
 * `javascript:`, a backslash or control character, a path that leaves /shop by `..`).
 */
export function checkBannerLink(raw: string): BannerLink | null {
  const text = raw.trim()
  if (!text.startsWith('/') || text.startsWith('//') || text.length > BANNER_LIMITS.link) return null
  // Browsers read `\` as `/` and drop tabs and newlines in URLs: `/\evil.com` is another site.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\u0000-\u001f\u007f\s]/.test(text)) return null
  let url: URL
  try {
    url = new URL(text, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  // The path as written must be the path URL reads (no `..`, `.` or encoded tricks resolved away).
  if (!text.startsWith(url.pathname)) return null
  const path = `${url.pathname}${url.search}`
  if (url.pathname === '/shop/listing') {
    const category = url.searchParams.get('category')
    if (category !== null && !category.split(',').every((c) => (CATEGORY_IDS as readonly string[]).includes(c))) return null
    return { path, productId: null }
  }
  if (url.pathname === '/shop/search') return url.searchParams.get('keyword')?.trim() ? { path, productId: null } : null
  const product = PRODUCT_PATH.exec(url.pathname)
  return product ? { path: url.pathname, productId: product[1] ?? null } : null
}

/** A link the banner form offers to fill in (a datalist: a suggestion, the owner may still type her own). */
export interface BannerLinkChoice {
  label: string
  path: string
}

/** A percent-off offer as the banner form needs it: its name and what it covers. */
export interface OfferForLink {
  name: string
  scope: OfferScope
  scopeItems: string[]
}

const ON_SALE = '/shop/listing?availability=on-sale'

/**
 * The link to an offer's pieces: its categories' pieces on sale, its one product, or everything on sale
 * (the whole shop, or several products: the listing has no filter by product, and the on-sale filter
 * holds them all). Each is a link checkBannerLink takes.
 */
export function offerPiecesLink(offer: OfferForLink): string {
  if (offer.scope === 'categories' && offer.scopeItems.length > 0) return `/shop/listing?category=${offer.scopeItems.join(',')}&availability=on-sale`
  if (offer.scope === 'products' && offer.scopeItems.length === 1) return `/shop/product/${offer.scopeItems[0]}`
  return ON_SALE
}

/** The banner form's suggested links: each running or coming offer's pieces, everything on sale, each category. */
export function bannerLinkChoices(offers: readonly OfferForLink[]): BannerLinkChoice[] {
  return [
    ...offers.map((offer) => ({ label: `${offer.name}: its pieces`, path: offerPiecesLink(offer) })),
    { label: 'Everything on sale', path: ON_SALE },
    ...CATEGORIES.map((c) => ({ label: c.label, path: `/shop/listing?category=${c.id}` })),
  ]
}

/** An India date and time as a datetime-local field gives it ("2026-11-01T09:00") to the moment it names; null if it is not one. */
export function indiaLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim())
  if (!match) return null
  const ms = Date.parse(`${local.trim()}:00Z`)
  if (Number.isNaN(ms)) return null
  const iso = new Date(ms).toISOString()
  // Date.parse rolls 31 Nov over to 1 Dec: refuse what is not a real day.
  if (iso.slice(0, 16) !== local.trim()) return null
  return new Date(ms - INDIA_OFFSET_MINUTES * 60_000).toISOString()
}

/** A moment as a datetime-local field shows it in India time ("2026-11-01T09:00"). */
export function isoToIndiaLocal(iso: string | null): string {
  if (!iso) return ''
  return new Date(Date.parse(iso) + INDIA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16)
}

/** Whether a banner with this schedule shows at `now`: from its start (included) until its end (excluded). */
export function isBannerLive(schedule: { startsAt: string | null; endsAt: string | null }, now: Date): boolean {
  const at = now.toISOString()
  return (schedule.startsAt === null || schedule.startsAt <= at) && (schedule.endsAt === null || schedule.endsAt > at)
}

export type BannerState = 'live' | 'scheduled' | 'ended'

/** Where a banner's schedule stands at `now` (the admin list's status). */
export function bannerState(schedule: { startsAt: string | null; endsAt: string | null }, now: Date): BannerState {
  if (isBannerLive(schedule, now)) return 'live'
  return schedule.endsAt !== null && schedule.endsAt <= now.toISOString() ? 'ended' : 'scheduled'
}
