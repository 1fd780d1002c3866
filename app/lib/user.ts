import type { Role } from '../../db/schema'

/** What the app knows about the signed-in user (SPEC.md section 3, "User (session)"). */
export interface SessionUser {
  id: string
  userName: string
  email: string
  role: Role
}

/** Where a user lands after login and on "/" (SPEC.md section 4, route guard). */
export function homePathFor(user: SessionUser | null): string {
  return user?.role === 'admin' ? '/admin/products' : '/shop/home'
}

/** A same-site path to go back to after login, or null for anything else. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null
  // Browsers drop tabs and newlines from urls, so '/\t/evil.com' would become '//evil.com'.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f]/.test(value)) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}
