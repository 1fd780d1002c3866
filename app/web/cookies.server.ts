// The shop's cookies: the session (login session id, guest cart id), the flash toast and the theme.
import { type Cookie, createCookie, createCookieSessionStorage } from 'react-router'
import { getConfig } from '~/infra/config.server'
import { SESSION_MAX_AGE_SECONDS } from '~/domain/accounts/auth-sessions.server'
import { getSessionSecret } from '~/infra/secret.server'

export interface ShopSessionData {
  /** auth_sessions.id of the logged-in user. */
  sessionId?: string
  /** Anonymous id of the visitor's guest cart. */
  guestId?: string
}

type SessionStorage = ReturnType<typeof createCookieSessionStorage<ShopSessionData>>

let storage: SessionStorage | undefined

/**
 * What every signed cookie of the shop sets (session, toast, sign-up email): httpOnly, SameSite=Lax,
 * Secure per COOKIE_SECURE, signed with the session secret. `path` narrows where it is sent.
 */
export function signedCookieOptions(path = '/') {
  return { httpOnly: true, sameSite: 'lax' as const, path, secure: getConfig().COOKIE_SECURE, secrets: [getSessionSecret()] }
}

export function sessionStorage(): SessionStorage {
  storage ??= createCookieSessionStorage<ShopSessionData>({
    cookie: rememberingVerified(createCookie(SESSION_COOKIE_NAME, { ...signedCookieOptions(), maxAge: SESSION_MAX_AGE_SECONDS })),
  })
  return storage
}

const VERIFIED_MAX = 1000
const VERIFIED_MAX_LENGTH = 1024

/**
 * The session cookie, remembering what the last thousand short values it verified hold: the session
 * lives in the signed value itself, so the same value always reads the same, and a shopper's every
 * request (the user middleware, then the action) need not check its HMAC again. A value that fails
 * the check is never remembered; every read gets its own copy of the data.
 */
function rememberingVerified(cookie: Cookie): Cookie {
  const verified = new Map<string, unknown>()
  const valueIn = (header: string | null) => {
    if (!header) return null
    let found: string | null = null
    for (const part of header.split(';')) {
      const eq = part.indexOf('=')
      if (eq === -1 || part.slice(0, eq).trim() !== cookie.name) continue
      if (found !== null) return null // the same name twice: let the cookie decide
      found = part.slice(eq + 1).trim()
    }
    return found !== null && found.length <= VERIFIED_MAX_LENGTH ? found : null
  }
  return {
    get name() {
      return cookie.name
    },
    get isSigned() {
      return cookie.isSigned
    },
    get expires() {
      return cookie.expires
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      const value = valueIn(header)
      if (value !== null && verified.has(value)) return structuredClone(verified.get(value))
      const data = await cookie.parse(header, options)
      if (value !== null && data && typeof data === 'object') {
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string)
        verified.set(value, structuredClone(data))
      }
      return data
    },
  }
}

export function getShopSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('Cookie'))
}

export const SESSION_COOKIE_NAME = '__session'
