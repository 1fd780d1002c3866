// The session cookie's flags when COOKIE_SECURE is on (the default): Secure, HttpOnly, SameSite=Lax.
import { describe, expect, it } from 'vitest'

describe('session cookie flags', () => {
  it('is Secure, HttpOnly and SameSite=Lax with COOKIE_SECURE=1', async () => {
    process.env.COOKIE_SECURE = '1'
    process.env.SESSION_SECRET = 'cookie-test-secret-cookie-test-secret'
    const { sessionStorage } = await import('./cookies.server')
    const session = await sessionStorage().getSession()
    session.set('sessionId', 'abc')
    const header = await sessionStorage().commitSession(session)
    expect(header).toMatch(/^__session=/)
    expect(header).toMatch(/; Secure/)
    expect(header).toMatch(/; HttpOnly/)
    expect(header).toMatch(/; SameSite=Lax/)
    expect(header).toMatch(/; Path=\//)
  })
})
