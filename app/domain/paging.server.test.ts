import { describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { insertProducts } from '../../tests/helpers/fixtures'
import { withTestDb } from '../../tests/helpers/test-db'
import { onePage, pageCountOf, pageOffset, readPage, wholePage } from './paging.server'

describe('page arithmetic', () => {
  it('counts at least one page, and a last page that is not full', () => {
    expect(pageCountOf(0, 20)).toBe(1)
    expect(pageCountOf(20, 20)).toBe(1)
    expect(pageCountOf(21, 20)).toBe(2)
  })

  it('reads a missing, fractional or too small page as a whole page from 1, and stops at the last when told', () => {
    expect(wholePage(undefined)).toBe(1)
    expect(wholePage(0)).toBe(1)
    expect(wholePage(-3)).toBe(1)
    expect(wholePage(2.7)).toBe(2)
    expect(wholePage(9)).toBe(9)
    expect(wholePage(9, 4)).toBe(4)
  })

  it('skips the rows of the pages before', () => {
    expect(pageOffset(1, 24)).toBe(0)
    expect(pageOffset(3, 24)).toBe(48)
  })
})

describe('readPage', () => {
  let db: DB
  withTestDb(
    async (fresh) => {
      db = fresh
      // Five products p1..p5, two on sale; titles order them.
      await insertProducts(db, [
        { id: 'p1', sale: 5_000 },
        { id: 'p2' },
        { id: 'p3', sale: 5_000 },
        { id: 'p4' },
        { id: 'p5' },
      ])
    },
    { perFile: true },
  )
  it('reads the page asked for and how many match in all', async () => {
    const all = db.selectFrom('products')
    expect(await readPage(all, (q) => q.select('id').orderBy('title'), { page: 2, pageSize: 2 })).toEqual({
      items: [{ id: 'p3' }, { id: 'p4' }],
      total: 5,
      page: 2,
      pageSize: 2,
      pageCount: 3,
    })
    expect((await readPage(all, (q) => q.select('id').orderBy('title'), { page: 3, pageSize: 2 })).items).toEqual([{ id: 'p5' }])
  })

  it('counts only the rows the filter finds', async () => {
    const onSale = db.selectFrom('products').where('sale_price_paise', '>', 0)
    expect(await readPage(onSale, (q) => q.select('id').orderBy('title'), { pageSize: 10 })).toEqual({
      items: [{ id: 'p1' }, { id: 'p3' }],
      total: 2,
      page: 1,
      pageSize: 10,
      pageCount: 1,
    })
  })

  it('answers a page past the end with no items but the true total', async () => {
    const all = db.selectFrom('products')
    expect(await readPage(all, (q) => q.select('id').orderBy('title'), { page: 9, pageSize: 2 })).toMatchObject({ items: [], total: 5, page: 9, pageCount: 3 })
  })

  it('cuts an ordered query to one page', async () => {
    const rows = await onePage(db.selectFrom('products').select('id').orderBy('title', 'desc'), 2, 2).execute()
    expect(rows).toEqual([{ id: 'p3' }, { id: 'p2' }])
  })
})
