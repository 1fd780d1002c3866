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

/**
 * One of OWASP's equivalent minimums for scrypt (Password Storage Cheat Sheet): N=2^15, r=8, p=3,
 * 32 MiB a hash. Before ADR 115 the shop wrote N=2^17, r=8, p=1 (128 MiB a hash: a sale day's
 * every login added that to the process's memory); those hashes keep verifying and are rewritten
 * at this cost at their next login.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 }

/** The cost hashes were written at before ADR 115: the largest N a stored hash may ask for. */
export const EARLIER_PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 }

/**
 * For the test suites only (PASSWORD_TEST_COST=1): hundreds of sign-ups and logins at the real cost
 * would take minutes. Never set in production; the server logs a warning when it is.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 }

/** What a stored hash may ask for: from a cheap test hash up to the costs the shop has written, nothing larger. */
const LIMITS = { minN: 2 ** 10, maxN: EARLIER_PASSWORD_COST.N, maxR: 16, maxP: 4 }

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

// One hash at a time: each takes 32 MiB outside the JS heap (128 MiB for a hash written before
// ADR 115), and four at once (libuv's pool) would add that four times to a small server. Hashing is
// CPU-bound, so on the 2-core machines this shop runs on, queueing costs little throughput.
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

const sameCost = (a: ScryptCost, b: ScryptCost) => a.N === b.N && a.r === b.r && a.p === b.p
const work = ({ N, r, p }: ScryptCost) => N * r * p

/**
 * Whether a successful login should write the hash again at `cost`. At the shop's cost, any hash
 * at other parameters: a cheaper one, and one of before ADR 115 (128 MiB, moved to the 32 MiB
 * equivalent). At any other cost (the test suites'), only a cheaper one: never "upgraded" down.
 */
export function needsRehash(stored: string, cost: ScryptCost = currentPasswordCost()): boolean {
  const parsed = parseHash(stored)
  if (!parsed || sameCost(parsed.cost, cost)) return false
  return sameCost(cost, PASSWORD_COST) || work(parsed.cost) < work(cost)
}

let dummy: Promise<string> | undefined

/** A hash of a random password at the current cost: checking an unknown email costs the same time. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  return dummy
}
