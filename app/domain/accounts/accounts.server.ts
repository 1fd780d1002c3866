// Accounts: registration, credential checks and the admin account the environment asks for.
import type { DB } from '../../../db/database'
import type { Role, User } from '../../../db/schema'
import { newId } from '~/lib/ids.server'
import type { SessionUser } from '~/lib/user'
import type { LoginInput, RegisterInput } from '~/schemas/auth'
import { Conflict } from '~/domain/errors'
import { isUniqueViolation } from '../../../db/dialect'
import { accountExistsMail } from '~/mail/account-mails.server'
import { enqueueMail } from '~/domain/messaging/mail.server'
import { clock } from '~/domain/clock'
import { domainSettings } from '~/domain/settings.server'
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.server'


export function toSessionUser(user: Pick<User, 'id' | 'user_name' | 'email' | 'role'>): SessionUser {
  return { id: user.id, userName: user.user_name, email: user.email, role: user.role }
}

export const EMAIL_TAKEN_MESSAGE = 'User Already exists with the same email! Please try again'

export async function registerUser(
  db: DB,
  input: RegisterInput,
  role: Role = 'user',
): Promise<SessionUser> {
  const email = input.email.toLowerCase()
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) throw new Conflict(EMAIL_TAKEN_MESSAGE)
  const user = {
    id: newId(),
    user_name: input.userName,
    email,
    password_hash: await hashPassword(input.password),
    role,
  }
  try {
    await db.insertInto('users').values(user).execute()
  } catch (error) {
    // Two registrations raced past the check above: the unique index decides.
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN_MESSAGE)
    throw error
  }
  return toSessionUser(user)
}

/** At most one "you already have an account" mail an hour to an address, however often it is tried. */
const ACCOUNT_EXISTS_MAIL_MS = 60 * 60 * 1000

/**
 * A shopper's registration, as every client sees it: the same answer (and about the same time)
 * whether or not the email has an account, so the form cannot tell anyone who shops here ('Forgot
 * password?' answers the same way). A new email gets its account (resolved); a known one changes
 * nothing and its owner is mailed instead (resolves to null).
 */
export async function registerShopper(db: DB, input: RegisterInput, now = clock.now()): Promise<SessionUser | null> {
  const email = input.email.toLowerCase()
  const existing = await db.selectFrom('users').select(['id', 'user_name', 'email']).where('email', '=', email).executeTakeFirst()
  if (!existing) {
    try {
      return await registerUser(db, input)
    } catch (error) {
      // Another registration of the same email won the race: answered as any known email is.
      if (!(error instanceof Conflict)) throw error
      return null
    }
  }
  // The hash a new account costs, spent and dropped, so the answer takes as long as a new account's.
  await hashPassword(input.password)
  const hour = Math.floor(now.getTime() / ACCOUNT_EXISTS_MAIL_MS)
  await enqueueMail(db, {
    kind: 'account-exists',
    to: existing.email,
    dedupeKey: `account-exists:${existing.id}:${hour}`,
    ...accountExistsMail(domainSettings().mail, { userName: existing.user_name }),
  })
  return null
}

/**
 * The user with these credentials, or null. Takes the same time whether or not the email exists.
 * A hash written at a lower cost than today's is replaced after a successful check.
 */
export async function verifyCredentials(db: DB, input: LoginInput): Promise<SessionUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'email', 'role', 'password_hash'])
    .where('email', '=', input.email.toLowerCase())
    .executeTakeFirst()
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()))
  if (!user || !ok) return null
  if (needsRehash(user.password_hash)) {
    const upgraded = await hashPassword(input.password)
    // Only if the hash is still the one checked (a password change in between wins).
    await db
      .updateTable('users')
      .set({ password_hash: upgraded })
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash)
      .execute()
  }
  return toSessionUser(user)
}

/** Makes sure an admin with this email exists and has this password (ADMIN_EMAIL/ADMIN_PASSWORD). */
export async function ensureAdmin(db: DB, email: string, password: string, userName = 'Admin'): Promise<void> {
  const normalized = email.toLowerCase()
  const existing = await db
    .selectFrom('users')
    .select(['id', 'role', 'password_hash'])
    .where('email', '=', normalized)
    .executeTakeFirst()
  if (!existing) {
    await registerUser(db, { userName, email: normalized, password }, 'admin')
    return
  }
  const samePassword = await verifyPassword(password, existing.password_hash)
  if (existing.role === 'admin' && samePassword) return
  const passwordHash = samePassword ? existing.password_hash : await hashPassword(password)
  await db
    .updateTable('users')
    // A changed password or role ends the account's other sessions.
    .set((eb) => ({ role: 'admin', password_hash: passwordHash, session_version: eb('session_version', '+', 1) }))
    .where('id', '=', existing.id)
    .execute()
}
