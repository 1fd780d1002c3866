// Password reset: a single-use link that expires in 30 minutes, stored hashed, mailed through the
// outbox; a reset ends every session and link of the account; an unknown address gets nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { rejection } from '../../../tests/helpers/rejection'
import { PASSWORD_RESET_MESSAGES } from '~/lib/user'
import { registerUser, verifyCredentials } from './accounts.server'
import { findSessionUser, startAuthSession } from './auth-sessions.server'
import { Invalid } from '~/domain/errors'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { requestPasswordReset, resetPassword, resetTokenHash, resetTokenIsLive } from './password-resets.server'

let testDb: TestDb
let db: DB
let userId: string

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  setDomainSettings({ mail: { shopName: 'Resin Craft Studio', publicUrl: 'https://shop.example.in', ownerEmail: null } })
  userId = (await registerUser(db, { userName: 'Asha', email: 'asha@example.com', password: 'old-password-1' })).id
})

afterEach(async () => {
  await testDb.cleanup()
})

/** The token of the latest reset mail, read from its link as the shopper would. */
async function mailedToken(): Promise<string> {
  const mail = await db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'password-reset').orderBy('id', 'desc').executeTakeFirstOrThrow()
  const link = mail.text.match(/https:\/\/shop\.example\.in\/auth\/reset-password\?token=([\w-]+)/)
  expect(link, mail.text).not.toBeNull()
  return link?.[1] ?? ''
}

describe('requestPasswordReset', () => {
  it('mails a link to an account; only the hash of its token is stored', async () => {
    await requestPasswordReset(db, '  ASHA@example.com ')
    const token = await mailedToken()
    const mail = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ to_address: 'asha@example.com', subject: 'Reset your Resin Craft Studio password' })
    expect(mail.html).toContain(`href="https://shop.example.in/auth/reset-password?token=${token}"`)
    expect(mail.text).toContain('30 minutes')
    const rows = await db.selectFrom('password_resets').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(resetTokenHash(token))
    expect(rows[0]?.token_hash).not.toContain(token)
    expect(token.length).toBeGreaterThanOrEqual(43)
  })

  it('an address without an account gets nothing, and nothing is stored (no enumeration)', async () => {
    await expect(requestPasswordReset(db, 'nobody@example.com')).resolves.toBeUndefined()
    expect(await db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(0)
    expect(await db.selectFrom('password_resets').selectAll().execute()).toHaveLength(0)
  })

  it('a new link replaces the earlier one', async () => {
    await requestPasswordReset(db, 'asha@example.com')
    const first = await mailedToken()
    await requestPasswordReset(db, 'asha@example.com')
    const second = await mailedToken()
    expect(second).not.toBe(first)
    expect(await resetTokenIsLive(db, first)).toBe(false)
    expect(await resetTokenIsLive(db, second)).toBe(true)
  })
})

describe('resetPassword', () => {
  it('sets the new password and ends every session of the account', async () => {
    const phone = await startAuthSession(db, userId)
    const laptop = await startAuthSession(db, userId)
    await requestPasswordReset(db, 'asha@example.com')
    const token = await mailedToken()

    await expect(resetPassword(db, { token, password: 'new-password-1' })).resolves.toEqual({ userId, email: 'asha@example.com' })
    expect(await findSessionUser(db, phone.id)).toBeNull()
    expect(await findSessionUser(db, laptop.id)).toBeNull()
    expect(await db.selectFrom('auth_sessions').selectAll().execute()).toHaveLength(0)
    expect(await verifyCredentials(db, { email: 'asha@example.com', password: 'old-password-1' })).toBeNull()
    expect(await verifyCredentials(db, { email: 'asha@example.com', password: 'new-password-1' })).toMatchObject({ id: userId })
    // A session started after the reset works.
    const fresh = await startAuthSession(db, userId)
    expect(await findSessionUser(db, fresh.id)).toMatchObject({ id: userId })
  })

  it('a link works once', async () => {
    await requestPasswordReset(db, 'asha@example.com')
    const token = await mailedToken()
    await resetPassword(db, { token, password: 'new-password-1' })
    const error = await rejection(resetPassword(db, { token, password: 'other-password-2' }))
    expect(error).toBeInstanceOf(Invalid)
    expect((error as Invalid).errors).toEqual({ token: [PASSWORD_RESET_MESSAGES.invalidToken] })
    expect(await verifyCredentials(db, { email: 'asha@example.com', password: 'new-password-1' })).not.toBeNull()
  })

  it('two uses racing: one wins', async () => {
    await requestPasswordReset(db, 'asha@example.com')
    const token = await mailedToken()
    const results = await Promise.allSettled([
      resetPassword(db, { token, password: 'first-password-1' }),
      resetPassword(db, { token, password: 'second-password-2' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof Invalid)).toHaveLength(1)
  })

  it('a link expires after 30 minutes', async () => {
    const asked = new Date('2026-11-25T10:00:00Z')
    await requestPasswordReset(db, 'asha@example.com', asked)
    const token = await mailedToken()
    const at = (minutes: number) => new Date(asked.getTime() + minutes * 60_000)
    expect(await resetTokenIsLive(db, token, at(29))).toBe(true)
    expect(await resetTokenIsLive(db, token, at(30))).toBe(false)
    expect(await rejection(resetPassword(db, { token, password: 'new-password-1' }, at(31)))).toBeInstanceOf(Invalid)
    expect(await verifyCredentials(db, { email: 'asha@example.com', password: 'old-password-1' })).not.toBeNull()
  })

  it('an unknown token is refused and changes nothing', async () => {
    const session = await startAuthSession(db, userId)
    expect(await rejection(resetPassword(db, { token: 'made-up-token', password: 'new-password-1' }))).toBeInstanceOf(Invalid)
    expect(await findSessionUser(db, session.id)).toMatchObject({ id: userId })
  })
})
