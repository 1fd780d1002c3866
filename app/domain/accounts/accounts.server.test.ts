import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { EMAIL_TAKEN_MESSAGE, ensureAdmin, registerShopper, registerUser, toSessionUser, verifyCredentials } from './accounts.server'
import { Conflict } from '~/domain/errors'
import { randomBytes, scryptSync } from 'node:crypto'
import { currentPasswordCost, verifyPassword } from './passwords.server'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb.cleanup()
})

async function userRow(email: string) {
  return testDb.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
}

describe('toSessionUser', () => {
  it('maps a users row to the session shape', () => {
    expect(toSessionUser({ id: 'u1', user_name: 'Asha', email: 'asha@example.com', role: 'user' })).toEqual({
      id: 'u1',
      userName: 'Asha',
      email: 'asha@example.com',
      role: 'user',
    })
  })
})

describe('registerShopper', () => {
  it('makes a new account, and for a known email changes nothing and mails its owner once an hour', async () => {
    const made = await registerShopper(testDb.db, { userName: 'Asha', email: 'Asha@Example.com', password: 'password123' })
    expect(made).toMatchObject({ userName: 'Asha', email: 'asha@example.com', role: 'user' })
    const before = await userRow('asha@example.com')
    const at = new Date('2026-11-26T10:05:00Z')
    for (const minute of [0, 20, 50]) {
      const again = await registerShopper(testDb.db, { userName: 'URGENT: visit evil.example', email: 'ASHA@example.com', password: 'other-pass-1' }, new Date(at.getTime() + minute * 60_000))
      expect(again).toBeNull()
    }
    expect(await userRow('asha@example.com')).toEqual(before)
    const mails = await testDb.db.selectFrom('mail_outbox').select(['kind', 'to_address', 'text']).execute()
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([['account-exists', 'asha@example.com']])
    expect(mails[0]?.text).toContain('Hi Asha,')
    expect(mails[0]?.text).not.toContain('evil.example')
    // The next hour may mail again.
    await registerShopper(testDb.db, { userName: 'x', email: 'asha@example.com', password: 'other-pass-1' }, new Date(at.getTime() + 60 * 60_000))
    expect(await testDb.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(2)
  })
})

describe('registerUser', () => {
  it('stores the email lowercased and returns the session user', async () => {
    const user = await registerUser(testDb.db, { userName: 'Asha', email: 'Asha.Rao@Example.COM', password: 'password123' })
    expect(user).toEqual({ id: expect.any(String), userName: 'Asha', email: 'asha.rao@example.com', role: 'user' })
    const row = await userRow('asha.rao@example.com')
    expect(row.id).toBe(user.id)
    expect(row.user_name).toBe('Asha')
    expect(row.role).toBe('user')
    expect(row.session_version).toBe(1)
  })

  it('stores a scrypt hash of the password, never the password itself', async () => {
    await registerUser(testDb.db, { userName: 'Asha', email: 'asha@example.com', password: 'password123' })
    const row = await userRow('asha@example.com')
    expect(row.password_hash).not.toBe('password123')
    expect(row.password_hash).not.toContain('password123')
    expect(row.password_hash.startsWith('scrypt$')).toBe(true)
    expect(await verifyPassword('password123', row.password_hash)).toBe(true)
  })

  it('registers with the role it is given', async () => {
    const admin = await registerUser(testDb.db, { userName: 'Boss', email: 'boss@example.com', password: 'password123' }, 'admin')
    expect(admin.role).toBe('admin')
    expect((await userRow('boss@example.com')).role).toBe('admin')
  })

  it('refuses a duplicate email regardless of case', async () => {
    await registerUser(testDb.db, { userName: 'Asha', email: 'asha@example.com', password: 'password123' })
    const again = registerUser(testDb.db, { userName: 'Other', email: 'ASHA@Example.com', password: 'different123' })
    await expect(again).rejects.toBeInstanceOf(Conflict)
    await expect(again).rejects.toThrow(EMAIL_TAKEN_MESSAGE)
    const rows = await testDb.db.selectFrom('users').select('id').execute()
    expect(rows).toHaveLength(1)
  })

  it('lets only one of two simultaneous registrations of an email succeed', async () => {
    const results = await Promise.allSettled([
      registerUser(testDb.db, { userName: 'One', email: 'race@example.com', password: 'password123' }),
      registerUser(testDb.db, { userName: 'Two', email: 'Race@example.com', password: 'password123' }),
    ])
    const fulfilled = results.filter((r) => r.status === 'fulfilled')
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(fulfilled).toHaveLength(1)
    expect(rejected).toHaveLength(1)
    expect(rejected[0]?.reason).toBeInstanceOf(Conflict)
    expect(await testDb.db.selectFrom('users').select('id').execute()).toHaveLength(1)
  })

  it('gives each user a distinct id', async () => {
    const a = await registerUser(testDb.db, { userName: 'A', email: 'a@example.com', password: 'password123' })
    const b = await registerUser(testDb.db, { userName: 'B', email: 'b@example.com', password: 'password123' })
    expect(a.id).not.toBe(b.id)
  })
})

describe('verifyCredentials', () => {
  beforeEach(async () => {
    await registerUser(testDb.db, { userName: 'Asha', email: 'asha@example.com', password: 'password123' })
  })

  it('returns the user for the right password', async () => {
    const user = await verifyCredentials(testDb.db, { email: 'asha@example.com', password: 'password123' })
    expect(user).toMatchObject({ userName: 'Asha', email: 'asha@example.com', role: 'user' })
  })

  it('matches the email case-insensitively', async () => {
    const user = await verifyCredentials(testDb.db, { email: 'ASHA@example.com', password: 'password123' })
    expect(user?.email).toBe('asha@example.com')
  })

  it('returns null for a wrong password', async () => {
    expect(await verifyCredentials(testDb.db, { email: 'asha@example.com', password: 'password124' })).toBeNull()
  })

  it('returns null for an unknown email', async () => {
    expect(await verifyCredentials(testDb.db, { email: 'nobody@example.com', password: 'password123' })).toBeNull()
  })
})

describe('password hash upgrade', () => {
  it('rehashes a hash weaker than the current cost (as the old N=2^14 ones are) at the next successful login, and only then', async () => {
    await registerUser(testDb.db, { userName: 'Old', email: 'old@example.com', password: 'old-password-1' })
    const salt = randomBytes(16)
    const key = scryptSync('old-password-1', salt, 32, { N: 1024, r: 8, p: 1 })
    const weak = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
    await testDb.db.updateTable('users').set({ password_hash: weak }).where('email', '=', 'old@example.com').execute()

    expect(await verifyCredentials(testDb.db, { email: 'old@example.com', password: 'wrong-password' })).toBeNull()
    expect((await userRow('old@example.com')).password_hash).toBe(weak)

    expect(await verifyCredentials(testDb.db, { email: 'old@example.com', password: 'old-password-1' })).not.toBeNull()
    const upgraded = (await userRow('old@example.com')).password_hash
    expect(upgraded).not.toBe(weak)
    expect(upgraded.split('$')[1]).toBe(String(currentPasswordCost().N))
    expect(await verifyCredentials(testDb.db, { email: 'old@example.com', password: 'old-password-1' })).not.toBeNull()
  })
})

describe('ensureAdmin', () => {
  it('creates an admin when no user has the email', async () => {
    await ensureAdmin(testDb.db, 'Owner@Example.com', 'admin-password')
    const row = await userRow('owner@example.com')
    expect(row.role).toBe('admin')
    expect(row.user_name).toBe('Admin')
    expect(await verifyPassword('admin-password', row.password_hash)).toBe(true)
    const user = await verifyCredentials(testDb.db, { email: 'owner@example.com', password: 'admin-password' })
    expect(user?.role).toBe('admin')
  })

  it('uses the given user name for a new admin', async () => {
    await ensureAdmin(testDb.db, 'owner@example.com', 'admin-password', 'Shop Owner')
    expect((await userRow('owner@example.com')).user_name).toBe('Shop Owner')
  })

  it('promotes an existing shopper to admin and bumps the session version', async () => {
    await registerUser(testDb.db, { userName: 'Shopper', email: 'owner@example.com', password: 'admin-password' })
    const before = await userRow('owner@example.com')
    await ensureAdmin(testDb.db, 'owner@example.com', 'admin-password')
    const after = await userRow('owner@example.com')
    expect(after.id).toBe(before.id)
    expect(after.role).toBe('admin')
    expect(after.user_name).toBe('Shopper')
    expect(after.password_hash).toBe(before.password_hash)
    expect(after.session_version).toBe(before.session_version + 1)
  })

  it('resets a changed password and bumps the session version', async () => {
    await ensureAdmin(testDb.db, 'owner@example.com', 'old-password')
    const before = await userRow('owner@example.com')
    await ensureAdmin(testDb.db, 'owner@example.com', 'new-password')
    const after = await userRow('owner@example.com')
    expect(after.role).toBe('admin')
    expect(after.password_hash).not.toBe(before.password_hash)
    expect(await verifyPassword('new-password', after.password_hash)).toBe(true)
    expect(await verifyPassword('old-password', after.password_hash)).toBe(false)
    expect(after.session_version).toBe(before.session_version + 1)
  })

  it('promotes a shopper and resets their password in one step', async () => {
    await registerUser(testDb.db, { userName: 'Shopper', email: 'owner@example.com', password: 'shopper-password' })
    const before = await userRow('owner@example.com')
    await ensureAdmin(testDb.db, 'OWNER@example.com', 'admin-password')
    const after = await userRow('owner@example.com')
    expect(after.role).toBe('admin')
    expect(await verifyPassword('admin-password', after.password_hash)).toBe(true)
    expect(after.session_version).toBe(before.session_version + 1)
    expect(await testDb.db.selectFrom('users').select('id').execute()).toHaveLength(1)
  })

  it('does nothing when the admin already has that password', async () => {
    await ensureAdmin(testDb.db, 'owner@example.com', 'admin-password')
    const before = await userRow('owner@example.com')
    await ensureAdmin(testDb.db, 'owner@example.com', 'admin-password')
    const after = await userRow('owner@example.com')
    expect(after).toEqual(before)
  })
})
