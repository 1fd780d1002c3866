// The /api product body (docs/spec, section 3): read into the same input the admin form makes.
import { describe, expect, it } from 'vitest'
import { uploadUrl } from '../../tests/helpers/fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import type { DB } from '../../db/database'
import { createProduct } from '~/domain/catalog/admin-products.server'
import { Invalid } from '~/domain/errors'
import { fromApiProduct, parseApiProduct } from './admin-products.server'
import { toApiProduct } from './serializers.server'

const [IMG_A, IMG_B, IMG_C] = [uploadUrl('a', 1280), uploadUrl('b', 640), uploadUrl('c', 320)]

let db: DB
withTestDb((fresh) => {
  db = fresh
})

describe('the API product shape (docs/spec/entities.md)', () => {
  const SPEC_BODY = {
    title: 'Pressed flower bookmark',
    description: 'Real daisies.',
    category: 'gifting-memories',
    price: 349,
    salePrice: 299,
    totalStock: 25,
    averageReview: 0,
    image: IMG_A,
    images: [IMG_A, IMG_B],
    colors: ['Clear', 'Gold flakes'],
  }

  it('turns sizes, options and packs into varieties, and image + images into one list', () => {
    expect(fromApiProduct({ ...SPEC_BODY, variety: { type: 'size', sizes: [{ size: 'S', price: 300, salePrice: 250 }] } })).toMatchObject({
      varietyType: 'size',
      varieties: [{ name: 'S', price: 300, salePrice: 250 }],
      images: [IMG_A, IMG_B],
    })
    expect(fromApiProduct({ ...SPEC_BODY, variety: { type: 'choice', options: [{ name: 'Daisy', price: 300, salePrice: 0 }] } })).toMatchObject({
      varietyType: 'choice',
      varieties: [{ name: 'Daisy', price: 300, salePrice: 0 }],
    })
    expect(fromApiProduct({ ...SPEC_BODY, variety: { type: 'pack', packs: [{ packName: 'Pack of 3', price: 900, salePrice: 800 }] } })).toMatchObject({
      varietyType: 'pack',
      varieties: [{ name: 'Pack of 3', price: 900 }],
    })
    expect(fromApiProduct({ ...SPEC_BODY, image: IMG_C }).images).toEqual([IMG_C, IMG_A, IMG_B])
    expect(fromApiProduct({ ...SPEC_BODY, variety: null })).toMatchObject({ varietyType: '', varieties: [] })
    expect(fromApiProduct({ ...SPEC_BODY, _id: 'mine', id: 'mine' })).not.toHaveProperty('_id')
  })

  it("reads and answers a colour's and an option's own picture (extras), and an old client's body has none", async () => {
    const body = {
      ...SPEC_BODY,
      images: [IMG_A, IMG_B, IMG_C],
      colorImages: { 'Gold flakes': IMG_B },
      variety: { type: 'size', sizes: [{ size: 'S', price: 300, image: IMG_C }, { size: 'L', price: 500 }] },
    }
    const created = await createProduct(db, parseApiProduct(body))
    const answer = toApiProduct(created)
    expect(answer.colorImages).toEqual({ 'Gold flakes': IMG_B })
    expect(answer.variety?.sizes).toEqual([
      { size: 'S', price: 300, salePrice: 0, image: IMG_C },
      { size: 'L', price: 500, salePrice: 0 },
    ])
    const old = toApiProduct(await createProduct(db, parseApiProduct(SPEC_BODY)))
    expect(old).not.toHaveProperty('colorImages')
    expect(() => parseApiProduct({ ...body, colorImages: { Clear: IMG_A.replace('a', 'z') } })).toThrow(Invalid)
    expect(() => parseApiProduct({ ...body, colorImages: 'gold' })).toThrow(Invalid)
  })

  it('ignores an averageReview an old client sends, whatever its value (the reviews make it; ADR 062)', () => {
    for (const averageReview of [0, 4.9, 7, -1, '', 'five', null]) {
      expect(fromApiProduct({ ...SPEC_BODY, averageReview })).not.toHaveProperty('averageReview')
      expect(parseApiProduct({ ...SPEC_BODY, averageReview })).not.toHaveProperty('averageReview')
    }
  })

  it('treats blank or null amounts as not given and refuses booleans and lists instead of coercing them', () => {
    const noStock = (() => {
      try {
        parseApiProduct({ ...SPEC_BODY, totalStock: '' })
      } catch (e) {
        return e
      }
    })()
    expect((noStock as Invalid).errors).toEqual({ totalStock: ['Total stock must be a number'] })
    expect(parseApiProduct({ ...SPEC_BODY, salePrice: null })).toMatchObject({ salePrice: 0 })
    for (const price of [true, [500], { value: 500 }, null]) {
      expect(() => parseApiProduct({ ...SPEC_BODY, price }), JSON.stringify(price)).toThrow(Invalid)
    }
  })

  it('names errors in the API shape', () => {
    const error = (() => {
      try {
        parseApiProduct({ ...SPEC_BODY, variety: { type: 'size', sizes: [{ size: '', price: -1 }] } })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(Invalid)
    expect((error as Invalid).errors).toMatchObject({
      'variety.sizes.0.size': ['Option name is required'],
      'variety.sizes.0.price': ['Option price cannot be negative'],
    })
  })

  it('creates the same product as the form would', async () => {
    const product = await createProduct(db, parseApiProduct({ ...SPEC_BODY, variety: { type: 'size', sizes: [{ size: 'S', price: 300 }] } }))
    expect(product).toMatchObject({
      pricePaise: 34_900,
      salePricePaise: 29_900,
      images: [IMG_A, IMG_B],
      colors: ['Clear', 'Gold flakes'],
      variety: { type: 'size', options: [{ name: 'S', pricePaise: 30_000, salePricePaise: 0 }] },
    })
  })
})
