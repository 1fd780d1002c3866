import { describe, expect, it } from 'vitest'
import { pageParam, pageSchema, statusListParams } from './pagination'

describe('pageSchema', () => {
  it('takes whole numbers from 1 and defaults to 1', () => {
    expect(pageSchema.parse(undefined)).toBe(1)
    expect(pageSchema.parse('3')).toBe(3)
    for (const bad of ['0', '-1', '1.5', 'abc', '1e9']) expect(pageSchema.safeParse(bad).success, bad).toBe(false)
  })
})

describe('pageParam', () => {
  it('reads ?page= and falls back to 1 for anything that is not a page', () => {
    expect(pageParam(new URL('http://x/admin/orders?page=2'))).toBe(2)
    expect(pageParam(new URL('http://x/admin/orders'))).toBe(1)
    for (const bad of ['0', '-4', 'two', '2.5', '', '99999999']) expect(pageParam(new URL(`http://x/?page=${bad}`)), bad).toBe(1)
  })
})

describe('statusListParams', () => {
  it("reads an admin list's ?status= as typed (none: null) and its ?page= as pageParam does", () => {
    expect(statusListParams(new URL('http://x/admin/complaints?status=open&page=3'))).toEqual({ status: 'open', page: 3 })
    expect(statusListParams(new URL('http://x/admin/custom-orders'))).toEqual({ status: null, page: 1 })
    expect(statusListParams(new URL('http://x/admin/custom-orders?status=&page=two'))).toEqual({ status: '', page: 1 })
  })
})
