// Forgotten passwords: a single-use link that works for PASSWORD_RESET_MINUTES, mailed through the
// outbox in the same transaction that stores it. Only the token's SHA-256 is stored, so a copy of
// the database opens no account. A reset ends every session and every other link of the account.
import { createHash, randomBytes } from 'node:crypto'
import type { DB } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_MINUTES } from '~/lib/user'
import type { ResetPasswordInput } from '~/schemas/auth'
import { passwordResetMail } from '~/mail/account-mails.server'
import { Invalid } from '~/domain/errors'
import { clock } from '~/domain/clock'
import { domainSettings } from '~/domain/settings.server'
import { enqueueMail } from '~/domain/messaging/mail-outbox.server'
import { hashPassword } from './passwords.server'

export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

export const resetLink = (publicUrl: string, token: string) => `${publicUrl}/auth/reset-password?${new URLSearchParams({ token })}`

/**
 * Mails a reset link when an account uses this email; does nothing otherwise. Callers answer the
 * same either way (PASSWORD_RESET_MESSAGES.requested). A new link replaces the account's earlier ones.
 */
export async function requestPasswordReset(db: DB, email: string, now = clock.now()): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'user_name', 'email']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  if (!user) return
  const token = randomBytes(32).toString('base64url')
  const tokenHash = resetTokenHash(token)
  const settings = domainSettings().mail
  const mail = passwordResetMail(settings, { userName: user.user_name, link: resetLink(settings.publicUrl, token), minutes: PASSWORD_RESET_MINUTES })
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: two requests at once take turns, so only the newer link stays live.
    await lockRows(trx, 'users', [user.id])
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute()
    await trx
      .insertInto('password_resets')
      .values({ token_hash: tokenHash, user_id: user.id, expires_at: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString() })
      .execute()
    await enqueueMail(trx, { kind: 'password-reset', to: user.email, dedupeKey: `password-reset:${tokenHash}`, ...mail })
  })
}

const invalidToken = () => new Invalid({ token: [PASSWORD_RESET_MESSAGES.invalidToken] }, PASSWORD_RESET_MESSAGES.invalidToken)

/** Whether a reset link still works (the page says so before asking for a password). */
export async function resetTokenIsLive(db: DB, token: string, now = clock.now()): Promise<boolean> {
  if (!token) return false
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', resetTokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return Boolean(row)
}

/**
 * Sets a new password through a live link: the link is used up, the account's other links go, and
 * every session of the account ends (session_version). Invalid (field `token`) when the link is
 * unknown, used or expired; a second use of the same link is refused even when two race.
 */
export async function resetPassword(db: DB, input: ResetPasswordInput, now = clock.now()): Promise<{ userId: string; email: string }> {
  const tokenHash = resetTokenHash(input.token)
  const live = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  if (!live) throw invalidToken()
  const passwordHash = await hashPassword(input.password)
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst()
    if (Number(used.numUpdatedRows) === 0) throw invalidToken()
    const user = await trx
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, session_version: eb('session_version', '+', 1) }))
      .where('id', '=', live.user_id)
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow()
    await trx.deleteFrom('auth_sessions').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).where('token_hash', '!=', tokenHash).execute()
    return { userId: user.id, email: user.email }
  })
}
