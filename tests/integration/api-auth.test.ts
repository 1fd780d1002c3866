// The /api/auth contract over real HTTP against the built server.
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database'
import { rawRequest } from '../helpers/raw-request'
import { type RunningServer, startServer } from './server'

let server: RunningServer

beforeAll(async () => {
  server = await startServer({
    AUTH_RATE_LIMIT: '100',
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-1',
  })
})
afterAll(async () => {
  await server?.stop()
})

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function registerAndLogin(email: string, password = 'correct-horse-1') {
  const registered = await post('/api/auth/register', { userName: 'Meera', email, password })
  expect(registered.status).toBe(201)
  const login = await post('/api/auth/login', { email, password })
  expect(login.status).toBe(200)
  return (await login.json()) as { token: string; user: { id: string; role: string } }
}

describe('POST /api/auth/register', () => {
  it('creates an account and answers 201', async () => {
    const response = await post('/api/auth/register', { userName: 'Anu', email: 'Anu@Example.com', password: 'password-123' })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ success: true, message: 'Registration successful' })
  })

  it('drops NUL characters from what it stores (PostgreSQL refuses them in text; no 500 on either database)', async () => {
    const response = await post('/api/auth/register', { userName: 'Nu\u0000la', email: 'nula@example.com', password: 'pass\u0000word-123' })
    expect(response.status).toBe(201)
    const login = await post('/api/auth/login', { email: 'nula@example.com', password: 'password-123' })
    expect(login.status).toBe(200)
    expect(((await login.json()) as { user: { userName: string } }).user.userName).toBe('Nula')
    // The HTML form too.
    const form = await fetch(`${server.url}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({ userName: 'Zo\u0000ya', email: 'zoya@example.com', password: 'password-123' }),
      redirect: 'manual',
    })
    expect(form.status).toBeLessThan(500)
    expect((await post('/api/auth/login', { email: 'zoya@example.com', password: 'password-123' })).status).toBe(200)
  })

  it('answers a taken email exactly as a new one, changes nothing, and mails the account instead', async () => {
    const fresh = await post('/api/auth/register', { userName: 'Ravi', email: 'ravi@example.com', password: 'password-123' })
    const again = await post('/api/auth/register', { userName: 'Ravi 2', email: 'RAVI@example.com', password: 'password-456' })
    expect(again.status).toBe(fresh.status)
    expect(await again.json()).toEqual(await fresh.json())
    // The account is as it was: its own password opens it, the one typed again does not.
    expect((await post('/api/auth/login', { email: 'ravi@example.com', password: 'password-456' })).status).toBe(401)
    expect((await post('/api/auth/login', { email: 'ravi@example.com', password: 'password-123' })).status).toBe(200)
    // Its owner hears of it, once an hour however often it is tried; the HTML form answers the same.
    const form = () =>
      fetch(`${server.url}/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
        body: new URLSearchParams({ userName: 'Ravi 3', email: 'ravi@example.com', password: 'password-789' }),
        redirect: 'manual',
      })
    const known = await form()
    expect(known.status).toBe(302)
    expect(known.headers.get('location')).toBe('/auth/login')
    const db = openDatabase(server.database)
    try {
      const mails = await db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).where('kind', '=', 'account-exists').execute()
      expect(mails).toHaveLength(1)
      expect(mails[0]).toMatchObject({ to_address: 'ravi@example.com', subject: expect.stringContaining('You already have') })
      expect(mails[0]?.text).not.toContain('Ravi 2')
    } finally {
      await db.destroy()
    }
  })

  it('answers 400 with field errors for bad input and creates nothing', async () => {
    const response = await post('/api/auth/register', { userName: '', email: 'not-an-email', password: 1 })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.success).toBe(false)
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['userName', 'email', 'password']))
    const login = await post('/api/auth/login', { email: 'not-an-email', password: '1' })
    expect(login.status).toBe(400)
  })

  it('answers 400 for malformed JSON and for a JSON array', async () => {
    const malformed = await post('/api/auth/register', '{"userName": ')
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).errors).toEqual({ body: ['The request body is not valid JSON.'] })
    const array = await post('/api/auth/register', '[1,2]')
    expect(array.status).toBe(400)
  })

  it('answers 405 to GET', async () => {
    const response = await fetch(`${server.url}/api/auth/register`)
    expect(response.status).toBe(405)
  })
})

describe('login, check-auth and logout', () => {
  it('returns a token that check-auth accepts, and logout revokes it at once', async () => {
    const { token, user } = await registerAndLogin('tokens@example.com')
    expect(user).toMatchObject({ email: 'tokens@example.com', userName: 'Meera', role: 'user' })
    expect(token).toMatch(/\./)

    const check = await fetch(`${server.url}/api/auth/check-auth`, { headers: { Authorization: `Bearer ${token}` } })
    expect(check.status).toBe(200)
    expect(await check.json()).toMatchObject({ success: true, user: { email: 'tokens@example.com', role: 'user' } })

    const logout = await post('/api/auth/logout', {}, { Authorization: `Bearer ${token}` })
    expect(logout.status).toBe(200)
    const after = await fetch(`${server.url}/api/auth/check-auth`, { headers: { Authorization: `Bearer ${token}` } })
    expect(after.status).toBe(401)
  })

  it("check-auth without a token says 'No token found'", async () => {
    const response = await fetch(`${server.url}/api/auth/check-auth`)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ success: false, message: 'No token found' })
  })

  it('check-auth refuses a forged token', async () => {
    const { token } = await registerAndLogin('forger@example.com')
    const [id] = token.split('.')
    const forged = `${id}.AAAA${token.slice(-10)}`
    const response = await fetch(`${server.url}/api/auth/check-auth`, { headers: { Authorization: `Bearer ${forged}` } })
    expect(response.status).toBe(401)
  })

  it('refuses a wrong password with 401 and the same message as an unknown email', async () => {
    await post('/api/auth/register', { userName: 'Kiran', email: 'kiran@example.com', password: 'kiran-password' })
    const wrong = await post('/api/auth/login', { email: 'kiran@example.com', password: 'nope-nope' })
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'nope-nope' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect((await wrong.json()).message).toBe((await unknown.json()).message)
  })

  it('ensures the admin from ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const login = await post('/api/auth/login', { email: 'owner@example.com', password: 'owner-password-1' })
    expect(login.status).toBe(200)
    expect((await login.json()).user.role).toBe('admin')
  })

})

describe('the HTTP layer', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/no/such/thing`)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ success: false })
  })

  it('refuses a cross-site form post that carries the session cookie', async () => {
    const login = await post('/api/auth/login', { email: 'owner@example.com', password: 'owner-password-1' })
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? ''
    expect(cookie).toMatch(/^__session=/)
    const response = await fetch(`${server.url}/auth/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
  })

  it('sends security headers and compresses HTML', async () => {
    const response = await fetch(`${server.url}/shop/about-us`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('x-powered-by')).toBeNull()
  })

  it('sends a POST\'s answer and a 404 page whole, with their length, compressed at once when large enough', async () => {
    // Raw bytes: fetch would undo the encoding. A stream through compression() has no length (chunked).
    const raw = (path: string, init: Parameters<typeof rawRequest>[1] = {}) => rawRequest(server.url + path, init)
    const body = JSON.stringify({ email: 'owner@example.com', password: 'owner-password-1' })
    const login = await raw('/api/auth/login', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: server.url, 'accept-encoding': 'br, gzip' },
    })
    expect(login.status).toBe(200)
    expect(login.headers['content-encoding']).toBeUndefined()
    expect(login.headers['transfer-encoding']).toBeUndefined()
    expect(Number(login.headers['content-length'])).toBe(login.bytes.length)
    expect(JSON.parse(login.bytes.toString('utf8'))).toMatchObject({ success: true })

    const missing = await raw('/definitely/not/here', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(missing.status).toBe(404)
    expect(missing.headers['content-encoding']).toBe('br')
    expect(missing.headers['transfer-encoding']).toBeUndefined()
    expect(Number(missing.headers['content-length'])).toBe(missing.bytes.length)
    expect(brotliDecompressSync(missing.bytes).toString('utf8')).toContain('Page Not Found')
  })

  it('answers an unknown page with a 404 page and no stack trace', async () => {
    const response = await fetch(`${server.url}/definitely/not/here`)
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Page Not Found')
    expect(html).not.toMatch(/at .*\.(js|ts):\d+/)
  })

  it('refuses oversized bodies with 413', async () => {
    const response = await post('/api/auth/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }))
    expect(response.status).toBe(413)
  })
})

describe('rate limits', () => {
  let limited: RunningServer
  beforeAll(async () => {
    limited = await startServer({ AUTH_RATE_LIMIT: '3' })
  })
  afterAll(async () => {
    await limited?.stop()
  })

  async function statuses(path: string, body: (i: number) => unknown, count: number) {
    const result: number[] = []
    for (let i = 0; i < count; i++) {
      const response = await fetch(limited.url + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body(i)),
      })
      result.push(response.status)
      if (response.status === 429) expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
    }
    return result
  }

  it('limits login attempts per email with 429', async () => {
    const result = await statuses('/api/auth/login', (i) => ({ email: 'target@example.com', password: `guess-${i}` }), 5)
    expect(result).toEqual([401, 401, 401, 429, 429])
  })

  it('limits registrations per IP with 429', async () => {
    const result = await statuses(
      '/api/auth/register',
      (i) => ({ userName: 'Bot', email: `bot-${i}@example.com`, password: 'password-123' }),
      5,
    )
    expect(result).toEqual([201, 201, 201, 429, 429])
  })

  /** A POST from a client behind the trusted proxy on loopback (TRUST_PROXY's default). */
  function postFrom(ip: string, path: string, body: unknown) {
    return fetch(limited.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(body),
    })
  }

  it('counts an IPv6 client by its /64: new addresses in it get no new tries', async () => {
    const result: number[] = []
    for (let i = 1; i <= 5; i++) {
      const response = await postFrom(`2001:db8:77:1::${i}`, '/api/auth/register', { userName: 'Bot', email: `v6-${i}@example.com`, password: 'password-123' })
      result.push(response.status)
    }
    expect(result).toEqual([201, 201, 201, 429, 429])
    const nextNetwork = await postFrom('2001:db8:77:2::1', '/api/auth/register', { userName: 'Bot', email: 'v6-next@example.com', password: 'password-123' })
    expect(nextNetwork.status).toBe(201)
  })

  it('lets the owner sign in from an address used before while others are locked out of the account', async () => {
    const owner = { userName: 'Owner', email: 'owner-lock@example.com', password: 'password-123' }
    expect((await postFrom('192.0.2.50', '/api/auth/register', owner)).status).toBe(201)
    expect((await postFrom('192.0.2.50', '/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(200)
    const attacker: number[] = []
    for (let i = 0; i < 5; i++) {
      attacker.push((await postFrom('198.51.100.66', '/api/auth/login', { email: owner.email, password: `guess-${i}` })).status)
    }
    expect(attacker).toEqual([401, 401, 401, 429, 429])
    expect((await postFrom('203.0.113.80', '/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(429)
    expect((await postFrom('192.0.2.50', '/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(200)
  })
})
