// Server-side login sessions: one row per login, named by the session cookie and the Bearer token.
// Deleting the row ends that session at once; bumping users.session_version ends them all.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { compiledOnce } from '../../../db/compiled-once'
import type { DB } from '../../../db/database'
import { newId } from '~/lib/ids.server'
import type { SessionUser } from '~/lib/user'
import { clock } from '~/domain/clock'
import { toSessionUser } from './accounts.server'

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export async function startAuthSession(db: DB, userId: string): Promise<{ id: string; expiresAt: string }> {
  const { session_version } = await db
    .selectFrom('users')
    .select('session_version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const session = {
    id: newId() + newId(),
    user_id: userId,
    session_version,
    expires_at: new Date(clock.now().getTime() + SESSION_MAX_AGE_SECONDS * 1000).toISOString(),
  }
  await db.insertInto('auth_sessions').values(session).execute()
  return { id: session.id, expiresAt: session.expires_at }
}

/** The user of a live session, or null when it ended, expired or was revoked. */
// Compiled once: every signed-in request asks it (ADR 118).
const sessionUserRows = compiledOnce((db: DB, { sessionId, now }: { sessionId: string; now: string }) =>
  db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.user_name', 'u.email', 'u.role'])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', now)
    .whereRef('s.session_version', '=', 'u.session_version'),
)

export async function findSessionUser(db: DB, sessionId: string): Promise<SessionUser | null> {
  const [row] = await sessionUserRows(db, { sessionId, now: clock.iso() })
  return row ? toSessionUser(row) : null
}

export async function endAuthSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute()
}

/** Ends every session of a user (password change, "log out everywhere"). */
export async function endAllAuthSessions(db: DB, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute()
  await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute()
}

export async function deleteExpiredAuthSessions(db: DB): Promise<void> {
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', clock.iso()).execute()
}

function tokenSignature(sessionId: string, secret: string): string {
  return createHmac('sha256', secret).update(`token:${sessionId}`).digest('base64url')
}

/** The Bearer token of a session: its id and an HMAC, so a guessed or altered token is refused unread. */
export function sessionToken(sessionId: string, secret: string): string {
  return `${sessionId}.${tokenSignature(sessionId, secret)}`
}

export function sessionIdFromToken(token: string, secret: string): string | null {
  const [sessionId, signature, extra] = token.split('.')
  if (!sessionId || !signature || extra !== undefined) return null
  const expected = Buffer.from(tokenSignature(sessionId, secret))
  const actual = Buffer.from(signature)
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? sessionId : null
}
