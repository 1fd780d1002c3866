import { describe, expect, it } from 'vitest'
import { homePathFor, type SessionUser, safeRedirectPath } from './user'

const shopper: SessionUser = { id: 'u1', userName: 'Asha', email: 'asha@example.com', role: 'user' }
const admin: SessionUser = { id: 'u2', userName: 'Admin', email: 'admin@example.com', role: 'admin' }

describe('homePathFor', () => {
  it('sends an admin to the admin products page', () => {
    expect(homePathFor(admin)).toBe('/admin/products')
  })

  it('sends a shopper to the shop home', () => {
    expect(homePathFor(shopper)).toBe('/shop/home')
  })

  it('sends a visitor who is not signed in to the shop home', () => {
    expect(homePathFor(null)).toBe('/shop/home')
  })
})

describe('safeRedirectPath', () => {
  it('accepts a same-site path with a query string', () => {
    expect(safeRedirectPath('/shop/checkout?x=1')).toBe('/shop/checkout?x=1')
    expect(safeRedirectPath('/')).toBe('/')
  })

  it('refuses a protocol-relative url', () => {
    expect(safeRedirectPath('//evil.com')).toBeNull()
    expect(safeRedirectPath('//evil.com/shop/home')).toBeNull()
  })

  it('refuses an absolute url', () => {
    expect(safeRedirectPath('https://evil.com')).toBeNull()
    expect(safeRedirectPath('javascript:alert(1)')).toBeNull()
  })

  it('refuses a backslash path that browsers treat as another host', () => {
    expect(safeRedirectPath('/\\evil')).toBeNull()
    expect(safeRedirectPath('/\\evil.com/path')).toBeNull()
  })

  it('refuses paths that browsers turn into another host by dropping tabs and newlines', () => {
    // The URL parser strips ASCII tab, LF and CR: '/\t/evil.com' is followed as '//evil.com'.
    for (const value of ['/\t/evil.com', '/\n/evil.com', '/\r\n/evil.com', '/\t\\evil.com']) {
      expect(new URL(value, 'https://shop.example/').host).not.toBe('shop.example')
      expect(safeRedirectPath(value), JSON.stringify(value)).toBeNull()
    }
  })

  it('refuses relative paths and empty strings', () => {
    expect(safeRedirectPath('shop/home')).toBeNull()
    expect(safeRedirectPath('')).toBeNull()
  })

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 42, ['/shop/home'], { path: '/shop/home' }, true]) {
      expect(safeRedirectPath(value)).toBeNull()
    }
  })
})
