import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setClock } from '../../../tests/helpers/domain-settings'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { ensureAdmin, registerUser } from './accounts.server'
import {
  deleteExpiredAuthSessions,
  endAllAuthSessions,
  endAuthSession,
  findSessionUser,
  SESSION_MAX_AGE_SECONDS,
  sessionIdFromToken,
  sessionToken,
  startAuthSession,
} from './auth-sessions.server'

const SECRET = 'a-test-secret-that-is-at-least-32-characters-long'
const OTHER_SECRET = 'another-secret-that-is-also-at-least-32-characters'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb.cleanup()
})

function register(email: string, userName = 'Shopper') {
  return registerUser(testDb.db, { userName, email, password: 'password123' })
}

describe('auth sessions in the database', () => {
  it('finds the user of a session it just started', async () => {
    const user = await register('asha@example.com', 'Asha')
    const session = await startAuthSession(testDb.db, user.id)
    expect(await findSessionUser(testDb.db, session.id)).toEqual(user)
  })

  it('starts sessions that expire in 30 days with unique ids', async () => {
    const user = await register('asha@example.com')
    const startedAt = Date.parse('2026-11-26T10:00:00.000Z')
    setClock(new Date(startedAt))
    const first = await startAuthSession(testDb.db, user.id)
    const second = await startAuthSession(testDb.db, user.id)
    expect(first.id).not.toBe(second.id)
    expect(first.expiresAt).toBe(new Date(startedAt + SESSION_MAX_AGE_SECONDS * 1000).toISOString())
    // Live until that moment, and not after it.
    setClock(new Date(startedAt + SESSION_MAX_AGE_SECONDS * 1000 - 1))
    expect(await findSessionUser(testDb.db, first.id)).toEqual(user)
    setClock(first.expiresAt)
    expect(await findSessionUser(testDb.db, first.id)).toBeNull()
    const row = await testDb.db.selectFrom('auth_sessions').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow()
    expect(row.user_id).toBe(user.id)
    expect(row.session_version).toBe(1)
    expect(row.expires_at).toBe(first.expiresAt)
  })

  it('refuses to start a session for an unknown user', async () => {
    await expect(startAuthSession(testDb.db, 'no-such-user')).rejects.toThrow()
  })

  it('returns null for an unknown session id', async () => {
    expect(await findSessionUser(testDb.db, 'no-such-session')).toBeNull()
  })

  it('returns null once the session has ended, leaving the other sessions alive', async () => {
    const user = await register('asha@example.com')
    const ended = await startAuthSession(testDb.db, user.id)
    const kept = await startAuthSession(testDb.db, user.id)
    await endAuthSession(testDb.db, ended.id)
    expect(await findSessionUser(testDb.db, ended.id)).toBeNull()
    expect(await findSessionUser(testDb.db, kept.id)).toEqual(user)
  })

  it('ends every session of one user only when all sessions are revoked', async () => {
    const asha = await register('asha@example.com', 'Asha')
    const ravi = await register('ravi@example.com', 'Ravi')
    const ashaPhone = await startAuthSession(testDb.db, asha.id)
    const ashaLaptop = await startAuthSession(testDb.db, asha.id)
    const raviPhone = await startAuthSession(testDb.db, ravi.id)

    await endAllAuthSessions(testDb.db, asha.id)

    expect(await findSessionUser(testDb.db, ashaPhone.id)).toBeNull()
    expect(await findSessionUser(testDb.db, ashaLaptop.id)).toBeNull()
    expect(await findSessionUser(testDb.db, raviPhone.id)).toEqual(ravi)
    const remaining = await testDb.db.selectFrom('auth_sessions').select('user_id').execute()
    expect(remaining).toEqual([{ user_id: ravi.id }])
  })

  it('lets a user sign in again after all their sessions were revoked', async () => {
    const asha = await register('asha@example.com')
    await startAuthSession(testDb.db, asha.id)
    await endAllAuthSessions(testDb.db, asha.id)
    const fresh = await startAuthSession(testDb.db, asha.id)
    expect(await findSessionUser(testDb.db, fresh.id)).toEqual(asha)
  })

  it('returns null for an expired session', async () => {
    const user = await register('asha@example.com')
    const session = await startAuthSession(testDb.db, user.id)
    await testDb.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', session.id)
      .execute()
    expect(await findSessionUser(testDb.db, session.id)).toBeNull()
  })

  it('deletes expired sessions but keeps live ones', async () => {
    const user = await register('asha@example.com')
    const expired = await startAuthSession(testDb.db, user.id)
    const live = await startAuthSession(testDb.db, user.id)
    await testDb.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute()
    await deleteExpiredAuthSessions(testDb.db)
    const ids = (await testDb.db.selectFrom('auth_sessions').select('id').execute()).map((r) => r.id)
    expect(ids).toEqual([live.id])
  })

  it('returns null when the session version is behind the user’s', async () => {
    const user = await register('asha@example.com')
    const session = await startAuthSession(testDb.db, user.id)
    await testDb.db
      .updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute()
    expect(await findSessionUser(testDb.db, session.id)).toBeNull()
  })

  it('ends a shopper’s sessions when ensureAdmin promotes them', async () => {
    const user = await register('owner@example.com')
    const session = await startAuthSession(testDb.db, user.id)
    await ensureAdmin(testDb.db, 'owner@example.com', 'password123')
    expect(await findSessionUser(testDb.db, session.id)).toBeNull()
    const adminSession = await startAuthSession(testDb.db, user.id)
    expect((await findSessionUser(testDb.db, adminSession.id))?.role).toBe('admin')
  })

  it('removes sessions when their user is deleted', async () => {
    const user = await register('asha@example.com')
    const session = await startAuthSession(testDb.db, user.id)
    await testDb.db.deleteFrom('users').where('id', '=', user.id).execute()
    expect(await findSessionUser(testDb.db, session.id)).toBeNull()
    expect(await testDb.db.selectFrom('auth_sessions').select('id').execute()).toEqual([])
  })
})

describe('session tokens', () => {
  it('round-trips a session id through its token', () => {
    const token = sessionToken('abcDEF123_-xyz', SECRET)
    expect(token.startsWith('abcDEF123_-xyz.')).toBe(true)
    expect(sessionIdFromToken(token, SECRET)).toBe('abcDEF123_-xyz')
  })

  it('round-trips the id of a real session', async () => {
    const user = await register('asha@example.com')
    const session = await startAuthSession(testDb.db, user.id)
    const id = sessionIdFromToken(sessionToken(session.id, SECRET), SECRET)
    expect(id).toBe(session.id)
    expect(await findSessionUser(testDb.db, id ?? '')).toEqual(user)
  })

  it('gives different tokens for different secrets', () => {
    expect(sessionToken('session-1', SECRET)).not.toBe(sessionToken('session-1', OTHER_SECRET))
  })

  it('refuses a token whose session id was altered', () => {
    const [, signature] = sessionToken('session-1', SECRET).split('.')
    expect(sessionIdFromToken(`session-2.${signature}`, SECRET)).toBeNull()
  })

  it('refuses a token whose signature was altered', () => {
    const token = sessionToken('session-1', SECRET)
    const last = token.at(-1)
    const tampered = token.slice(0, -1) + (last === 'A' ? 'B' : 'A')
    expect(sessionIdFromToken(tampered, SECRET)).toBeNull()
    expect(sessionIdFromToken(token.slice(0, -1), SECRET)).toBeNull()
    expect(sessionIdFromToken(`${token}A`, SECRET)).toBeNull()
  })

  it('refuses a token signed with another secret', () => {
    expect(sessionIdFromToken(sessionToken('session-1', OTHER_SECRET), SECRET)).toBeNull()
  })

  it('refuses garbage strings', () => {
    const valid = sessionToken('session-1', SECRET)
    for (const garbage of ['', '.', 'session-1', 'session-1.', `.${valid.split('.')[1]}`, `${valid}.extra`, 'a.b.c', '💥.💥']) {
      expect(sessionIdFromToken(garbage, SECRET), garbage).toBeNull()
    }
  })
})
