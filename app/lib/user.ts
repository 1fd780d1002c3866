/** The two kinds of account (docs/spec/roles.md); db/schema.ts derives users.role from it. */
export const ROLES = ['admin', 'user'] as const
export type Role = (typeof ROLES)[number]

/** What login, logout, sign-up and check-auth say, on pages and over /api (docs/spec/errors.md). */
export const AUTH_MESSAGES = {
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  registered: 'Registration successful',
  noToken: 'No token found',
} as const

/** What the app knows about the signed-in user (docs/spec/entities.md, "User (session)"). */
export interface SessionUser {
  id: string
  userName: string
  email: string
  role: Role
}

/** Where a user lands after login and on "/" (docs/spec/states.md, route guard). */
export function homePathFor(user: SessionUser | null): string {
  return user?.role === 'admin' ? '/admin/products' : '/shop/home'
}

/** A same-site path to go back to after login, or null for anything else. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 1000) return null
  // Browsers drop tabs and newlines from urls, so '/\t/evil.com' would become '//evil.com'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value)) return null
  // '//host' is another site, and browsers read a backslash as a slash ('/\\host'): no backslash at all.
  if (value.startsWith('//') || value.includes('\\')) return null
  // Whatever else a browser might make of it, it must stay on this origin.
  const probe = new URL(value, 'https://shop.invalid')
  if (probe.origin !== 'https://shop.invalid') return null
  return value
}

/** Whether a safe path leads into a section, as the router would match it ('/shop/../Admin' too). */
function under(path: string, prefix: string): boolean {
  let pathname = new URL(path, 'https://shop.invalid').pathname
  try {
    pathname = decodeURIComponent(pathname)
  } catch {
    return true // a path the router cannot decode leads nowhere worth going
  }
  pathname = pathname.toLowerCase()
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

/**
 * Where a user goes after login: the page they were sent from when it is safe and theirs to see
 * (a shopper never to /admin, the admin never to /shop, nobody back to /auth), else their home.
 */
export function loginDestination(user: SessionUser, redirectTo: unknown): string {
  const path = safeRedirectPath(redirectTo)
  if (!path || under(path, '/auth')) return homePathFor(user)
  if (user.role === 'admin' ? under(path, '/shop') : under(path, '/admin')) return homePathFor(user)
  return path
}

/** The login or register url that keeps a destination (a safe path) for after login. */
export function authPath(page: 'login' | 'register', redirectTo: string | null): string {
  return redirectTo ? `/auth/${page}?${new URLSearchParams({ redirectTo })}` : `/auth/${page}`
}

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 30

/** What the forgotten-password pages and /api say; the request's answer is the same for every address. */
export const PASSWORD_RESET_MESSAGES = {
  requested: `If an account uses that email, we have sent it a link to reset the password. The link works for ${PASSWORD_RESET_MINUTES} minutes.`,
  invalidToken: 'This reset link is invalid, used or expired. Please ask for a new one.',
  done: 'Your password is reset. Please sign in with your new password.',
} as const
