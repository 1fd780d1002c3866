import { describe, expect, it } from 'vitest'
import { randomBytes, scryptSync } from 'node:crypto'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { currentPasswordCost, dummyHash, EARLIER_PASSWORD_COST, hashPassword, needsRehash, PASSWORD_COST, TEST_PASSWORD_COST, verifyPassword } from './passwords.server'

/** A hash as the shop wrote it before the cost was raised: scrypt N=2^14, r=8, p=1. */
function oldHash(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 })
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
}

describe('hashPassword', () => {
  it('produces a versioned scrypt hash with parameters, salt and key', async () => {
    const hash = await hashPassword('correct horse battery staple')
    const parts = hash.split('$')
    expect(parts).toHaveLength(6)
    const [scheme, n, r, p, salt, key] = parts
    expect(scheme).toBe('scrypt')
    expect(Number(n)).toBe(currentPasswordCost().N)
    expect(r).toBe('8')
    expect(p).toBe('1')
    expect(salt).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16)
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32)
  })

  it('never contains the password itself', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).not.toContain('correct horse')
  })

  it('gives two different hashes for the same password (random salt)', async () => {
    const first = await hashPassword('same password')
    const second = await hashPassword('same password')
    expect(first).not.toBe(second)
    expect(await verifyPassword('same password', first)).toBe(true)
    expect(await verifyPassword('same password', second)).toBe(true)
  })
})

describe('verifyPassword', () => {
  it('accepts the right password', async () => {
    const hash = await hashPassword('s3cret-password')
    expect(await verifyPassword('s3cret-password', hash)).toBe(true)
  })

  it('refuses a wrong password', async () => {
    const hash = await hashPassword('s3cret-password')
    expect(await verifyPassword('s3cret-Password', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('treats NFKC-equivalent passwords as the same', async () => {
    const hash = await hashPassword('caf\u00e9-password')
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true)
  })

  it('refuses stored values that are not scrypt hashes', async () => {
    expect(await verifyPassword('anything', 'plain-text-password')).toBe(false)
    expect(await verifyPassword('anything', '')).toBe(false)
    expect(await verifyPassword('anything', 'bcrypt$16384$8$1$c2FsdA$a2V5')).toBe(false)
  })

  it('refuses every password against the dummy hash', async () => {
    const dummy = await dummyHash()
    expect(dummy.startsWith('scrypt$')).toBe(true)
    expect(await verifyPassword('password', dummy)).toBe(false)
  })
})

describe('cost', () => {
  it("hashes at one of OWASP's equivalent minimums by default: scrypt N=2^15, r=8, p=3, 32 MiB (within Node's scrypt memory limit)", async () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 15, r: 8, p: 3 })
    const hash = await hashPassword('correct horse battery staple', PASSWORD_COST)
    expect(hash.split('$').slice(1, 4)).toEqual(['32768', '8', '3'])
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(needsRehash(hash, PASSWORD_COST)).toBe(false)
  })

  it('writes new hashes at the test cost only when the domain settings ask for it (PASSWORD_TEST_COST)', () => {
    setDomainSettings({ passwordTestCost: false })
    expect(currentPasswordCost()).toEqual(PASSWORD_COST)
    setDomainSettings({ passwordTestCost: true })
    expect(currentPasswordCost()).toEqual(TEST_PASSWORD_COST)
  })

  it('keeps verifying hashes written at the old cost, and says they need upgrading', async () => {
    const hash = oldHash('an old password')
    expect(await verifyPassword('an old password', hash)).toBe(true)
    expect(needsRehash(hash, PASSWORD_COST)).toBe(true)
    // Never "upgraded" down: a strong hash stays under the test cost.
    const [, , , , salt, key] = hash.split('$')
    expect(needsRehash(`scrypt$131072$8$1$${salt}$${key}`, TEST_PASSWORD_COST)).toBe(false)
  })

  it('keeps verifying the 128 MiB hashes written before ADR 115 and moves them to the current cost at the next login, not under the test cost', async () => {
    const hash = await hashPassword('a festive password', EARLIER_PASSWORD_COST)
    expect(hash.split('$').slice(1, 4)).toEqual(['131072', '8', '1'])
    expect(await verifyPassword('a festive password', hash)).toBe(true)
    expect(await verifyPassword('another password', hash)).toBe(false)
    expect(needsRehash(hash, PASSWORD_COST)).toBe(true)
    expect(needsRehash(hash, TEST_PASSWORD_COST)).toBe(false)
    const current = await hashPassword('a festive password', PASSWORD_COST)
    expect(needsRehash(current, PASSWORD_COST)).toBe(false)
    // A test-cost hash is cheaper than the shop's: written again at the shop's cost.
    expect(needsRehash(await hashPassword('pw', TEST_PASSWORD_COST), PASSWORD_COST)).toBe(true)
  })

  it('refuses stored parameters it would not write (no huge N from a tampered row)', async () => {
    const [, , , , salt, key] = oldHash('pw').split('$')
    expect(await verifyPassword('pw', `scrypt$${2 ** 24}$8$1$${salt}$${key}`)).toBe(false)
    expect(await verifyPassword('pw', `scrypt$1000$8$1$${salt}$${key}`)).toBe(false)
    expect(await verifyPassword('pw', `scrypt$16384$x$1$${salt}$${key}`)).toBe(false)
  })

  it('makes the dummy hash (unknown emails) at the cost real hashes get', async () => {
    const dummy = await dummyHash()
    const real = await hashPassword('anything')
    expect(dummy.split('$').slice(1, 4)).toEqual(real.split('$').slice(1, 4))
  })
})
