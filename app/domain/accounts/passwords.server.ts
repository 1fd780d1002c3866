// Password hashing with scrypt (node:crypto): salted, constant-time check, and the parameters in the
// hash string (`scrypt$N$r$p$salt$key`), so hashes written at an older cost keep verifying and are
// upgraded at the next login (accounts.server.ts). See docs/decisions/021-payment-and-password-hardening.md.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { domainSettings } from '~/domain/settings.server'

export interface ScryptCost {
  N: number
  r: number
  p: number
}

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptCost & { maxmem: number },
) => Promise<Buffer>

/** OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1; 128 MiB per hash. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 }

/**
 * For the test suites only (PASSWORD_TEST_COST=1): hundreds of sign-ups and logins at the real cost
 * would take minutes. Never set in production; the server logs a warning when it is.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 }

/** What a stored hash may ask for: from a cheap test hash up to the current cost, nothing larger. */
const LIMITS = { minN: 2 ** 10, maxN: PASSWORD_COST.N, maxR: 16, maxP: 4 }

const KEY_LENGTH = 32

/** The cost new hashes are written at: the real one, or the test suites' (the domain's settings). */
export function currentPasswordCost(): ScryptCost {
  return domainSettings().passwordTestCost ? TEST_PASSWORD_COST : PASSWORD_COST
}

/**
 * OpenSSL's scrypt needs 128*r*(N+2) bytes for V plus 128*r*p for B, and refuses to run above
 * `maxmem` (Node's default, 32 MiB, is below the 128 MiB that N=2^17, r=8 needs): ask for exactly
 * that, plus a little room.
 */
function maxmemFor({ N, r, p }: ScryptCost): number {
  return 128 * r * (N + 2) + 128 * r * p + 1024 * 1024
}

// One hash at a time: at N=2^17 each takes 128 MiB outside the JS heap, and four at once (libuv's
// pool) would add half a gigabyte to a small server. Hashing is CPU-bound, so on the 2-core
// machines this shop runs on, queueing costs little throughput.
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work)
  queue = run.catch(() => undefined)
  return run
}

function derive(password: string, salt: Buffer, length: number, cost: ScryptCost): Promise<Buffer> {
  return oneAtATime(() => scrypt(password.normalize('NFKC'), salt, length, { ...cost, maxmem: maxmemFor(cost) }))
}

export async function hashPassword(password: string, cost: ScryptCost = currentPasswordCost()): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, KEY_LENGTH, cost)
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return null
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  const powerOfTwo = Number.isInteger(cost.N) && cost.N > 1 && (cost.N & (cost.N - 1)) === 0
  if (!powerOfTwo || cost.N < LIMITS.minN || cost.N > LIMITS.maxN) return null
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > LIMITS.maxR) return null
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > LIMITS.maxP) return null
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed || parsed.key.length === 0) return false
  const actual = await derive(password, parsed.salt, parsed.key.length, parsed.cost)
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key)
}

/** True when the hash was written at a lower cost than `cost` (never true for a stronger one). */
export function needsRehash(stored: string, cost: ScryptCost = currentPasswordCost()): boolean {
  const parsed = parseHash(stored)
  if (!parsed) return false
  return parsed.cost.N * parsed.cost.r * parsed.cost.p < cost.N * cost.r * cost.p
}

let dummy: Promise<string> | undefined

/** A hash of a random password at the current cost: checking an unknown email costs the same time. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  return dummy
}
