// Express middleware that guards every request before React Router sees it.
import type { NextFunction, Request, Response } from 'express'
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '~/lib/images'
import { CSV_MESSAGES } from '~/lib/inventory-csv'
import { SESSION_COOKIE_NAME } from '~/web/cookies.server'
import { pathPattern, ROUTE_PATHS } from './route-paths'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Cross-site posts the payment provider and the courier aggregator make on purpose, verified by signature or token instead. */
export const CSRF_EXEMPT_PATHS = new Set<string>([
  ROUTE_PATHS.apiRazorpayWebhook,
  ROUTE_PATHS.paymentCallback,
  ROUTE_PATHS.apiShippingWebhook,
  ROUTE_PATHS.apiCustomOrderWebhook,
])

/** A short answer without a stack trace: JSON `{success: false, message}` under /api, else plain text. */
export function refuse(req: Request, res: Response, status: number, message: string) {
  if (req.path.startsWith('/api/')) {
    res.status(status).json({ success: false, message })
  } else {
    res.status(status).type('text/plain; charset=utf-8').send(message)
  }
}

/** The host an Origin (or Referer) header names; null when absent, `null` or not a url. */
function sourceHost(source: string | undefined): string | null {
  if (!source || source === 'null') return null
  try {
    return new URL(source).host
  } catch {
    return null
  }
}

/**
 * CSRF, two rules for every state-changing request (except the payment provider's signed posts):
 * 1. One the browser marks as cross-site is refused, cookie or not: an Origin (or, without one, a
 *    Referer) naming another host, `Origin: null`, or `Sec-Fetch-Site: cross-site`/`same-site`. This
 *    stops a foreign page signing a visitor into the attacker's account (login CSRF).
 * 2. One that carries our session cookie must also name this host in Origin or Referer.
 * A client that sends none of these headers and no cookie (curl, an app with a Bearer token) passes.
 */
export function sameOriginForCookieRequests(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || CSRF_EXEMPT_PATHS.has(req.path)) return next()
  const origin = req.headers.origin
  const source = origin ?? req.headers.referer
  const host = sourceHost(source)
  const sameOrigin = host !== null && host === req.headers.host
  const fetchSite = req.headers['sec-fetch-site']
  const crossSite = (source !== undefined && !sameOrigin) || fetchSite === 'cross-site' || fetchSite === 'same-site'
  const hasCookie = req.headers.cookie?.includes(`${SESSION_COOKIE_NAME}=`) ?? false
  if (!crossSite && (sameOrigin || !hasCookie)) return next()
  refuse(req, res, 403, 'This request came from another site and was refused.')
}

const MB = 1024 * 1024
/** One image at the upload limit, with a megabyte to spare for the form's other fields and the multipart framing. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 1 * MB
export const BODY_LIMIT = 1 * MB
export const BODY_TOO_LARGE = 'The request is too large.'
export const UPLOAD_TOO_LARGE = IMAGE_MESSAGES.tooLarge

/**
 * The routes that take image files (and so the 11 MB limit): the admin product form (new, edit),
 * the feature images page, the upload API, the feature add API and the custom-order request form
 * (which reads further, CUSTOM_ORDER_BODY_CAP below; public, so its own rate limits apply). React Router's data requests
 * (`.data`) post to the same pages. Every other body, whatever its type, gets 1 MB.
 */
const UPLOAD_PATHS = [
  pathPattern(ROUTE_PATHS.adminProductNew, { data: true, trailingSlash: true }),
  pathPattern(ROUTE_PATHS.adminProductEdit, { data: true, trailingSlash: true }),
  pathPattern(ROUTE_PATHS.adminFeatures, { data: true, trailingSlash: true }),
  pathPattern(ROUTE_PATHS.apiUploadImage, { trailingSlash: true }),
  pathPattern(ROUTE_PATHS.apiFeatureAdd, { trailingSlash: true }),
  pathPattern(ROUTE_PATHS.customOrder, { data: true, trailingSlash: true }),
]

export function takesUploads(path: string): boolean {
  return UPLOAD_PATHS.some((pattern) => pattern.test(path))
}

/**
 * The custom-order form reads its own body as it streams in (app/web/bounded-multipart.server.ts):
 * photos past its 10 MB are read and thrown away, so that a visitor who chose a 14 MB phone photo gets
 * the form back with what she typed and a message beside the photos (issue 31). Memory stays at the
 * kept photos; this cap (three large phone photos) only bounds the bytes read. Past it, a 413.
 */
export const CUSTOM_ORDER_BODY_CAP = 64 * MB
/**
 * The forms read that way: the custom-order form, and the shopper's order page, whose return form
 * carries photos of damage (ADR 101; signed-in shoppers only, the page's action refuses anyone else
 * before reading the body).
 */
const PHOTO_FORM_PATHS = [
  pathPattern(ROUTE_PATHS.customOrder, { data: true, trailingSlash: true }),
  pathPattern(ROUTE_PATHS.shopOrder, { data: true, trailingSlash: true }),
]

/**
 * The CSV import (1 MB files) reads bodies up to the image limit too, so that a larger file (10 MB)
 * gets the page's own message next to the form instead of a bare 413; past that, a 413 in CSV words.
 */
const CSV_UPLOAD_PATHS = [pathPattern(ROUTE_PATHS.adminInventoryImport, { data: true, trailingSlash: true })]
export const CSV_TOO_LARGE = CSV_MESSAGES.tooLarge

/**
 * Bodies are small except image uploads to the upload routes. A declared length over the limit is
 * refused unread; a body without one (chunked) is counted while it streams in and cut off with a 413
 * once over the limit, so nothing ever buffers more than the limit.
 */
export function limitBodySize(req: Request, res: Response, next: NextFunction) {
  const type = req.headers['content-type'] ?? ''
  const multipart = type.startsWith('multipart/form-data')
  const upload = takesUploads(req.path) && multipart
  const csv = multipart && CSV_UPLOAD_PATHS.some((pattern) => pattern.test(req.path))
  const customOrder = multipart && PHOTO_FORM_PATHS.some((pattern) => pattern.test(req.path))
  const limit = customOrder ? CUSTOM_ORDER_BODY_CAP : upload || csv ? UPLOAD_BODY_LIMIT : BODY_LIMIT
  const message = upload ? UPLOAD_TOO_LARGE : csv ? CSV_TOO_LARGE : BODY_TOO_LARGE
  const length = Number(req.headers['content-length'] ?? 0)
  if (length > limit) return refuse(req, res, 413, message)
  if (SAFE_METHODS.has(req.method)) return next()
  let received = 0
  const fields = fieldCounter(type)
  // Paused first, so the counter does not start the flow: the app's reader resumes it when it reads.
  req.pause()
  const count = (chunk: Buffer) => {
    received += chunk.byteLength
    if (received > limit) {
      req.off('data', count)
      cutOff(req, res, message)
    } else if (fields && fields(chunk) > MAX_FORM_FIELDS) {
      req.off('data', count)
      cutOff(req, res, TOO_MANY_FIELDS)
    }
  }
  req.on('data', count)
  next()
}

/** No form of the shop has more than about 100 fields (the product form); parsing 100,000 costs 100+ ms. */
export const MAX_FORM_FIELDS = 1000
export const TOO_MANY_FIELDS = 'The request has too many fields.'

/**
 * Counts a form body's fields as it streams: `&` separators (url-encoded) or boundary lines
 * (multipart, matched across chunk edges). Null for other types (JSON is checked after parsing).
 */
function fieldCounter(type: string): ((chunk: Buffer) => number) | null {
  let fields = 0
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return (chunk) => {
      for (let at = chunk.indexOf(38); at !== -1; at = chunk.indexOf(38, at + 1)) fields += 1
      return fields
    }
  }
  const boundary = /^multipart\/form-data\b.*;\s*boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!boundary) return null
  const marker = Buffer.from(`--${boundary}`)
  let tail: Buffer = Buffer.alloc(0)
  return (chunk) => {
    const data = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk
    let at = data.indexOf(marker)
    let last = -1
    for (; at !== -1; at = data.indexOf(marker, at + marker.length)) {
      fields += 1
      last = at + marker.length
    }
    tail = data.subarray(Math.max(last, data.length - marker.length + 1))
    return fields
  }
}

/** Stops reading an over-long body: the app's reader sees an error, the client a 413, then the socket closes. */
function cutOff(req: Request, res: Response, message: string) {
  req.pause()
  for (const listener of req.listeners('data')) req.off('data', listener as (chunk: Buffer) => void)
  if (!res.headersSent) {
    res.setHeader('Connection', 'close')
    res.once('finish', () => req.socket.destroy())
    refuse(req, res, 413, message)
  } else {
    req.socket.destroy()
  }
  req.emit('error', Object.assign(new Error(message), { status: 413 }))
}
