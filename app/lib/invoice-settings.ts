// Who issues the invoices and how each category is taxed: the SELLER_* and GST_* variables, their
// defaults (the demo shop's seller and the category rates researched in ADR 035), GST state codes
// and the GSTIN check. The server validates these at start (app/infra/config.server.ts); the
// domain reads the same variables through parseInvoiceSettings.
import { z } from 'zod'
import { CATEGORY_IDS, type Category } from './catalog'
import { type IndianState, matchIndianState } from './indian-states'
import { GST_RATES, type TaxClass } from './gst'
import { DEFAULT_SHOP_NAME } from './shop'

/** GST state codes (the first two digits of a GSTIN, and the place of supply's code). */
export const GST_STATE_CODES: Record<IndianState, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The GSTIN's 15th character: a base-36 check over the first 14 (GSTN's published scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36)
}

/** A well-formed GSTIN: state code, PAN, entity number, 'Z', check character. */
export function isValidGstin(value: string): boolean {
  return GSTIN_SHAPE.test(value) && gstinCheckCharacter(value.slice(0, 14)) === value.charAt(14)
}

export interface Seller {
  legalName: string
  /** Lines of the address, as printed. */
  address: string[]
  state: IndianState
  /** Null: not registered for GST, so the document is a bill of supply with no tax. */
  gstin: string | null
}

export interface InvoiceSettings {
  seller: Seller
  categories: Record<Category, TaxClass>
}

/**
 * HSN and GST rate per category (ADR 035): imitation jewellery is 7117 at 3%; the studio's resin
 * decor, keepsakes and occasion pieces are "other articles of plastics", 3926 at 18%.
 */
export const DEFAULT_CATEGORY_TAX: Record<Category, TaxClass> = {
  jewellery: { hsn: '7117', ratePercent: 3 },
  'home-decor': { hsn: '3926', ratePercent: 18 },
  'gifting-memories': { hsn: '3926', ratePercent: 18 },
  'special-occasion': { hsn: '3926', ratePercent: 18 },
}

/** The demo shop's seller: a made-up Karnataka registration with a well-formed GSTIN. */
export const DEMO_SELLER: Seller = {
  legalName: `${DEFAULT_SHOP_NAME} (Demo)`,
  address: ['12 Lavelle Road, Ashok Nagar', 'Bengaluru 560001'],
  state: 'Karnataka',
  gstin: '29AAHCR1234M1Z3',
}

/** The variable that sets a category's HSN and rate: GST_HOME_DECOR=3926:18. */
export function categoryTaxVariable(category: Category): string {
  return `GST_${category.toUpperCase().replace(/-/g, '_')}`
}

const optionalText = z.string().trim().optional()

const taxClassSchema = z
  .string()
  .trim()
  .regex(/^\d{4,8}:\d+(\.\d+)?$/, { error: 'must be HSN:RATE, e.g. 3926:18' })
  .transform((value) => {
    const [hsn = '', rate = ''] = value.split(':')
    return { hsn, ratePercent: Number(rate) }
  })
  .refine((tax) => (GST_RATES as readonly number[]).includes(tax.ratePercent), { error: `rate must be one of ${GST_RATES.join(', ')}` })

const stateSchema = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const state = matchIndianState(value)
    if (!state) ctx.addIssue({ code: 'custom', message: 'must be an Indian state or union territory' })
    return state ?? z.NEVER
  })

/** The variables, for the server's configuration schema (validated with everything else at start). */
export const INVOICE_ENV_SHAPE = {
  SELLER_LEGAL_NAME: optionalText,
  /** Address lines separated by '|' or new lines. */
  SELLER_ADDRESS: optionalText,
  SELLER_STATE: stateSchema.optional(),
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidGstin, { error: 'must be a 15-character GSTIN with a valid check character' })
    .optional(),
  // One per category (categoryTaxVariable): HSN:RATE.
  GST_JEWELLERY: taxClassSchema.optional(),
  GST_HOME_DECOR: taxClassSchema.optional(),
  GST_GIFTING_MEMORIES: taxClassSchema.optional(),
  GST_SPECIAL_OCCASION: taxClassSchema.optional(),
}

const invoiceEnvSchema = z.object(INVOICE_ENV_SHAPE)

/** The demo shop: seeded (SEED_DEMO not 0) and no owner configured (ADMIN_EMAIL unset). */
function isDemoShop(env: Record<string, string | undefined>): boolean {
  const seed = (env.SEED_DEMO ?? '').trim()
  return !['0', 'false'].includes(seed) && !env.ADMIN_EMAIL?.trim()
}

/**
 * The invoice settings an environment gives: set variables win; the demo shop's seller otherwise
 * (a real shop without SELLER_* issues bills of supply under the shop's name until they are set).
 * Throws an Error whose message names the variable.
 */
export function parseInvoiceSettings(env: Record<string, string | undefined>): InvoiceSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''))
  const result = invoiceEnvSchema.safeParse(present)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new Error(`${String(issue?.path[0] ?? 'SELLER')}: ${issue?.message ?? 'is invalid'}`)
  }
  const parsed = result.data
  // The demo seller only when no SELLER_* variable is set: never a demo GSTIN beside a real name.
  const anySeller = ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_STATE', 'SELLER_GSTIN'].some((name) => name in present)
  const fallback: Seller =
    !anySeller && isDemoShop(present)
      ? DEMO_SELLER
      : { legalName: present.SHOP_NAME?.trim() || DEFAULT_SHOP_NAME, address: [], state: 'Karnataka', gstin: null }
  const gstin = anySeller ? (parsed.SELLER_GSTIN ?? null) : fallback.gstin
  const state = parsed.SELLER_STATE ?? (gstin ? stateOfCode(gstin.slice(0, 2)) : null) ?? fallback.state
  if (gstin && gstin.slice(0, 2) !== GST_STATE_CODES[state]) {
    throw new Error(`SELLER_GSTIN: starts with ${gstin.slice(0, 2)}, but SELLER_STATE ${state} has state code ${GST_STATE_CODES[state]}`)
  }
  const categories = Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, (parsed as Record<string, TaxClass | undefined>)[categoryTaxVariable(id)] ?? DEFAULT_CATEGORY_TAX[id]]),
  ) as Record<Category, TaxClass>
  return {
    seller: {
      legalName: parsed.SELLER_LEGAL_NAME ?? fallback.legalName,
      address: parsed.SELLER_ADDRESS ? parsed.SELLER_ADDRESS.split(/\s*(?:\||\n)\s*/).filter(Boolean) : fallback.address,
      state,
      gstin,
    },
    categories,
  }
}

function stateOfCode(code: string): IndianState | null {
  return (Object.keys(GST_STATE_CODES) as IndianState[]).find((state) => GST_STATE_CODES[state] === code) ?? null
}

/** 'Karnataka (29)': a state with its GST code, or the text as given when it is not one. */
export function stateWithCode(state: string): string {
  const known = matchIndianState(state)
  return known ? `${known} (${GST_STATE_CODES[known]})` : state
}
