import { describe, expect, it } from 'vitest'
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords.server'

describe('hashPassword', () => {
  it('produces a versioned scrypt hash with parameters, salt and key', async () => {
    const hash = await hashPassword('correct horse battery staple')
    const parts = hash.split('$')
    expect(parts).toHaveLength(6)
    const [scheme, n, r, p, salt, key] = parts
    expect(scheme).toBe('scrypt')
    expect(n).toBe('16384')
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
    const dummy = await DUMMY_HASH_PROMISE
    expect(dummy.startsWith('scrypt$')).toBe(true)
    expect(await verifyPassword('password', dummy)).toBe(false)
  })
})
