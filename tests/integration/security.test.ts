// Security over real HTTP against the built server: CSRF on every mutating route, session cookies and
// their revocation, login rate limits and no user enumeration, security headers and the CSP nonce,
// body limits while streaming and slow clients, stored XSS, and client-sent money ignored on the
// HTML paths (the /api paths are in api-orders.test.ts and api-cart.test.ts).
import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentSignature } from '../../app/infra/payment-gateway.server'
import { JS_CLASS_SCRIPT } from '../../app/lib/js-class-script'
import { moduleHasAction, routePaths } from '../helpers/route-paths'
import {
  ADMIN,
  ADMIN_ENV,
  Browser,
  type Holdings,
  pickProduct,
  registerShopper,
  shopperWithHoldings,
  TEST_GATEWAY_SECRET,
} from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

const EVIL = 'https://evil.example'
/** Login attempts per email (x5 per IP) in 15 minutes: room for this file's own logins, and a limit to hit. */
const AUTH_LIMIT = 12
/** The cross-site posts the server lets through on purpose (server/http-guards.ts CSRF_EXEMPT_PATHS), each checked by a signature or token instead. */
const EXEMPT = new Set(['/shop/payment/callback', '/api/shop/order/razorpay/webhook', '/api/shipping/shiprocket/webhook', '/api/shop/custom-order/razorpay/webhook'])

let server: RunningServer
let alpha: Holdings
let admin: Browser

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1', ...ADMIN_ENV, AUTH_RATE_LIMIT: String(AUTH_LIMIT), REQUEST_TIMEOUT_SECONDS: '3' })
  alpha = await shopperWithHoldings(server.url, 'Alpha')
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
}, 180_000)
afterAll(async () => {
  await server?.stop()
})

function concrete(path: string): string {
  return path.replace(/:[A-Za-z]+\??/g, 'x1').replace('*', 'anything')
}

describe('CSRF', () => {
  it('refuses a cross-site post carrying the session cookie on every mutating route, except the signed payment endpoints', async () => {
    const failures: string[] = []
    let cells = 0
    const variants: { name: string; headers: Record<string, string> }[] = [
      { name: 'foreign Origin', headers: { Origin: EVIL } },
      { name: 'null Origin', headers: { Origin: 'null' } },
      { name: 'foreign Referer only', headers: { Referer: `${EVIL}/page` } },
      { name: 'neither Origin nor Referer', headers: {} },
    ]
    for (const { path, file, layout } of routePaths()) {
      if (layout || !(await moduleHasAction(file))) continue
      const url = concrete(path)
      for (const who of [alpha.browser, admin]) {
        for (const variant of variants) {
          for (const method of url.startsWith('/api/') ? ['POST', 'PUT', 'DELETE'] : ['POST']) {
            const answer = await who.request(method, url, { form: { intent: 'address-delete', addressId: alpha.addressId }, origin: null, headers: variant.headers })
            cells += 1
            const refused = answer.status === 403 && answer.text.includes('came from another site')
            if (EXEMPT.has(path) ? refused : !refused) failures.push(`${method} ${url} (${variant.name}): ${answer.status}`)
          }
        }
      }
    }
    console.log(`CSRF: ${cells} cross-site requests with a session cookie`)
    expect(failures).toEqual([])
    // Nothing happened: the address the forged posts named is still there.
    const addresses = await alpha.browser.api('GET', `/api/shop/address/get/${alpha.userId}`)
    expect(addresses.json.data).toHaveLength(1)
    // 1,648 requests one after another: 20.3 s on a busy 2-core machine (its default limit was 20 s).
  }, 90_000)

  it('refuses a cross-site login without any cookie (login CSRF), page and /api, whatever the body type', async () => {
    const credentials = { email: alpha.markers[0] as string, password: 'resin-lover-1' }
    const crossSite: { name: string; headers: Record<string, string> }[] = [
      { name: 'foreign Origin', headers: { Origin: EVIL } },
      { name: 'null Origin', headers: { Origin: 'null' } },
      { name: 'foreign Referer only', headers: { Referer: `${EVIL}/page` } },
      { name: 'Sec-Fetch-Site cross-site', headers: { 'Sec-Fetch-Site': 'cross-site' } },
    ]
    for (const { name, headers } of crossSite) {
      const visitor = new Browser(server.url)
      const page = await visitor.post('/auth/login', { form: credentials, origin: null, headers })
      expect(page.status, `page login, ${name}`).toBe(403)
      expect(page.headers.getSetCookie().some((c) => c.startsWith('__session=')), name).toBe(false)
      for (const body of [{ form: credentials }, { json: credentials }]) {
        const api = await visitor.request('POST', '/api/auth/login', { ...body, cookies: false, origin: null, headers })
        expect(api.status, `api login, ${name}`).toBe(403)
        expect(api.json).toEqual({ success: false, message: 'This request came from another site and was refused.' })
      }
    }
    // Our own pages, and clients that send no browser headers at all (apps with Bearer tokens), still sign in.
    expect((await new Browser(server.url).post('/auth/login', { form: credentials })).status).toBe(302)
    const app = await new Browser(server.url).request('POST', '/api/auth/login', { json: credentials, cookies: false, origin: null })
    expect(app.status).toBe(200)
    const sameOrigin = await new Browser(server.url).post('/auth/login', { form: credentials, headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(sameOrigin.status).toBe(302)
  })

  it('still takes the payment provider cross-site posts: the hosted checkout callback and the webhook', async () => {
    for (const origin of [EVIL, 'https://api.razorpay.com', 'null']) {
      const callback = await new Browser(server.url).post('/shop/payment/callback', {
        origin,
        headers: { 'Sec-Fetch-Site': 'cross-site' },
        form: { razorpay_order_id: alpha.gatewayOrderId, razorpay_payment_id: 'pay_x', razorpay_signature: 'a'.repeat(64) },
      })
      // Refused by its signature (back to checkout), not by the CSRF check.
      expect(callback.status, origin).toBe(302)
      expect(callback.location).toBe('/shop/checkout')
      const webhook = await new Browser(server.url).request('POST', '/api/shop/order/razorpay/webhook', {
        json: { event: 'payment.captured' },
        origin,
        headers: { 'Sec-Fetch-Site': 'cross-site', 'X-Razorpay-Signature': 'a'.repeat(64) },
      })
      expect(webhook.status, origin).not.toBe(403)
      expect(webhook.status, origin).toBeLessThan(500)
    }
  })

  it('lets the same post through from our own origin', async () => {
    const answer = await alpha.browser.post('/theme', { form: { theme: 'dark', redirectTo: '/shop/home' } })
    expect(answer.status).toBe(302)
  })
})

describe('sessions', () => {
  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ (Secure is on unless COOKIE_SECURE=0, see cookies.server.test.ts)', async () => {
    const response = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({ email: alpha.markers[0] as string, password: 'resin-lover-1' }),
      redirect: 'manual',
    })
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('__session='))
    expect(cookie).toMatch(/^__session=[^;]+;/)
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(cookie).toMatch(/; Path=\//i)
    expect(cookie).not.toMatch(/; Secure/i)
  })

  it('logout ends that session: its cookie and its token stop working at once, other sessions go on', async () => {
    // The /api login sets the cookie of the same login session its token names.
    const viaPage = await new Browser(server.url).signIn(alpha.markers[0] as string, 'resin-lover-1')
    expect((await viaPage.get('/shop/account')).status).toBe(200)
    const oldCookie = viaPage.cookieHeader()
    expect((await viaPage.post('/auth/logout')).status).toBe(302)
    const replay = await fetch(`${server.url}/shop/account`, { headers: { Cookie: oldCookie }, redirect: 'manual' })
    expect(replay.status).toBe(302)
    expect(replay.headers.get('location')).toMatch(/^\/auth\/login/)
    expect((await fetch(`${server.url}/api/auth/check-auth`, { headers: { Cookie: oldCookie } })).status).toBe(401)
    expect((await viaPage.api('GET', '/api/auth/check-auth')).status).toBe(401)

    const viaApi = await new Browser(server.url).signIn(alpha.markers[0] as string, 'resin-lover-1')
    const apiCookie = viaApi.cookieHeader()
    expect((await viaApi.api('GET', '/api/auth/check-auth')).status).toBe(200)
    expect((await viaApi.api('POST', '/api/auth/logout')).status).toBe(200)
    expect((await viaApi.api('GET', '/api/auth/check-auth')).status).toBe(401)
    expect((await fetch(`${server.url}/api/auth/check-auth`, { headers: { Cookie: apiCookie } })).status).toBe(401)
    // The owner's other sessions are untouched.
    expect((await alpha.browser.api('GET', '/api/auth/check-auth')).status).toBe(200)
    expect((await alpha.browser.get('/shop/account')).status).toBe(200)
  })

  it('does not tell a known email from an unknown one at login, neither in words nor in time', async () => {
    // A fresh account, so its per-email login limit is all this test's.
    const known = `known-${Date.now()}@example.com`
    const registered = await new Browser(server.url).api('POST', '/api/auth/register', { userName: 'Known', email: known, password: 'resin-lover-1' })
    expect(registered.status).toBe(201)
    const tries = async (email: string) => {
      const browser = new Browser(server.url)
      const started = performance.now()
      const page = await browser.post('/auth/login', { form: { email, password: 'wrong-password-9' } })
      const elapsed = performance.now() - started
      const api = await browser.api('POST', '/api/auth/login', { email, password: 'wrong-password-9' })
      return { page, api, elapsed }
    }
    const a = await tries(known)
    const b = await tries(`nobody-${Date.now()}@example.com`)
    expect(a.page.status).toBe(b.page.status)
    expect(a.api.status).toBe(401)
    expect(b.api.status).toBe(401)
    expect(a.api.json.message).toBe(b.api.json.message)
    const message = 'Incorrect email or password! Please try again'
    expect(a.page.text).toContain(message)
    expect(b.page.text).toContain(message)
    // Both run one scrypt verification (a dummy hash for an unknown email): similar times. Interleaved
    // samples, compared by median, with a wide band: the machine is shared.
    const timeLogin = async (email: string) => {
      const started = performance.now()
      const answer = await new Browser(server.url).api('POST', '/api/auth/login', { email, password: 'wrong-password-9' })
      expect(answer.status).toBe(401)
      return performance.now() - started
    }
    const knownTimes: number[] = []
    const unknownTimes: number[] = []
    for (let i = 0; i < 7; i++) {
      knownTimes.push(await timeLogin(known))
      unknownTimes.push(await timeLogin(`nobody-${i}-${Date.now()}@example.com`))
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[3] as number
    const ratio = median(knownTimes) / median(unknownTimes)
    console.log(`login timing (median of 7): known ${median(knownTimes).toFixed(1)} ms, unknown ${median(unknownTimes).toFixed(1)} ms`)
    expect(ratio).toBeGreaterThan(1 / 3)
    expect(ratio).toBeLessThan(3)
  })

  it('rate-limits the login form with a 429 and a clear message', async () => {
    const email = `target-${Date.now()}@example.com`
    let last = await new Browser(server.url).post('/auth/login', { form: { email, password: 'guess-000' } })
    for (let i = 1; i <= AUTH_LIMIT; i++) last = await new Browser(server.url).post('/auth/login', { form: { email, password: `guess-${i}` } })
    expect(last.status).toBe(429)
    expect(last.text).toContain('Too many attempts. Please wait a few minutes and try again.')
  })
})

describe('headers', () => {
  const scriptTags = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1] ?? '', body: m[2] ?? '' }))

  it('gives every page a CSP with a fresh nonce (a kept visitor page: script hashes), no unsafe-inline scripts, and every inline script allowed', async () => {
    const nonces = new Set<string>()
    const kept: string[] = []
    for (const [who, path] of [
      [new Browser(server.url), '/shop/home'],
      [alpha.browser, '/shop/checkout'],
      [alpha.browser, `/shop/product/${alpha.productId}`],
      [admin, '/admin/dashboard'],
      [new Browser(server.url), '/auth/login'],
    ] as const) {
      const page = await who.get(path)
      expect(page.status, path).toBe(200)
      const csp = page.headers.get('content-security-policy') ?? ''
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
      expect(scriptSrc, path).not.toContain("'unsafe-inline'")
      expect(scriptSrc, path).not.toContain("'unsafe-eval'")
      // A visitor's browse page comes from the page cache (ADR 042): each inline script by its hash.
      const fromCache = page.headers.get('x-cache') !== null
      if (fromCache) kept.push(path)
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1]
      if (fromCache) expect(nonce, path).toBeUndefined()
      else {
        expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/)
        nonces.add(nonce as string)
      }
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'self'")
      // Razorpay only where a payment may start (the shop); the admin panel never loads it.
      if (path.startsWith('/admin')) expect(csp, path).not.toContain('razorpay')
      else expect(scriptSrc, path).toContain('https://checkout.razorpay.com')
      for (const script of scriptTags(page.text)) {
        if (/\bsrc=/.test(script.attrs) && !script.body.trim()) continue
        // A data block (the product page's schema.org JSON-LD, the header's personal JSON: ADR 076) is never run, so script-src does not apply to it.
        if (/\btype="application\/(ld\+)?json"/.test(script.attrs)) {
          expect(script.body, `${path}: a JSON block may not close its script element`).not.toMatch(/<\//)
          continue
        }
        const hash = `'sha256-${createHash('sha256').update(script.body).digest('base64')}'`
        const allowed = fromCache
          ? scriptSrc.split(' ').includes(hash) && !script.attrs.includes('nonce=')
          : script.attrs.includes(`nonce="${nonce}"`) || script.body === JS_CLASS_SCRIPT
        expect(allowed, `${path}: inline script without the nonce: ${script.attrs} ${script.body.slice(0, 80)}`).toBe(true)
      }
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(page.headers.get('x-frame-options')).toBe('DENY')
    }
    // A signed-in shopper's product page is the kept signed-in variant with her header (ADR 076).
    expect(kept).toEqual(['/shop/home', `/shop/product/${alpha.productId}`])
    expect(nonces.size).toBe(3)
  })

  it('answers /api with a policy that allows nothing, JSON types and nosniff', async () => {
    const answer = await new Browser(server.url).api('GET', '/api/shop/products/get')
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves uploads as images with nosniff and a policy that runs nothing, and nothing outside the uploads', async () => {
    const features = await new Browser(server.url).api('GET', '/api/common/feature/get')
    const url = features.json.data[0].image as string
    const image = await fetch(server.url + url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    expect(image.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
    for (const path of ['/uploads/..%2fshop.sqlite', '/uploads/%2e%2e/shop.sqlite', '/uploads/../package.json', '/uploads/']) {
      const response = await fetch(server.url + path)
      expect(response.status, path).toBeGreaterThanOrEqual(400)
      expect(response.status, path).toBeLessThan(500)
    }
  })
})

/** Sends a request by hand: headers, then body chunks as `chunks` yields them; resolves with status or 'closed'. */
function rawExchange(path: string, headers: Record<string, string>, chunks: AsyncIterable<Buffer | string>) {
  const { port } = new URL(server.url)
  return new Promise<{ status: number | 'closed'; sent: number; body: string }>((resolve) => {
    let sent = 0
    let done = false
    const finish = (value: { status: number | 'closed'; body: string }) => {
      if (done) return
      done = true
      resolve({ ...value, sent })
    }
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), path, method: 'POST', headers }, (res) => {
      let body = ''
      res.on('data', (c) => {
        body += c
      })
      res.on('end', () => finish({ status: res.statusCode ?? 0, body }))
      res.on('error', () => finish({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', () => finish({ status: 'closed', body: '' }))
    void (async () => {
      for await (const chunk of chunks) {
        if (done || req.destroyed) return
        sent += chunk.length
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r))
      }
      req.end()
    })().catch(() => finish({ status: 'closed', body: '' }))
  })
}

describe('request size and pace', () => {
  it('cuts off a chunked upload (no Content-Length) at the limit with 413, without reading the rest', async () => {
    const MB = 1024 * 1024
    async function* sixtyFourMegabytes() {
      yield '--b\r\nContent-Disposition: form-data; name="my_file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n'
      for (let i = 0; i < 64; i++) yield Buffer.alloc(MB, 1)
    }
    const answer = await rawExchange(
      '/api/admin/products/upload-image',
      { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'multipart/form-data; boundary=b', 'Transfer-Encoding': 'chunked' },
      sixtyFourMegabytes(),
    )
    expect(answer.status === 413 || answer.status === 'closed', String(answer.status)).toBe(true)
    if (answer.status === 413) expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'Images can be at most 10 MB.' })
    // What the client got out before the cut: the 11 MB limit plus what the sockets buffered.
    expect(answer.sent).toBeLessThan(32 * MB)
  })

  it('cuts off a chunked JSON body over 1 MB with 413', async () => {
    async function* twoMegabytes() {
      yield '{"email": "'
      for (let i = 0; i < 32; i++) yield 'a'.repeat(64 * 1024)
      yield '"}'
    }
    const answer = await rawExchange('/api/auth/login', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, twoMegabytes())
    expect(answer.status === 413 || answer.status === 'closed', String(answer.status)).toBe(true)
    if (answer.status === 413) expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'The request is too large.' })
  })

  it('gives the 11 MB limit only to the upload routes: a 2 MB login post is refused at once, a 5 MB image upload works', async () => {
    const MB = 1024 * 1024
    const twoMegabytes = () => {
      const form = new FormData()
      form.append('email', 'x@example.com')
      form.append('password', 'y')
      form.append('my_file', new Blob([Buffer.alloc(2 * MB, 1)], { type: 'image/png' }), 'x.png')
      return form
    }
    for (const [who, path] of [
      [new Browser(server.url), '/auth/login'],
      [new Browser(server.url), '/auth/register'],
      [alpha.browser, '/shop/account'],
      [admin, '/admin/products'],
    ] as const) {
      const started = performance.now()
      const answer = await who.request('POST', path, { body: twoMegabytes() })
      const elapsed = performance.now() - started
      expect(answer.status, path).toBe(413)
      expect(answer.text, path).toBe('The request is too large.')
      expect(elapsed, path).toBeLessThan(2000)
    }
    // Without a declared length (chunked), the login form is cut off after 1 MB too.
    async function* chunkedTwoMegabytes() {
      yield '--b\r\nContent-Disposition: form-data; name="my_file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n'
      for (let i = 0; i < 32; i++) yield Buffer.alloc(64 * 1024, 1)
    }
    const chunked = await rawExchange('/auth/login', { 'Content-Type': 'multipart/form-data; boundary=b', 'Transfer-Encoding': 'chunked' }, chunkedTwoMegabytes())
    expect(chunked.status === 413 || chunked.status === 'closed', String(chunked.status)).toBe(true)
    expect(chunked.sent).toBeLessThan(8 * MB)

    // A 5 MB photo (noise does not compress) still uploads through the API and the product form.
    const sharp = (await import('sharp')).default
    const side = 1400
    const noise = Buffer.alloc(side * side * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer()
    expect(png.byteLength).toBeGreaterThan(5 * 1000 * 1000)
    const upload = new FormData()
    upload.append('my_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png')
    const api = await admin.request('POST', '/api/admin/products/upload-image', { body: upload, cookies: false, origin: null, headers: { Authorization: `Bearer ${admin.token}` } })
    expect(api.status, api.text).toBe(200)
    expect(api.json.result.url).toMatch(/^\/uploads\//)
    const page = new FormData()
    for (const [k, v] of Object.entries({ title: 'Big photo vase', description: 'Resin', category: 'home-decor', price: '999', totalStock: '3' })) page.append(k, v)
    page.append('newImages', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png')
    const saved = await admin.request('POST', '/admin/products/new', { body: page })
    expect(saved.status, saved.text.slice(0, 300)).toBe(302)
  }, 60_000)

  it('answers malformed JSON with 400 and a declared oversized body with 413', async () => {
    const malformed = await new Browser(server.url).api('POST', '/api/auth/login', '{"email": ')
    expect(malformed.status).toBe(400)
    const huge = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 10) })
    expect(huge.status).toBe(413)
  })

  it('drops a client that trickles its body or its headers (REQUEST_TIMEOUT_SECONDS=3)', async () => {
    const { port } = new URL(server.url)
    const trickle = (lines: string[], every: number) =>
      new Promise<{ closedAfter: number; answer: string }>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1')
        const started = Date.now()
        let answer = ''
        let i = 0
        const timer = setInterval(() => {
          if (!socket.destroyed && socket.writable) socket.write(lines[i++ % lines.length] as string)
        }, every)
        socket.on('data', (c) => {
          answer += c
        })
        socket.on('error', () => {})
        socket.on('close', () => {
          clearInterval(timer)
          resolve({ closedAfter: Date.now() - started, answer })
        })
      })
    const slowBody = await trickle(
      ['POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n', ...Array(100).fill('a')],
      200,
    )
    expect(slowBody.closedAfter).toBeLessThan(10_000)
    expect(slowBody.answer === '' || slowBody.answer.startsWith('HTTP/1.1 408')).toBe(true)
    const slowHeaders = await trickle(['POST /api/auth/login HTTP/1.1\r\n', ...Array.from({ length: 100 }, (_, n) => `X-Slow-${n}: 1\r\n`)], 200)
    expect(slowHeaders.closedAfter).toBeLessThan(10_000)
  }, 30_000)
})

describe('stored XSS', () => {
  const PAYLOAD = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&'

  function expectEscaped(html: string, label: string) {
    expect(html, label).not.toContain('<script>alert(1)</script>')
    expect(html, label).not.toContain('<img src=x onerror')
  }

  it('renders product texts, names and addresses with HTML in them as text on every page, the admin included', async () => {
    // A product whose title and description are payloads, with a real uploaded image.
    const sharp = (await import('sharp')).default
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#336699' } }).png().toBuffer()
    const form = new FormData()
    form.append('my_file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png')
    const upload = await admin.request('POST', '/api/admin/products/upload-image', {
      body: form,
      cookies: false,
      origin: null,
      headers: { Authorization: `Bearer ${admin.token}` },
    })
    expect(upload.status, upload.text).toBe(200)
    const added = await admin.api('POST', '/api/admin/products/add', {
      image: upload.json.result.url,
      title: `Vase ${PAYLOAD}`,
      description: `Lovely ${PAYLOAD}`,
      category: 'home-decor',
      price: 999,
      salePrice: 0,
      totalStock: 5,
    })
    expect(added.status, added.text).toBe(201)
    const productId = added.json.data._id as string

    // A shopper whose name and address are payloads, with an order for that product.
    const eve = await registerShopper(server.url, `Eve ${PAYLOAD}`.slice(0, 60), `eve-${Date.now()}@example.com`)
    const address = await eve.api('POST', '/api/shop/address/add', {
      userId: eve.userId,
      addressLine: `1 ${PAYLOAD}`,
      city: `City ${PAYLOAD}`.slice(0, 60),
      state: 'Goa',
      pincode: '403001',
      phone: '+91 98222 33344',
      notes: `Notes ${PAYLOAD}`,
    })
    expect(address.status, address.text).toBe(201)
    expect((await eve.api('POST', '/api/shop/cart/add', { userId: eve.userId, productId, quantity: 1 })).status).toBe(200)
    const order = await eve.api('POST', '/api/shop/order/razorpay/create', { userId: eve.userId, addressId: address.json.data._id })
    expect(order.status, order.text).toBe(201)

    const visitor = new Browser(server.url)
    const pages: [Browser, string][] = [
      [visitor, `/shop/product/${productId}`],
      [visitor, '/shop/listing?category=home-decor&sortBy=title-atoz'],
      [visitor, '/shop/search?keyword=Vase'],
      [eve, '/shop/cart'],
      [eve, '/shop/checkout'],
      [eve, '/shop/account?tab=address'],
      [eve, `/shop/account/orders/${order.json.orderId}`],
      [eve, `/shop/payment/test?order=${order.json.razorpayOrder.id}`],
      [admin, '/admin/products'],
      [admin, `/admin/products/${productId}/edit`],
      [admin, '/admin/orders'],
      [admin, `/admin/orders/${order.json.orderId}`],
      [admin, '/admin/dashboard'],
    ]
    for (const [who, path] of pages) {
      const page = await who.get(path)
      expect(page.status, path).toBe(200)
      expectEscaped(page.text, path)
    }
    // The product page shows the title as text (escaped), so the shopper sees exactly what was typed.
    expect((await visitor.get(`/shop/product/${productId}`)).text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')

    // A toast that repeats user input (added to cart) is escaped too, with and without JS.
    const added2 = await eve.post(`/shop/product/${productId}`, { form: { intent: 'add', productId, quantity: '1' } })
    expect(added2.status).toBe(302)
    expectEscaped((await eve.get(added2.location as string)).text, 'toast page')

    // JSON answers carry the text as data, typed as JSON.
    const json = await visitor.api('GET', `/api/shop/products/get/${productId}`)
    expect(json.headers.get('content-type')).toMatch(/^application\/json/)
    expect(json.json.data.title).toBe(`Vase ${PAYLOAD}`)
  })
})

describe('money on the HTML paths', () => {
  it('ignores a price, total or status sent by the browser, and refuses a forged payment callback', async () => {
    const bravo = await shopperWithHoldings(server.url, 'Bravo')
    const line = await pickProduct(bravo.browser)
    const product = (await bravo.browser.api('GET', `/api/shop/products/get/${line.productId}`)).json.data
    // The cart form with a made-up price: the server prices the line.
    const add = await bravo.browser.post(`/shop/product/${line.productId}`, {
      form: { intent: 'add', ...line, quantity: '1', price: '1', salePrice: '1', totalAmount: '1' } as Record<string, string>,
    })
    expect(add.status).toBe(302)
    const cart = (await bravo.browser.api('GET', `/api/shop/cart/get/${bravo.userId}`)).json.data
    expect(cart.totalAmount).toBeGreaterThan(1)
    const unitPrice = product.salePrice > 0 ? product.salePrice : product.price
    expect(cart.items.every((item: { price: number; salePrice: number }) => item.price !== 1 && item.salePrice !== 1)).toBe(true)
    expect(cart.totalAmount).toBeGreaterThanOrEqual(unitPrice)

    // Checkout with a made-up total and status: the order is the server's cart total, pending until paid.
    const pay = await bravo.browser.post('/shop/checkout', {
      form: { intent: 'pay', addressId: bravo.addressId, totalAmount: '1', orderStatus: 'confirmed', paymentStatus: 'paid' },
    })
    expect(pay.status, pay.text.slice(0, 300)).toBe(302)
    const gatewayOrderId = new URL(pay.location as string, server.url).searchParams.get('order') as string
    const orders = (await bravo.browser.api('GET', `/api/shop/order/list/${bravo.userId}`)).json.data as { _id: string; totalAmount: number; orderStatus: string; paymentStatus: string }[]
    const newest = orders[0] as (typeof orders)[number]
    expect(newest.totalAmount).toBe(cart.totalAmount)
    expect(newest).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' })

    // The hosted checkout's callback with a forged signature, and with a signature for another order.
    const forged = await new Browser(server.url).post('/shop/payment/callback', {
      origin: 'https://api.razorpay.com',
      form: { razorpay_order_id: gatewayOrderId, razorpay_payment_id: 'pay_forged', razorpay_signature: 'a'.repeat(64) },
    })
    expect(forged.location).toBe('/shop/checkout')
    const otherSigned = await new Browser(server.url).post('/shop/payment/callback', {
      origin: 'https://api.razorpay.com',
      form: {
        razorpay_order_id: gatewayOrderId,
        razorpay_payment_id: 'pay_other',
        razorpay_signature: paymentSignature(alpha.gatewayOrderId, 'pay_other', TEST_GATEWAY_SECRET),
      },
    })
    expect(otherSigned.location).toBe('/shop/checkout')
    const after = (await bravo.browser.api('GET', `/api/shop/order/details/${newest._id}`)).json.data
    expect(after).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' })

    // The admin's status form takes only the five statuses; 'paid' or a payment status is refused.
    const status = await admin.post(`/admin/orders/${newest._id}`, { form: { status: 'paid', paymentStatus: 'paid' } })
    expect(status.status).toBe(400)
    expect((await bravo.browser.api('GET', `/api/shop/order/details/${newest._id}`)).json.data.paymentStatus).toBe('pending')
  })
})

describe('demo accounts', () => {
  it('are not created when ADMIN_EMAIL names the owner; the demo catalogue is still seeded', async () => {
    for (const [email, password] of [
      ['admin@resincraft.studio', 'admin12345'],
      ['shopper@resincraft.studio', 'shopper12345'],
    ]) {
      const login = await new Browser(server.url).api('POST', '/api/auth/login', { email, password })
      expect(login.status, email).toBe(401)
    }
    const products = await new Browser(server.url).api('GET', '/api/shop/products/get')
    expect(products.json.data.length).toBeGreaterThan(0)
  })
})

describe('failed-payment callback', () => {
  const SCAM = 'Call +91 90000 00000 to complete your payment'

  /** Follows the callback's redirects with the same client and returns the page that shows the toast. */
  async function landing(browser: Browser, first: { location: string | null }) {
    let location = first.location
    for (let hops = 0; location && hops < 5; hops++) {
      const page = await browser.get(new URL(location, server.url).pathname + new URL(location, server.url).search)
      if (page.status !== 302) return page.text
      location = page.location
    }
    throw new Error('too many redirects')
  }

  /** The text of the toast a response flashes (React Router's signed cookie: base64 JSON, then the signature). */
  function flashedText(answer: { headers: Headers }): string {
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__toast='))
    const value = decodeURIComponent(cookie?.split(';')[0]?.slice('__toast='.length) ?? '')
    const payload = value.slice(0, value.lastIndexOf('.'))
    return Buffer.from(payload, 'base64').toString('utf8')
  }

  function failure(gatewayOrderId: string) {
    return {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': SCAM,
      'error[metadata]': JSON.stringify({ order_id: gatewayOrderId, payment_id: 'pay_x' }),
    }
  }

  it('a cross-site post without the owner session changes nothing and shows no attacker text', async () => {
    const charlie = await shopperWithHoldings(server.url, 'Charlie')
    const stranger = new Browser(server.url)
    const answer = await stranger.post('/shop/payment/callback', { origin: 'https://api.razorpay.com', form: failure(charlie.gatewayOrderId) })
    expect(answer.status).toBe(302)
    // The stranger is sent to checkout (then to login): the toast says the fixed text only.
    expect(flashedText(answer)).toContain('Payment Verification Failed.')
    expect(flashedText(answer)).not.toContain('+91 90000')
    expect(await landing(stranger, answer)).not.toContain('+91 90000')
    const order = (await charlie.browser.api('GET', `/api/shop/order/details/${charlie.orderId}`)).json.data
    expect(order.paymentStatus).toBe('pending')
    expect(JSON.stringify(order.history)).not.toContain('+91 90000')
  })

  it("the owner's own failure result marks the order failed with fixed texts only", async () => {
    const delta = await shopperWithHoldings(server.url, 'Delta')
    const answer = await delta.browser.post('/shop/payment/callback', { form: failure(delta.gatewayOrderId) })
    expect(answer.status).toBe(302)
    const page = await landing(delta.browser, answer)
    expect(page).not.toContain('+91 90000')
    expect(page).toContain('Payment Verification Failed.')
    const order = (await delta.browser.api('GET', `/api/shop/order/details/${delta.orderId}`)).json.data
    expect(order.paymentStatus).toBe('failed')
    expect(JSON.stringify(order.history)).not.toContain('+91 90000')
  })
})
