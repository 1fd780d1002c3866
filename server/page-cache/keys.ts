// Which requests may be answered from the page cache, and the key their page is kept under: the
// origin (ADR 049), the canonical URL (urls.ts), and everything else a browse page depends on.
import type { Request } from 'express'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'
import { findSessionUser } from '~/domain/accounts/auth-sessions.server'
import { countCartLines } from '~/domain/cart/cart.server'
import { hasOwnReviewArea } from '~/domain/catalog/reviews.server'
import { NotFound } from '~/domain/errors'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { shopGeneration } from '~/infra/shop-writes.server'
import type { Theme } from '~/lib/theme'
import type { DeliveryCheck } from '~/lib/delivery'
import { SESSION_COOKIE_NAME, sessionStorage } from '~/web/cookies.server'
import { DELIVERY_PINCODE_COOKIE, deliveryCheckOfPincode, rememberedPincode } from '~/web/delivery-check.server'
import type { Personal } from '~/web/personal'
import { themeOfCookieHeader } from '~/web/theme.server'
import { keptQuery, productOf } from './urls'

/** The cookie a visitor's theme choice travels in (app/web/theme.server.ts reads it). */
const THEME_COOKIE = 'theme'

/** The cookies a cacheable request may carry: the theme, a session (a shopper's or a guest cart's) and a remembered pincode. */
const KNOWN_COOKIES = new Set([THEME_COOKIE, SESSION_COOKIE_NAME, DELIVERY_PINCODE_COOKIE])

function readCookies(header: string | undefined): Map<string, string> | null {
  const cookies = new Map<string, string>()
  if (!header) return cookies
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    const name = (eq === -1 ? part : part.slice(0, eq)).trim()
    if (!name) continue
    // A login session, a flash toast, the sign-up email or any cookie we do not know: never cached.
    if (!KNOWN_COOKIES.has(name)) return null
    if (cookies.has(name)) return null
    cookies.set(name, eq === -1 ? '' : part.slice(eq + 1).trim())
  }
  return cookies
}

/** A request whose page may come from the cache: its key and the guest cart counted for it. */
export interface PageRequest {
  key: string
  /** The origin the page is built for (pageOrigin): part of the key. */
  origin: string
  theme: Theme
  /**
   * The shopper's pieces of the page (a login session, or a guest cart with lines): the kept page,
   * which is rendered for nobody, goes to her with them spliced in (ADR 076). Null for a visitor.
   */
  personal: Personal | null
  /**
   * A product page's delivery line for the pincode the shopper's cookie remembers, spliced into the
   * kept page's delivery hole (ADR 106); null on other pages (they show no pincode) and without one.
   */
  delivery: DeliveryCheck | null
  /** A product page's variant for signed-in shoppers ('only shoppers who have received this piece'), part of the key. */
  signedIn: boolean
  /** The product the page is about, when it shows one product only (see productOf). */
  product: string | null
  /** The URL the page is rendered and kept for: the path and the canonical query (see keptQuery). */
  url: string
}

/** A plain host[:port]: a DNS name or IPv4 address, or an IPv6 address in brackets. */
const PLAIN_HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

/** The origin of a protocol and a Host value, in one spelling (lower case, no default port); null unless both are plain. */
export function originOf(protocol: string, host: string | undefined): string | null {
  if ((protocol !== 'http' && protocol !== 'https') || !host || host.length > 255 || !PLAIN_HOST.test(host)) return null
  try {
    return new URL(`${protocol}://${host}`).origin
  } catch {
    return null
  }
}

/**
 * The origin a request's page is built for and kept under (ADR 049): PUBLIC_URL's when it is set,
 * whatever the Host; else the request's own protocol and host, where Express reads X-Forwarded-Proto
 * and X-Forwarded-Host only from a proxy TRUST_PROXY trusts. Null when that host is not a plain one.
 */
export function pageOrigin(req: Request, publicUrl: string | null = getConfig().PUBLIC_URL ?? null): string | null {
  return publicUrl ? new URL(publicUrl).origin : originOf(req.protocol, req.host)
}

/**
 * The cache key of a request, or null when its page must not come from (or go into) the cache: not
 * a GET/HEAD of a browse page with its canonical query, a host that is not plain, an Authorization
 * header, an admin's session, a flash toast or any unknown cookie. The key holds the origin (the product
 * page's JSON-LD names it, and the page is built for it: server/render.ts), path and query, the theme,
 * whether a crawler asks (it gets the whole page at once) and whether the request came over HTTPS. A
 * shopper's session, guest cart or remembered pincode is not in the key: the page is kept as nobody's,
 * and her pieces (`personal`: her name and menu, her cart's line count; `delivery`: a product's line
 * for her pincode) are spliced into it per request (ADR 076, ADR 106).
 */
export async function pageRequest(req: Request): Promise<PageRequest | null> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  const url = req.originalUrl
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  const search = q === -1 ? '' : url.slice(q + 1)
  const kept = keptQuery(path, search)
  if (kept === null) return null
  if (req.headers.authorization) return null
  const origin = pageOrigin(req)
  if (!origin) return null
  const cookieHeader = req.headers.cookie
  const cookies = readCookies(cookieHeader)
  if (!cookies) return null
  let personal: Personal | null = null
  const product = productOf(path)
  let signedIn = false
  const sessionCookie = cookies.get(SESSION_COOKIE_NAME)
  if (sessionCookie !== undefined) {
    // (The session cookie remembers the values it verified: app/web/cookies.server.ts.)
    const session = await sessionStorage().getSession(`${SESSION_COOKIE_NAME}=${sessionCookie}`)
    const sessionId = session.get('sessionId')
    const db = getDb()
    // As the root middleware and the cart adapter read it: an ended session is no user.
    const user = sessionId ? await findSessionUser(db, sessionId) : null
    // The admin is sent away from the shop's pages (app/routes/shop/layout.tsx): rendered as today.
    if (user?.role === 'admin') return null
    const guestId = session.get('guestId') ?? null
    const owner = user ? { userId: user.id } : guestId ? { guestId } : null
    const cartCount = owner ? await countCartLines(db, owner) : 0
    if (user || cartCount > 0) personal = { user, cartCount }
    // A product page's review area: the signed-in shoppers' variant, unless it is hers (her review, or her form).
    if (user && product !== null) {
      if (await hasOwnReviewArea(db, user.id, product)) return null
      signedIn = true
    }
  }
  // A remembered pincode whose signature fails is no pincode, as the page's own render reads it.
  const pincode = product !== null && cookies.has(DELIVERY_PINCODE_COOKIE) ? await rememberedPincode(cookieHeader ?? null) : null
  let delivery: DeliveryCheck | null = null
  if (pincode !== null && product !== null) {
    try {
      delivery = await keptDeliveryCheck(product, pincode)
    } catch (error) {
      // No such product: the page's own render answers it (404).
      if (error instanceof NotFound) return null
      throw error
    }
  }
  const theme = cookies.has(THEME_COOKIE) ? await themeOfCookieHeader(cookieHeader ?? null) : 'system'
  const bot = crawler(req.headers['user-agent'])
  const page = kept ? `${path}?${kept}` : path
  // `tls`: HSTS goes with HTTPS answers only (server/security-headers.ts), and with PUBLIC_URL the origin does not say.
  const key = `${origin}${page} theme=${theme} bot=${bot} tls=${req.secure ? 1 : 0}${signedIn ? ' signed-in' : ''}`
  return { key, origin, theme, personal, delivery, signedIn, product, url: page }
}

/**
 * A product's delivery line for a pincode, kept while nothing a browse page reads has been written
 * (the delivery rates and settings, the holidays and the products are such tables: app/infra/shop-writes.server.ts)
 * and for a minute at most (its dates are today's). Checkout works the fee out afresh before she pays.
 */
const deliveryLines = new LRUCache<string, DeliveryCheck>({ max: 5_000, ttl: 60_000 })

async function keptDeliveryCheck(product: string, pincode: string): Promise<DeliveryCheck> {
  const key = `${shopGeneration()} ${product} ${pincode}`
  let check = deliveryLines.get(key)
  if (check === undefined) {
    check = await deliveryCheckOfPincode(product, pincode)
    deliveryLines.set(key, check)
  }
  return check
}

/** The cookies a kept page is rendered with: the theme's alone, so the render is nobody's (ADR 076). */
export function keptPageCookies(header: string | undefined): string | null {
  if (!header) return null
  const theme = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${THEME_COOKIE}=`))
  return theme ?? null
}

/** isbot's answer for the last few hundred user agents (its pattern is long). */
const crawlers = new LRUCache<string, 0 | 1>({ max: 500 })

function crawler(agent: string | undefined): 0 | 1 {
  if (!agent) return 0
  let known = crawlers.get(agent)
  if (known === undefined) {
    known = isbot(agent) ? 1 : 0
    crawlers.set(agent, known)
  }
  return known
}
