import { describe, expect, it } from 'vitest'
import { authPath, homePathFor, loginDestination, type SessionUser, safeRedirectPath } from './user'

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

  it('refuses any backslash, wherever it is', () => {
    expect(safeRedirectPath('/shop\\..\\evil')).toBeNull()
    expect(safeRedirectPath('/shop/checkout\\')).toBeNull()
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

describe('loginDestination', () => {
  it('sends a shopper back to checkout after login', () => {
    expect(loginDestination(shopper, '/shop/checkout')).toBe('/shop/checkout')
    expect(loginDestination(shopper, '/shop/listing?category=jewellery')).toBe('/shop/listing?category=jewellery')
  })

  it('sends a shopper home instead of to the admin panel, however the path is spelled', () => {
    for (const path of ['/admin', '/admin/orders', '/Admin/products', '/shop/../admin/orders', '/%61dmin/orders', '/./admin']) {
      expect(loginDestination(shopper, path), path).toBe('/shop/home')
    }
  })

  it('lets the admin go back to an admin page but not into the shop', () => {
    expect(loginDestination(admin, '/admin/orders?status=pending')).toBe('/admin/orders?status=pending')
    expect(loginDestination(admin, '/shop/checkout')).toBe('/admin/products')
  })

  it('never goes back to login or register', () => {
    expect(loginDestination(shopper, '/auth/login?redirectTo=%2Fshop%2Fcheckout')).toBe('/shop/home')
    expect(loginDestination(shopper, '/auth/register')).toBe('/shop/home')
  })

  it('goes home for anything unsafe or missing', () => {
    for (const value of ['//evil.com', '/\\evil.com', 'https://evil.com', '/\t/evil.com', '', null, undefined, 42]) {
      expect(loginDestination(shopper, value), JSON.stringify(value)).toBe('/shop/home')
    }
  })

  it('does not look at a path segment that merely starts with admin', () => {
    expect(loginDestination(shopper, '/administrator-notes')).toBe('/administrator-notes')
  })
})

describe('authPath', () => {
  it('keeps the destination in the query string', () => {
    expect(authPath('register', '/shop/checkout')).toBe('/auth/register?redirectTo=%2Fshop%2Fcheckout')
    expect(authPath('login', null)).toBe('/auth/login')
  })
})
