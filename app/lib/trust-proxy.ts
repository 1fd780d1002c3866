// TRUST_PROXY: which reverse proxies may tell the shop the client's address (X-Forwarded-For).
// The value goes to Express's `trust proxy` setting; a wrong one lets clients choose their own
// address and so their own rate-limit keys, hence the strict parsing.
import ipaddr from 'ipaddr.js'
import { z } from 'zod'

/** `false` (no proxy), a number of proxy hops, or presets, addresses and subnets (Express's forms). */
export type TrustProxy = false | number | string[]

const PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrSubnet(value: string): boolean {
  if (value.includes(':')) return ipaddr.IPv6.isValid(value) || ipaddr.IPv6.isValidCIDR(value)
  return ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv4.isValidCIDRFourPartDecimal(value)
}

const MESSAGE = 'must be 0, a number of proxies, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and subnets'

export const trustProxySchema = z
  .string()
  .default('loopback')
  .transform((value, ctx): TrustProxy => {
    const text = value.trim()
    if (text === '0') return false
    if (/^[1-9]\d{0,2}$/.test(text)) return Number(text)
    const entries = text.split(',').map((entry) => entry.trim())
    if (entries.every((entry) => PRESETS.has(entry) || isAddressOrSubnet(entry))) return entries
    ctx.addIssue({ code: 'custom', message: MESSAGE })
    return z.NEVER
  })
