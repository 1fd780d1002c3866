// A new account's email, carried from sign-up to the login page in a short-lived signed cookie
// (not the url: it stays out of history, logs and Referer), so the shopper does not type it twice.
import { createCookie } from 'react-router'
import { signedCookieOptions } from './cookies.server'

const MAX_AGE_SECONDS = 10 * 60

function signupEmailCookie() {
  return createCookie('__signup_email', { ...signedCookieOptions('/auth'), maxAge: MAX_AGE_SECONDS })
}

/** The Set-Cookie header that hands this email to the login page. */
export function rememberSignupEmail(email: string): Promise<string> {
  return signupEmailCookie().serialize(email)
}

/** The email just registered (or '') and the header that clears it: the login page reads it once. */
export async function takeSignupEmail(request: Request): Promise<{ email: string; setCookie: string | null }> {
  const header = request.headers.get('Cookie')
  if (!header?.includes('__signup_email=')) return { email: '', setCookie: null }
  const cookie = signupEmailCookie()
  const value: unknown = await cookie.parse(header)
  return { email: typeof value === 'string' ? value : '', setCookie: await cookie.serialize('', { maxAge: 0 }) }
}
