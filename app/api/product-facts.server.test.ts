// The product page's facts (issue 32, ADR 083): country of origin (India by default) and materials,
// through the schema, the admin's service, the /api body and answer, and the product sheet's form.
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { uploadUrl } from '../../tests/helpers/fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import type { DB } from '../../db/database'
import { editBody, parseApiProduct } from '~/api/admin-products.server'
import { toApiProduct } from '~/api/serializers.server'
import { Invalid } from '~/domain/errors'
import { productSchema } from '~/schemas/product'
import { productFormSchema, toProductInput } from '~/schemas/product-form'
import { createProduct, toProductFormValues, updateProduct } from '~/domain/catalog/admin-products.server'
import { getProduct } from '~/domain/catalog/catalog.server'

const BODY = { title: 'Rose pendant', description: 'Petals in resin.', category: 'jewellery', price: 999, salePrice: 0, totalStock: 4, images: [uploadUrl('a', 640)] }

let db: DB
withTestDb((fresh) => {
  db = fresh
})

const issuesOf = (value: Record<string, unknown>) => {
  const result = productSchema.safeParse({ ...BODY, ...value })
  return result.success ? null : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the facts as the schema reads them', () => {
  it('cleans a fact (NFC, trimmed) and keeps any script', () => {
    const parsed = productSchema.parse({ ...BODY, countryOfOrigin: '  Bhārat ', materials: ' राल, सूखे फूल ' })
    expect(parsed.countryOfOrigin).toBe('Bhārat')
    expect(parsed.materials).toBe('राल, सूखे फूल')
  })

  it('refuses control characters, new lines, bidi overrides, an empty country and long texts', () => {
    expect(issuesOf({ countryOfOrigin: 'Ind\u0007ia' })).toEqual({ countryOfOrigin: 'Country of origin cannot contain control characters' })
    expect(issuesOf({ materials: 'Resin\nSilver' })).toEqual({ materials: 'Materials cannot contain control characters' })
    expect(issuesOf({ materials: 'Resin \u202Erevlis' })).toEqual({ materials: 'Materials cannot contain control characters' })
    expect(issuesOf({ countryOfOrigin: '   ' })).toEqual({ countryOfOrigin: 'Country of origin is required' })
    expect(issuesOf({ countryOfOrigin: 'x'.repeat(61) })).toEqual({ countryOfOrigin: 'Country of origin can be at most 60 characters' })
    expect(issuesOf({ materials: 'x'.repeat(301) })).toEqual({ materials: 'Materials can be at most 300 characters' })
    // Counted in characters: 300 Tamil letters of two code units each are within the limit.
    expect(issuesOf({ materials: 'கொ'.repeat(150) })).toBeNull()
    expect(issuesOf({ countryOfOrigin: 42 })).not.toBeNull()
  })
})

describe('the facts kept with the product', () => {
  it('a new product without them is from India with no materials; an edit without them keeps them', async () => {
    const created = await createProduct(db, parseApiProduct(BODY))
    expect([created.countryOfOrigin, created.materials]).toEqual(['India', ''])
    const edited = await updateProduct(db, created.id, parseApiProduct({ ...BODY, countryOfOrigin: 'Nepal', materials: 'Resin, silver leaf' }))
    expect([edited.countryOfOrigin, edited.materials]).toEqual(['Nepal', 'Resin, silver leaf'])
    const kept = await updateProduct(db, created.id, parseApiProduct(editBody(edited, { price: 1099 })))
    expect([kept.pricePaise, kept.countryOfOrigin, kept.materials]).toEqual([109_900, 'Nepal', 'Resin, silver leaf'])
    expect(toApiProduct(await getProduct(db, created.id))).toMatchObject({ countryOfOrigin: 'Nepal', materials: 'Resin, silver leaf' })
  })

  it('an /api edit with a bad fact answers its field and changes nothing', async () => {
    const created = await createProduct(db, parseApiProduct({ ...BODY, materials: 'Resin' }))
    let error: unknown
    try {
      parseApiProduct(editBody(created, { materials: 'Resin\u0000', countryOfOrigin: '' }))
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(Invalid)
    expect((error as Invalid).errors).toMatchObject({ materials: ['Materials cannot contain control characters'], countryOfOrigin: ['Country of origin is required'] })
    expect((await getProduct(db, created.id)).materials).toBe('Resin')
  })
})

describe('the product sheet', () => {
  const submit = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries({ title: 'Pendant', description: 'Waves.', category: 'jewellery', price: '999', salePrice: '0', totalStock: '2', ...fields })) {
      data.append(name, value)
    }
    const submission = parseWithZod(data, { schema: productFormSchema })
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
    return toProductInput(submission.value).input
  }

  it('saves what it shows: an emptied country is India, materials only for jewellery', () => {
    expect(submit({ countryOfOrigin: 'Sri Lanka', materials: 'Resin, brass' })).toMatchObject({ countryOfOrigin: 'Sri Lanka', materials: 'Resin, brass' })
    expect(submit({ countryOfOrigin: '', materials: '' })).toMatchObject({ countryOfOrigin: 'India', materials: '' })
    expect(submit({ category: 'home-decor', materials: 'Resin, brass' })).toMatchObject({ countryOfOrigin: 'India', materials: '' })
  })

  it('refuses a control character next to the box', () => {
    const data = new FormData()
    for (const [name, value] of Object.entries({ title: 'P', description: 'D', category: 'jewellery', price: '9', totalStock: '1', materials: 'a\u0001b' })) data.append(name, value)
    const submission = parseWithZod(data, { schema: productFormSchema })
    expect(submission.status === 'error' ? submission.error?.materials : null).toEqual(['Materials cannot contain control characters'])
  })

  it('opens an edit with the product facts', async () => {
    const created = await createProduct(db, parseApiProduct({ ...BODY, countryOfOrigin: 'India', materials: 'Resin, gold leaf' }))
    expect(toProductFormValues(created)).toMatchObject({ countryOfOrigin: 'India', materials: 'Resin, gold leaf' })
  })
})
