import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenForTests, type TestServer } from './listen-for-tests'
import { newNonce, securityHeaders } from './security-headers'

let server: TestServer

beforeAll(async () => {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')
  app.use(securityHeaders)
  app.use((_req, res) => {
    res.type('text/plain').send(String(res.locals.cspNonce))
  })
  server = await listenForTests(app)
})

afterAll(() => server.close())

async function headersOf(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.base + path, { headers })
  const nonce = await response.text()
  return { nonce, headers: Object.fromEntries([...response.headers].filter(([name]) => !/^(date|connection|keep-alive|content-type|content-length|etag)$/.test(name))) }
}

/** Every directive of a policy, in order (helmet joins them with `;`). */
const directives = (policy: string | undefined) => (policy ?? '').split(';').map((directive) => directive.trim())

describe('securityHeaders', () => {
  it("gives a shop page the shop's policy with this response's nonce, and the same headers as before helmet", async () => {
    const { nonce, headers } = await headersOf('/shop/home')
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(directives(headers['content-security-policy'])).toEqual([
      "default-src 'self'",
      expect.stringMatching(new RegExp(`^script-src 'self' 'nonce-${nonce.replace(/[+/]/g, '\\$&')}' 'sha256-[A-Za-z0-9+/]{43}=' https://checkout\\.razorpay\\.com$`)),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://cdn.razorpay.com",
      "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
      'frame-src https://api.razorpay.com https://checkout.razorpay.com',
      "form-action 'self' https://api.razorpay.com",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ])
    const { 'content-security-policy': _policy, ...others } = headers
    // No helmet extras (X-XSS-Protection, Origin-Agent-Cluster, ...) and no HSTS over plain HTTP.
    expect(others).toEqual({
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://api.razorpay.com")',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    })
  })

  it('gives every response a fresh nonce', async () => {
    const nonces = new Set<string>()
    for (let i = 0; i < 5; i++) nonces.add((await headersOf('/shop/home')).nonce)
    expect(nonces.size).toBe(5)
  })

  it('leaves Razorpay out of the admin policy', async () => {
    const { nonce, headers } = await headersOf('/admin/dashboard')
    const policy = headers['content-security-policy']
    expect(policy).not.toContain('razorpay')
    expect(directives(policy)).toContain("frame-src 'none'")
    expect(directives(policy)).toContain(`connect-src 'self'`)
    expect(policy).toContain(`'nonce-${nonce}'`)
  })

  it('answers /api and /uploads with a policy that allows nothing', async () => {
    for (const path of ['/api/shop/products/get', '/uploads/a.webp']) {
      const { headers } = await headersOf(path)
      expect(directives(headers['content-security-policy']), path).toEqual([
        "default-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'none'",
      ])
      expect(headers['x-content-type-options'], path).toBe('nosniff')
    }
  })

  it('sends HSTS only on HTTPS (here: a trusted proxy saying so)', async () => {
    const { headers } = await headersOf('/shop/home', { 'X-Forwarded-Proto': 'https' })
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect((await headersOf('/shop/home')).headers['strict-transport-security']).toBeUndefined()
  })
})

describe('newNonce', () => {
  it('gives 128 random bits a call, base64, never the same one twice across its pool refills', () => {
    // 1,000 nonces: the pool of 256 is drawn four times.
    const nonces = Array.from({ length: 1000 }, () => newNonce())
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(new Set(nonces).size).toBe(nonces.length)
  })
})
