// A product's own weight and box (issue 30, ADR 085): through the schema, the admin's service, the
// /api body and answer, the product sheet's form, and the booking's packed pieces.
import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { uploadUrl } from '../../tests/helpers/fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import type { DB } from '../../db/database'
import { editBody, parseApiProduct } from '~/api/admin-products.server'
import { toApiAdminProduct, toApiProduct } from '~/api/serializers.server'
import { Invalid } from '~/domain/errors'
import { productFormSchema, toProductInput } from '~/schemas/product-form'
import { createProduct, toProductFormValues, updateProduct } from '~/domain/catalog/admin-products.server'
import { getProduct } from '~/domain/catalog/catalog.server'
import { packedPieces } from '~/domain/shipping/delivery-charge.server'
import { CATEGORY_PACKAGES } from '~/lib/product-package'

const BODY = { title: 'Rose pendant', description: 'Petals in resin.', category: 'jewellery', price: 999, salePrice: 0, totalStock: 4, images: [uploadUrl('a', 640)] }

let db: DB
withTestDb((fresh) => {
  db = fresh
})

/** The /api's field errors of a body, or null when it is good. */
function apiErrors(body: Record<string, unknown>): Record<string, string[]> | null {
  try {
    parseApiProduct({ ...BODY, ...body })
    return null
  } catch (error) {
    if (!(error instanceof Invalid)) throw error
    return error.errors
  }
}

describe('the /api body', () => {
  it('takes a weight and a box, and null as the category', () => {
    expect(parseApiProduct({ ...BODY, weightGrams: 320, dimensionsCm: { length: 20, breadth: 15, height: '6' } })).toMatchObject({
      weightGrams: 320,
      lengthCm: 20,
      breadthCm: 15,
      heightCm: 6,
    })
    expect(parseApiProduct({ ...BODY, weightGrams: null, dimensionsCm: null })).toMatchObject({ weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null })
    // A side left out is the category's.
    expect(parseApiProduct({ ...BODY, dimensionsCm: { length: 30 } })).toMatchObject({ lengthCm: 30, breadthCm: null, heightCm: null })
    // Left out: not spoken of (an edit keeps them).
    const plain = parseApiProduct(BODY)
    expect(['weightGrams', 'lengthCm', 'breadthCm', 'heightCm'].map((key) => Object.hasOwn(plain, key) && plain[key as keyof typeof plain] !== undefined)).toEqual([false, false, false, false])
  })

  it('refuses what is not a whole number within bounds, named in the API words', () => {
    expect(apiErrors({ weightGrams: 0 })).toEqual({ weightGrams: ['Weight must be a whole number of grams from 1 to 30000'] })
    expect(apiErrors({ weightGrams: 30001 })).toEqual({ weightGrams: ['Weight must be a whole number of grams from 1 to 30000'] })
    expect(apiErrors({ weightGrams: 12.5 })).toEqual({ weightGrams: ['Weight must be a whole number of grams from 1 to 30000'] })
    expect(apiErrors({ weightGrams: true })).toEqual({ weightGrams: ['Weight must be a whole number of grams from 1 to 30000'] })
    expect(apiErrors({ dimensionsCm: { length: 201, breadth: -1, height: 'tall' } })).toEqual({
      'dimensionsCm.length': ['Length must be a whole number of cm from 1 to 200'],
      'dimensionsCm.breadth': ['Breadth must be a whole number of cm from 1 to 200'],
      'dimensionsCm.height': ['Height must be a whole number of cm from 1 to 200'],
    })
    expect(Object.keys(apiErrors({ dimensionsCm: 40 }) ?? {})).toEqual(['dimensionsCm.length', 'dimensionsCm.breadth', 'dimensionsCm.height'])
    expect(apiErrors({ weightGrams: 30000, dimensionsCm: { length: 200, breadth: 1, height: 1 } })).toBeNull()
  })
})

describe('the weight and box kept with the product', () => {
  it('a new product without them is its category; an edit without them keeps them; null clears them', async () => {
    const created = await createProduct(db, parseApiProduct(BODY))
    expect(created.ownPackage).toEqual({ weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null })
    expect(toApiAdminProduct(created)).toMatchObject({ weightGrams: null, dimensionsCm: null })

    const edited = await updateProduct(db, created.id, parseApiProduct(editBody(created, { weightGrams: 420, dimensionsCm: { length: 22, breadth: 18, height: 7 } })))
    expect(toApiAdminProduct(edited)).toMatchObject({ weightGrams: 420, dimensionsCm: { length: 22, breadth: 18, height: 7 } })

    const kept = await updateProduct(db, created.id, parseApiProduct(editBody(edited, { price: 1099 })))
    expect([kept.pricePaise, kept.ownPackage]).toEqual([109_900, { weightGrams: 420, lengthCm: 22, breadthCm: 18, heightCm: 7 }])

    const cleared = await updateProduct(db, created.id, parseApiProduct(editBody(kept, { weightGrams: null, dimensionsCm: { length: 22 } })))
    expect(toApiAdminProduct(cleared)).toMatchObject({ weightGrams: null, dimensionsCm: { length: 22, breadth: null, height: null } })
    // The documented shape is unchanged: the extras are the admin's.
    expect(toApiProduct(cleared)).not.toHaveProperty('weightGrams')
    expect(toApiProduct(cleared)).not.toHaveProperty('dimensionsCm')
  })

  it('an /api edit with a bad measure answers its field and changes nothing', async () => {
    const created = await createProduct(db, parseApiProduct({ ...BODY, weightGrams: 200 }))
    expect(() => parseApiProduct(editBody(created, { weightGrams: 40_000 }))).toThrow(Invalid)
    expect((await getProduct(db, created.id)).ownPackage.weightGrams).toBe(200)
  })

  it('books with the own measures where given, the category where not', async () => {
    const created = await createProduct(db, parseApiProduct({ ...BODY, weightGrams: 480, dimensionsCm: { height: 9 } }))
    const [packed] = await packedPieces(db, [{ productId: created.id, quantity: 2 }])
    const usual = CATEGORY_PACKAGES.jewellery
    expect(packed).toEqual({ piece: { deadGrams: 480, lengthCm: usual.lengthCm, breadthCm: usual.breadthCm, heightCm: 9 }, quantity: 2 })
  })
})

describe('the product sheet', () => {
  const parse = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries({ title: 'Pendant', description: 'Waves.', category: 'jewellery', price: '999', salePrice: '0', totalStock: '2', ...fields })) {
      data.append(name, value)
    }
    return parseWithZod(data, { schema: productFormSchema })
  }
  const submit = (fields: Record<string, string>) => {
    const submission = parse(fields)
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
    return toProductInput(submission.value).input
  }

  it('saves what it shows: a filled box is its measure, an emptied one the category', () => {
    expect(submit({ packageFields: 'on', weightGrams: '350', lengthCm: '18', breadthCm: '', heightCm: '6' })).toMatchObject({
      weightGrams: 350,
      lengthCm: 18,
      breadthCm: null,
      heightCm: 6,
    })
    expect(submit({ packageFields: 'on' })).toMatchObject({ weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null })
  })

  it('a post without the boxes (an older page) leaves them as stored', async () => {
    const input = submit({})
    expect([input.weightGrams, input.lengthCm, input.breadthCm, input.heightCm]).toEqual([undefined, undefined, undefined, undefined])
    const created = await createProduct(db, parseApiProduct({ ...BODY, weightGrams: 250, dimensionsCm: { length: 10, breadth: 10, height: 4 } }))
    const edited = await updateProduct(db, created.id, { ...input, images: created.images })
    expect(edited.ownPackage).toEqual({ weightGrams: 250, lengthCm: 10, breadthCm: 10, heightCm: 4 })
  })

  it('refuses a bad measure next to its box', () => {
    const submission = parse({ packageFields: 'on', weightGrams: '0', lengthCm: '12.5', breadthCm: '201', heightCm: 'x' })
    expect(submission.status).toBe('error')
    expect(submission.status === 'error' ? submission.error : null).toMatchObject({
      weightGrams: ['Weight must be a whole number of grams from 1 to 30000'],
      lengthCm: ['Length must be a whole number of cm from 1 to 200'],
      breadthCm: ['Breadth must be a whole number of cm from 1 to 200'],
      heightCm: ['Height must be a whole number of cm from 1 to 200'],
    })
  })

  it('opens an edit with the weight and box ("" for the category)', async () => {
    const created = await createProduct(db, parseApiProduct({ ...BODY, weightGrams: 300, dimensionsCm: { length: 14 } }))
    expect(toProductFormValues(created)).toMatchObject({ weightGrams: '300', lengthCm: '14', breadthCm: '', heightCm: '' })
  })
})
