// The shop's cookies: the session (login session id, guest cart id), the flash toast and the theme.
import { createCookieSessionStorage } from 'react-router'
import { getConfig } from '~/infra/config.server'
import { SESSION_MAX_AGE_SECONDS } from '../domain/auth-sessions.server'
import { getSessionSecret } from '../infra/secret.server'

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
    cookie: { name: SESSION_COOKIE_NAME, ...signedCookieOptions(), maxAge: SESSION_MAX_AGE_SECONDS },
  })
  return storage
}

export function getShopSession(request: Request) {
  return sessionStorage().getSession(request.headers.get('Cookie'))
}

export const SESSION_COOKIE_NAME = '__session'
