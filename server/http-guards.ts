// Express middleware that guards every request before React Router sees it.
import type { NextFunction, Request, Response } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Cross-site posts the payment provider makes on purpose, verified by signature instead. */
export const CSRF_EXEMPT_PATHS = new Set(['/api/shop/order/razorpay/webhook', '/shop/payment/callback'])

function refuse(req: Request, res: Response, status: number, message: string) {
  if (req.path.startsWith('/api/')) {
    res.status(status).json({ success: false, message })
  } else {
    res.status(status).type('text/plain; charset=utf-8').send(message)
  }
}

/**
 * CSRF: a state-changing request that carries our session cookie must come from our own pages
 * (Origin, or else Referer, naming this host). Bearer-token API calls carry no cookie and pass.
 */
export function sameOriginForCookieRequests(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || CSRF_EXEMPT_PATHS.has(req.path)) return next()
  if (!req.headers.cookie?.includes('__session=')) return next()
  const source = req.headers.origin ?? req.headers.referer
  let sourceHost: string | null = null
  try {
    sourceHost = source && source !== 'null' ? new URL(source).host : null
  } catch {
    sourceHost = null
  }
  if (sourceHost && sourceHost === req.headers.host) return next()
  refuse(req, res, 403, 'This request came from another site and was refused.')
}

const MB = 1024 * 1024

/** Bodies are small except image uploads; a declared length over the limit is refused unread. */
export function limitBodySize(req: Request, res: Response, next: NextFunction) {
  const length = Number(req.headers['content-length'] ?? 0)
  const multipart = req.headers['content-type']?.startsWith('multipart/form-data')
  const limit = multipart ? 11 * MB : 1 * MB
  if (length > limit) return refuse(req, res, 413, multipart ? 'Images can be at most 10 MB.' : 'The request is too large.')
  next()
}

const CSP = [
  "default-src 'self'",
  // React Router inlines its hydration data; Razorpay Checkout loads its script and frames.
  "script-src 'self' 'unsafe-inline' https://checkout.razorpay.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
  'frame-src https://api.razorpay.com https://checkout.razorpay.com',
  "form-action 'self' https://api.razorpay.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader('Content-Security-Policy', CSP)
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self "https://api.razorpay.com")')
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
}
