// Security headers (helmet) with a per-response CSP nonce and a policy per area of the shop.
// See docs/decisions/015-csp-nonces-and-request-limits.md and 029-maintained-middleware.md.
import { createHash, randomFillSync } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import helmet, { contentSecurityPolicy, strictTransportSecurity } from 'helmet'
import { JS_CLASS_SCRIPT } from '~/lib/js-class-script'

/** script-src hash of the root's one constant inline script (see app/lib/js-class-script.ts). */
const JS_CLASS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(JS_CLASS_SCRIPT).digest('base64')}'`

const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com'
const RAZORPAY_API = 'https://api.razorpay.com'

/** This response's nonce, read by helmet when it writes the header. */
const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`

/**
 * The page policy. Scripts: our own files, React Router's inline scripts carrying this response's
 * nonce, the root's constant inline script by hash, and (shop pages only) Razorpay Checkout.
 * The admin panel never pays, so it gets no Razorpay sources.
 */
function pagePolicy({ razorpay }: { razorpay: boolean }): RequestHandler {
  const only = (...sources: string[]) => (razorpay ? sources : [])
  return contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", nonce, JS_CLASS_SCRIPT_HASH, ...only(RAZORPAY_CHECKOUT)],
      // React's style attributes (progress bars, image placeholders) need inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...only('https://cdn.razorpay.com')],
      connectSrc: ["'self'", ...only(RAZORPAY_API, 'https://lumberjack.razorpay.com')],
      frameSrc: razorpay ? [RAZORPAY_API, RAZORPAY_CHECKOUT] : ["'none'"],
      formAction: ["'self'", ...only(RAZORPAY_API)],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  }) as RequestHandler
}

const shopPagePolicy = pagePolicy({ razorpay: true })
const adminPagePolicy = pagePolicy({ razorpay: false })
/** JSON answers and uploaded images need nothing at all: an image opened directly runs nothing. */
const nothingPolicy = contentSecurityPolicy({
  useDefaults: false,
  directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
}) as RequestHandler

/**
 * The other headers, as before helmet: its extras for old browsers and plugins (X-XSS-Protection,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-DNS-Prefetch-Control) and
 * Origin-Agent-Cluster stay off; Express's X-Powered-By is disabled in server/app.ts.
 */
const otherHeaders = helmet({
  contentSecurityPolicy: false,
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  xPoweredBy: false,
}) as RequestHandler

/** HSTS only on HTTPS (behind TRUST_PROXY that is X-Forwarded-Proto): a plain-HTTP LAN trial gets none. */
const hsts = strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true }) as RequestHandler

/** helmet has no Permissions-Policy; the camera, microphone and location are never used. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self "https://api.razorpay.com")'

/** Random bytes for 256 nonces, drawn from the system's generator at once (as crypto.randomUUID keeps its own). */
const noncePool = Buffer.alloc(16 * 256)
let nonceOffset = noncePool.length

/**
 * 128 random bits, base64: a nonce no response shares. One call to the system's generator per 256
 * nonces: here randomBytes(16) cost about 40 microseconds a response, nearly all of it the call itself.
 */
export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + 16)
  nonceOffset += 16
  return nonce
}

/**
 * A fresh nonce per response, kept in res.locals.cspNonce for the React Router handler and read by
 * helmet's policy; then the policy of the request's area (/api and /uploads: nothing; /admin: no
 * Razorpay; the rest: the shop's) and the other headers.
 */
export const securityHeaders: RequestHandler[] = [
  (_req, res, next) => {
    res.locals.cspNonce = newNonce()
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    next()
  },
  (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/uploads/')) return nothingPolicy(req, res, next)
    return (req.path.startsWith('/admin') ? adminPagePolicy : shopPagePolicy)(req, res, next)
  },
  otherHeaders,
  (req, res, next) => (req.secure ? hsts(req, res, next) : next()),
]
