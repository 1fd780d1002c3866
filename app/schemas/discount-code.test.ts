import { expect, it } from 'vitest'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { discountCodeSchema, parseDiscountCode } from './discount-code'

const errorsOf = (input: Record<string, unknown>) => {
  const result = discountCodeSchema.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

it("takes the form's strings: capitals, rupees to paise, India days, empty for no limit", () => {
  expect(
    parseDiscountCode({ code: ' diwali10 ', type: 'percent', value: '10', minOrder: '₹ 999', startsAt: '2026-10-20', endsAt: '', maxUses: '', maxUsesPerUser: '1', scope: 'shop', firstOrderOnly: 'on' }),
  ).toEqual({
    code: 'DIWALI10',
    type: 'percent',
    value: 10,
    minOrder: 99_900,
    startsAt: '2026-10-20',
    endsAt: null,
    maxUses: null,
    maxUsesPerUser: 1,
    scope: 'shop',
    scopeItems: [],
    variants: [],
    firstOrderOnly: true,
    paused: false,
  })
})

it("takes the API's numbers and lists, and the admin form's pickers of the chosen scope", () => {
  expect(parseDiscountCode({ code: 'FLAT', type: 'fixed', value: 250.5, minOrder: 0, maxUses: 100, scope: 'products', scopeItems: ['p1'] })).toMatchObject({
    value: 25_050,
    minOrder: 0,
    maxUses: 100,
    scopeItems: ['p1'],
  })
  expect(parseDiscountCode({ code: 'JEWEL', type: 'percent', value: '5', scope: 'categories', categories: 'jewellery', products: ['p1'] }).scopeItems).toEqual(['jewellery'])
})

it('names every bad field', () => {
  expect(errorsOf({ code: 'x!', type: 'percent', value: '15' })).toEqual({ code: 'Use 3 to 32 letters, digits, - or _' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '150' })).toEqual({ value: 'Enter a whole percent from 1 to 100' })
  expect(errorsOf({ code: 'OK1', type: 'fixed', value: '0' })).toEqual({ value: 'Enter the amount off in rupees, e.g. 200' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', startsAt: '2026-11-10', endsAt: '2026-11-01' })).toEqual({ endsAt: 'End must be on or after the start' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', maxUses: '2', maxUsesPerUser: '3' })).toEqual({
    maxUsesPerUser: 'Uses per shopper cannot be more than the total uses',
  })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', scope: 'categories' })).toEqual({ scopeItems: 'Choose at least one category' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', scope: 'categories', scopeItems: ['toys'] })).toEqual({ scopeItems: 'Choose categories from the list' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', scope: 'variants' })).toEqual({ variants: 'Choose at least one variant' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', scope: 'variants', variants: ['not json', { variety: 'Large' }] })).toEqual({ variants: 'Choose variants from the list' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', maxUses: '1.5' })).toEqual({ maxUses: 'Total uses must be a whole number' })
  expect(errorsOf({ code: 'OK1', type: 'percent', value: '5', minOrder: 'lots' })).toEqual({ minOrder: 'Enter the minimum order in rupees, e.g. 999' })
})

it("is an object Conform can read for the form's fields (the server's form parsing needs them)", () => {
  expect(Object.keys(getZodConstraint(discountCodeSchema))).toEqual(expect.arrayContaining(['code', 'type', 'value', 'minOrder', 'scope', 'categories', 'products', 'variants']))
})
it('parses the admin form as Conform hands it (empty boxes left out)', () => {
  const fd = new FormData()
  for (const [k, v] of Object.entries({ code: 'owner1', type: 'percent', value: '150', minOrder: '', startsAt: '', endsAt: '', maxUses: '', maxUsesPerUser: '', scope: 'shop' })) fd.set(k, v)
  const r = parseWithZod(fd, { schema: discountCodeSchema })
  expect(r.status).toBe('error')
  expect(r.status === 'error' ? r.error : null).toEqual({ value: ['Enter a whole percent from 1 to 100'] })
  fd.set('value', '15')
  const ok = parseWithZod(fd, { schema: discountCodeSchema })
  expect(ok.status).toBe('success')
})

it('says what is missing when the admin form comes empty (no zod default words)', () => {
  const fd = new FormData()
  for (const [k, v] of Object.entries({ code: '', type: 'percent', value: '', minOrder: '', scope: 'shop' })) fd.set(k, v)
  const r = parseWithZod(fd, { schema: discountCodeSchema })
  expect(r.status === 'error' ? r.error : null).toEqual({ code: ['Code is required'], value: ['Value is required'] })
})
