// The session cookie's flags when COOKIE_SECURE is on (the default): Secure, HttpOnly, SameSite=Lax.
import { describe, expect, it } from 'vitest'

describe('session cookie flags', () => {
  it('is Secure, HttpOnly and SameSite=Lax with COOKIE_SECURE=1', async () => {
    process.env.COOKIE_SECURE = '1'
    process.env.SESSION_SECRET = 'cookie-test-secret-cookie-test-secret'
    const { SESSION_COOKIE_NAME, sessionStorage } = await import('./cookies.server')
    const session = await sessionStorage().getSession()
    session.set('sessionId', 'abc')
    const header = await sessionStorage().commitSession(session)
    // The name is part of the /api contract (docs/api.md): clients send it back by name.
    expect(SESSION_COOKIE_NAME).toBe('__session')
    expect(header.startsWith(`${SESSION_COOKIE_NAME}=`)).toBe(true)
    expect(header).toMatch(/; Secure/)
    expect(header).toMatch(/; HttpOnly/)
    expect(header).toMatch(/; SameSite=Lax/)
    expect(header).toMatch(/; Path=\//)
  })

  it('reads a value it verified before the same way, each read its own copy, and never takes a forged one', async () => {
    process.env.SESSION_SECRET = 'cookie-test-secret-cookie-test-secret'
    const { SESSION_COOKIE_NAME, sessionStorage } = await import('./cookies.server')
    const session = await sessionStorage().getSession()
    session.set('guestId', 'guest-1')
    const value = (await sessionStorage().commitSession(session)).split(';')[0] as string
    const first = await sessionStorage().getSession(`theme=dark; ${value}`)
    expect(first.get('guestId')).toBe('guest-1')
    first.set('guestId', 'changed by this request')
    const again = await sessionStorage().getSession(value)
    expect(again.get('guestId')).toBe('guest-1')
    // A forged value (the data changed, the signature kept) reads as an empty session, every time.
    const [data = '', signature = ''] = decodeURIComponent(value.slice(`${SESSION_COOKIE_NAME}=`.length)).split('.')
    const forgedData = Buffer.from(JSON.stringify({ guestId: 'someone-else' })).toString('base64')
    expect(forgedData).not.toBe(data)
    for (let i = 0; i < 2; i++) {
      const forged = await sessionStorage().getSession(`${SESSION_COOKIE_NAME}=${encodeURIComponent(`${forgedData}.${signature}`)}`)
      expect(forged.get('guestId')).toBeUndefined()
    }
    // Two values of the same name: the cookie's own rule decides, nothing remembered is used.
    expect((await sessionStorage().getSession(`${value}; ${SESSION_COOKIE_NAME}=x`)).get('guestId')).toBe('guest-1')
  })
})
