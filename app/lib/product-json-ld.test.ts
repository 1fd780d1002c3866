// The product's schema.org data: a rating only where verified buyers gave one (ADR 041, 062).
import { describe, expect, it } from 'vitest'
import { productJsonLd } from './product-json-ld'

const PRODUCT = {
  id: 'p1',
  title: 'Ocean coaster',
  description: 'A coaster',
  category: 'home-decor',
  totalStock: 3,
  images: ['/uploads/a.webp'],
  pricePaise: 49_900,
  salePricePaise: 0,
}
const REVIEW = { userName: 'Asha', reviewValue: 4, reviewMessage: 'Lovely', createdAt: '2026-11-02T10:00:00.000Z' }

describe('productJsonLd', () => {
  it('has no AggregateRating and no Review when the product has no review, even with an average in its row', () => {
    const data = productJsonLd(PRODUCT, { average: 4.4, count: 0, items: [] }, 'https://shop.example')
    expect(data).not.toHaveProperty('aggregateRating')
    expect(data).not.toHaveProperty('review')
    expect(data.offers).toMatchObject({ price: '499.00', priceCurrency: 'INR' })
  })

  it('rates the product with its reviews when it has some', () => {
    const data = productJsonLd(PRODUCT, { average: 4, count: 1, items: [REVIEW] }, 'https://shop.example')
    expect(data).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 },
      review: [{ '@type': 'Review', author: { name: 'Asha' }, datePublished: '2026-11-02', reviewBody: 'Lovely' }],
    })
  })

  it('names the country of origin and, when given, the materials the page shows (ADR 083)', () => {
    const plain = productJsonLd({ ...PRODUCT, countryOfOrigin: 'India', materials: '' }, { average: 0, count: 0, items: [] }, 'https://shop.example')
    expect(plain).toMatchObject({ countryOfOrigin: { '@type': 'Country', name: 'India' } })
    expect(plain).not.toHaveProperty('material')
    const pendant = productJsonLd({ ...PRODUCT, countryOfOrigin: 'India', materials: 'Epoxy resin, silver leaf' }, { average: 0, count: 0, items: [] }, 'https://shop.example')
    expect(pendant).toMatchObject({ material: 'Epoxy resin, silver leaf' })
  })
})
