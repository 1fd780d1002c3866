// A discount code as the owner writes it (the admin's form and /api's POST and PUT body, ADR 073):
// one schema, taking the form's strings or the API's numbers and booleans. Rupees become paise here.
import { z } from 'zod'
import { CATEGORY_IDS } from '~/lib/catalog'
import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, DISCOUNT_SCOPES, normalizeCode, type ScopeVariant } from '~/lib/discounts'
import { isWholePaise, rupeesToPaise } from '~/lib/money'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const MAX_RUPEES = 10_00_000

/**
 * A form's text or the API's number, as text ('' for nothing). Optional inside: Conform hands an
 * empty box over as undefined.
 */
const text = z
  .preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), z.string().trim().max(40).optional())
  .transform((v) => v ?? '')

/** A whole count above zero, or '' for no limit (null). */
const optionalCount = (label: string) =>
  text.transform((v, ctx) => {
    if (v === '') return null
    const count = /^\d+$/.test(v) ? Number(v) : Number.NaN
    if (Number.isNaN(count)) ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` })
    else if (count < 1 || count > 1_000_000) ctx.addIssue({ code: 'custom', message: `${label} must be between 1 and 10,00,000` })
    return count
  })

/** An India day (YYYY-MM-DD), or '' for no limit (null). */
const optionalDay = (label: string) =>
  text.transform((v, ctx) => {
    if (v === '') return null
    if (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) ctx.addIssue({ code: 'custom', message: `${label} must be a date` })
    return v
  })

/** Rupees as typed ('999', '₹ 1,499.50'), or '' for none (0), to paise. */
const optionalRupees = (message: string) =>
  text.transform((v, ctx) => {
    const raw = v.replace(/[₹,\s]/g, '')
    if (raw === '') return 0
    const rupees = /^\d+(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN
    if (!(isWholePaise(rupees) && rupees <= MAX_RUPEES)) ctx.addIssue({ code: 'custom', message })
    return Number.isNaN(rupees) ? 0 : rupeesToPaise(rupees)
  })

const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean())

/** The scope's ids: the form's checkboxes or select (one value or many) or the API's list. */
const ids = z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().trim().min(1).max(64)).max(200))

const part = (v: unknown, max: number) => (v === undefined || v === null ? '' : typeof v === 'string' && v.trim().length <= max ? v.trim() : null)

/** A variant as the form's checkbox sends it (JSON [productId, variety, option2, color]) or /api's object; null when neither. */
export function toScopeVariant(v: unknown): ScopeVariant | null {
  let raw: unknown = v
  if (typeof v === 'string') {
    try {
      const parts: unknown = JSON.parse(v)
      raw = Array.isArray(parts) ? { productId: parts[0], variety: parts[1], option2: parts[2], color: parts[3] } : null
    } catch {
      return null
    }
  }
  if (typeof raw !== 'object' || raw === null) return null
  const { productId, variety, option2, color } = raw as Record<string, unknown>
  const variant = { productId: part(productId, 64), variety: part(variety, 100), option2: part(option2, 100), color: part(color, 100) }
  if (!variant.productId || variant.variety === null || variant.option2 === null || variant.color === null) return null
  return variant as ScopeVariant
}

/** The variants a code is for (ADR 084): the form's checkboxes or /api's list; malformed ones as null. */
const variantList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]).map(toScopeVariant),
  z.array(z.custom<ScopeVariant | null>()).max(200, { error: 'Choose at most 200 variants' }),
)

export const discountCodeSchema = z
  .object({
    // Conform's parsing turns the '' that `text` hands on back into undefined: the string's own error says it too.
    code: text.pipe(
      z
        .string({ error: 'Code is required' })
        .min(1, { error: 'Code is required' })
        .regex(DISCOUNT_CODE_PATTERN, { error: 'Use 3 to 32 letters, digits, - or _' })
        .transform(normalizeCode),
    ),
    type: z.enum(DISCOUNT_KINDS, { error: 'Choose percent or a fixed amount' }),
    value: text.pipe(z.string({ error: 'Value is required' }).min(1, { error: 'Value is required' })),
    minOrder: optionalRupees('Enter the minimum order in rupees, e.g. 999'),
    startsAt: optionalDay('Start'),
    endsAt: optionalDay('End'),
    maxUses: optionalCount('Total uses'),
    maxUsesPerUser: optionalCount('Uses per shopper'),
    scope: z.enum(DISCOUNT_SCOPES, { error: 'Choose what the code is for' }).default('shop'),
    scopeItems: ids,
    // The admin form's two pickers (the API sends scopeItems): the one of the chosen scope counts.
    categories: ids,
    products: ids,
    variants: variantList,
    firstOrderOnly: flag.default(false),
    paused: flag.default(false),
  })
  .superRefine((input, ctx) => {
    const value = codeValue(input)
    if (Number.isNaN(value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: input.type === 'percent' ? 'Enter a whole percent from 1 to 100' : 'Enter the amount off in rupees, e.g. 200' })
    }
    if (input.startsAt && input.endsAt && input.endsAt < input.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be on or after the start' })
    }
    if (input.maxUses !== null && input.maxUsesPerUser !== null && input.maxUsesPerUser > input.maxUses) {
      ctx.addIssue({ code: 'custom', path: ['maxUsesPerUser'], message: 'Uses per shopper cannot be more than the total uses' })
    }
    const scopeItems = scopeItemsOf(input)
    if ((input.scope === 'categories' || input.scope === 'products') && scopeItems.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['scopeItems'], message: input.scope === 'categories' ? 'Choose at least one category' : 'Choose at least one product' })
    }
    if (input.scope === 'variants' && (input.variants.length === 0 || input.variants.some((variant) => variant === null))) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: input.variants.length === 0 ? 'Choose at least one variant' : 'Choose variants from the list' })
    }
    if (input.scope === 'categories' && scopeItems.some((id) => !(CATEGORY_IDS as readonly string[]).includes(id))) {
      ctx.addIssue({ code: 'custom', path: ['scopeItems'], message: 'Choose categories from the list' })
    }
  })

type DiscountCodeFields = z.output<typeof discountCodeSchema>

/** The value as the domain keeps it: whole percent, or paise; NaN when it is not one. */
function codeValue(input: Pick<DiscountCodeFields, 'type' | 'value'>): number {
  const raw = input.value.replace(/[₹,%\s]/g, '')
  if (input.type === 'percent') {
    const percent = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
    return percent >= 1 && percent <= 100 ? percent : Number.NaN
  }
  const rupees = /^\d+(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN
  return rupees > 0 && rupees <= MAX_RUPEES && isWholePaise(rupees) ? rupeesToPaise(rupees) : Number.NaN
}

/** The ids the code is for: the API's scopeItems, else the admin form's picker of the chosen scope. */
function scopeItemsOf(input: Pick<DiscountCodeFields, 'scope' | 'scopeItems' | 'categories' | 'products'>): string[] {
  if (input.scope === 'shop' || input.scope === 'variants') return []
  const picked = input.scopeItems.length ? input.scopeItems : input.scope === 'categories' ? input.categories : input.products
  return [...new Set(picked)]
}

/**
 * A parsed code as the domain takes it: the value in whole percent or paise, the scope's ids. (The
 * schema itself stays an object, so Conform reads its fields for the form.)
 */
export function toDiscountInput(fields: DiscountCodeFields) {
  const { categories: _categories, products: _products, variants, ...kept } = fields
  const chosen = fields.scope === 'variants' ? variants.filter((variant): variant is ScopeVariant => variant !== null) : []
  // The same variant ticked twice counts once.
  const unique = [...new Map(chosen.map((variant) => [JSON.stringify(variant), variant])).values()]
  return { ...kept, value: codeValue(fields), scopeItems: scopeItemsOf(fields), variants: unique }
}

/** Parses a body or form's values into the domain's input; throws zod's error when invalid. */
export function parseDiscountCode(value: unknown) {
  return toDiscountInput(discountCodeSchema.parse(value))
}

export type DiscountCodeInput = ReturnType<typeof toDiscountInput>

/** The shopper's code box (cart and checkout) and /api's POST /api/shop/cart/discount (with userId). */
export const applyCodeSchema = z.object({
  code: z.string({ error: 'Enter a discount code' }).trim().min(1, { error: 'Enter a discount code' }).max(40, { error: 'We do not know this code: check its spelling' }),
})

/** POST /api/shop/cart/discount {userId, code}. */
export const apiApplyCodeSchema = z.object({ userId: z.string({ error: 'Missing user.' }).trim().min(1, { error: 'Missing user.' }).max(64) }).extend(applyCodeSchema.shape)
