// No page scrolls sideways on a 390 px phone (the narrowest common width): admin and shop pages.
import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures'

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
})

/** How far the page scrolls sideways, in CSS pixels (0 when it fits the screen). */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollWidth - root.clientWidth
  })
}

async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(200)
    expect(await sidewaysScroll(page), `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0)
  }
}

test('admin pages fit a 390 px phone', async ({ page }) => {
  await loginAs(page, 'admin')
  await expectNoSidewaysScroll(page, [
    '/admin/dashboard',
    '/admin/products',
    '/admin/products?q=earrings',
    '/admin/products/new',
    '/admin/orders',
    '/admin/features',
  ])
})

test('shop pages fit a 390 px phone', async ({ page }) => {
  await expectNoSidewaysScroll(page, [
    '/shop/home',
    '/shop/listing',
    '/shop/listing?category=jewellery&sort=title-atoz',
    '/shop/search',
    '/shop/search?keyword=earrings',
    '/shop/search?keyword=qqqq',
    '/shop/about-us',
    '/auth/login',
    '/auth/register',
  ])
})
