// Who is asking: login and logout over the session cookie, Bearer tokens for /api, and the role guards.
import type { SubmissionResult } from '@conform-to/react'
import { recordConsent } from '~/domain/accounts/consents.server'
import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { authSessionIdContext, clientIpContext, userContext } from '~/web/context'
import { getDb } from '~/infra/db.server'
import { homePathFor, loginDestination, type SessionUser } from '~/lib/user'
import { loginSchema } from '~/schemas/auth'
import type { RegisterInput } from '~/schemas/auth'
import { registerShopper, verifyCredentials } from '~/domain/accounts/accounts.server'
import { endAuthSession, findSessionUser, sessionIdFromToken, startAuthSession } from '~/domain/accounts/auth-sessions.server'
import { mergeGuestCart } from '~/domain/cart/guest-carts.server'
import { getShopSession, SESSION_COOKIE_NAME, sessionStorage } from './cookies.server'
import { Forbidden, Unauthorized } from '~/domain/errors'
import { parseForm } from './form-input.server'
import { authLimits } from '~/infra/rate-limit.server'
import { getSessionSecret } from '~/infra/secret.server'

export const INVALID_LOGIN_MESSAGE = 'Incorrect email or password! Please try again'

/** Thrown by the login strategy when the form itself is invalid: carries the Conform reply. */
export class LoginFormInvalid extends Error {
  constructor(readonly reply: SubmissionResult<string[]>) {
    super('Invalid login form')
  }
}

/**
 * Checks an email and password for login from any client: rate limits, then credentials; a failure
 * counts against the account, a success makes the address known to it. Throws TooManyRequests or
 * Unauthorized; resolves to the user.
 */
export async function checkLogin(ip: string, input: { email: string; password: string }): Promise<SessionUser> {
  await authLimits().beforeLogin(ip, input.email)
  const user = await verifyCredentials(getDb(), input)
  if (!user) {
    await authLimits().loginFailed(ip, input.email)
    throw new Unauthorized(INVALID_LOGIN_MESSAGE)
  }
  await authLimits().loginSucceeded(ip, input.email)
  return user
}

/**
 * Registers a shopper from any client: rate limit per IP, then the account. Resolves the same way for
 * a known email (whose owner is mailed instead, see registerShopper): callers answer alike.
 */
export async function signUp(ip: string, input: RegisterInput): Promise<void> {
  await authLimits().beforeRegistration(ip)
  const user = await registerShopper(getDb(), input)
  // Her opt-in is recorded with its time (ADR 089); a known email's account is not changed.
  if (user && input.marketingMail) await recordConsent(getDb(), user.id, 'marketingMail', true)
}

/** remix-auth for the login form; the strategy takes the client IP through the router context. */
export function loginAuthenticator(context: Readonly<RouterContextProvider>): Authenticator<SessionUser> {
  return new Authenticator<SessionUser>().use(
    new FormStrategy(async ({ form }) => {
      const submission = parseForm(form, { schema: loginSchema })
      if (submission.status !== 'success') throw new LoginFormInvalid(submission.reply({ hideFields: ['password'] }))
      return checkLogin(context.get(clientIpContext), submission.value)
    }),
    'form',
  )
}

/**
 * Runs the login form strategy on the form the action already read, so the body is parsed once:
 * FormStrategy reads `request.clone().formData()`, and here gets a body-less stand-in whose
 * `formData()` answers that form. The strategy is called directly because
 * `Authenticator.authenticate` copies the request (`new Request(url, request)`), which would drop
 * the stand-in's form.
 */
export function authenticateLoginForm(context: Readonly<RouterContextProvider>, request: Request, form: FormData): Promise<SessionUser> {
  const strategy = loginAuthenticator(context).get('form')
  if (!strategy) throw new ReferenceError('The login form strategy is not registered.')
  const stand = new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal })
  return strategy.authenticate(Object.assign(stand, { clone: () => stand, formData: async () => form }))
}

/**
 * Starts a login session for the user; the returned header sets the session cookie. A visitor's
 * guest cart moves into the user's cart.
 */
export async function startSessionCookie(request: Request, user: SessionUser) {
  const { id } = await startAuthSession(getDb(), user.id)
  const session = await getShopSession(request)
  const guestId = session.get('guestId')
  if (guestId) {
    await mergeGuestCart(getDb(), guestId, user.id)
    session.unset('guestId')
  }
  session.set('sessionId', id)
  return { sessionId: id, setCookie: await sessionStorage().commitSession(session) }
}

/** Ends the request's login session (cookie or token) and clears the cookie. */
export async function endSession(request: Request, sessionId: string | null): Promise<string> {
  if (sessionId) await endAuthSession(getDb(), sessionId)
  const session = await getShopSession(request)
  session.unset('sessionId')
  return sessionStorage().commitSession(session)
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization')
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1] ?? null
}

/** The login session id carried by the request: a Bearer token wins over the cookie. */
export async function requestSessionId(request: Request): Promise<string | null> {
  const token = bearerToken(request)
  if (token) return sessionIdFromToken(token, getSessionSecret())
  if (!request.headers.get('Cookie')?.includes(`${SESSION_COOKIE_NAME}=`)) return null
  const session = await getShopSession(request)
  return session.get('sessionId') ?? null
}

/** Root middleware: puts the signed-in user (or null) in the context for every loader and action. */
export const loadUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const sessionId = await requestSessionId(request)
  const user = sessionId ? await findSessionUser(getDb(), sessionId) : null
  context.set(userContext, user)
  context.set(authSessionIdContext, user ? sessionId : null)
}

type Ctx = Readonly<RouterContextProvider>

export function getUser(context: Ctx): SessionUser | null {
  return context.get(userContext)
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url)
  const origin = url.pathname + url.search
  return redirect(`/auth/login?redirectTo=${encodeURIComponent(origin)}`)
}

/** Pages that need a signed-in user send visitors to login, remembering where they were going. */
export function requireUser(context: Ctx, request: Request): SessionUser {
  const user = getUser(context)
  if (!user) throw loginRedirect(request)
  return user
}

/** /admin pages: visitors go to login, shoppers to Access Denied. */
export function requireAdmin(context: Ctx, request: Request): SessionUser {
  const user = requireUser(context, request)
  if (user.role !== 'admin') throw redirect('/unauth-page')
  return user
}

/** Shop pages are for visitors and shoppers; the admin is sent to the admin panel. */
export function redirectAdminAway(context: Ctx): void {
  const user = getUser(context)
  if (user?.role === 'admin') throw redirect(homePathFor(user))
}

/** Login and register are for visitors; a signed-in user goes where the page was to send them, or home. */
export function redirectSignedInAway(context: Ctx, request: Request): void {
  const user = getUser(context)
  if (user) throw redirect(loginDestination(user, new URL(request.url).searchParams.get('redirectTo')))
}

/** /api: the caller must be signed in (401 otherwise). */
export function requireApiUser(context: Ctx): SessionUser {
  const user = getUser(context)
  if (!user) throw new Unauthorized('Unauthorised user!')
  return user
}

/** /api: the caller must be the admin (401 when not signed in, 403 otherwise). */
export function requireApiAdmin(context: Ctx): SessionUser {
  const user = requireApiUser(context)
  if (user.role !== 'admin') throw new Forbidden('Access denied: admin only.')
  return user
}

/** A userId in an /api path or body must be the caller's own (the admin may read any). */
/**
 * Ownership before validation: a body naming another user is Forbidden whatever else is wrong
 * with it. A missing or blank userId is left to the body's schema (apiUserIdSchema, which trims
 * the same way), so once the body parses, its userId is the caller's: no second check is needed.
 */
export function requireOwnBody(user: SessionUser, body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'userId' in body && typeof body.userId === 'string' && body.userId.trim() !== '') {
    requireOwnUserId(user, body.userId.trim())
  }
  return body
}

export function requireOwnUserId(user: SessionUser, userId: string, { adminMayRead = false } = {}): void {
  if (user.id === userId) return
  if (adminMayRead && user.role === 'admin') return
  throw new Forbidden('You can only access your own data.')
}

