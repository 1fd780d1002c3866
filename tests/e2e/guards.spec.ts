import { expect, fillLogin, DEMO, loginAs, test } from './fixtures'

test.describe('route guard', () => {
  test('sends a visitor on /admin to login and back after signing in', async ({ page }) => {
    await page.goto('/admin/orders')
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin%2Forders$/)
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password)
    await expect(page).toHaveURL(/\/admin\/orders$/)
  })

  test('sends a visitor on checkout to login and back', async ({ page }) => {
    await page.goto('/shop/checkout')
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Fcheckout$/)
    await fillLogin(page, DEMO.shopper.email, DEMO.shopper.password)
    await expect(page).toHaveURL(/\/shop\/checkout$/)
  })

  test('shows Access Denied to a shopper on /admin', async ({ page }) => {
    await loginAs(page, 'shopper')
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/unauth-page$/)
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
    await expect(page.getByText('You’re not authorized to access this page.', { exact: false })).toBeVisible()
    await page.getByRole('link', { name: 'Go to Homepage' }).click()
    await expect(page).toHaveURL(/\/shop\/home$/)
  })

  test('keeps the admin out of the shop and the auth pages', async ({ page }) => {
    await loginAs(page, 'admin')
    await page.goto('/shop/listing')
    await expect(page).toHaveURL(/\/admin\/products$/)
    await page.goto('/auth/register')
    await expect(page).toHaveURL(/\/admin\/products$/)
    await page.goto('/')
    await expect(page).toHaveURL(/\/admin\/products$/)
  })

  test('sends a signed-in shopper away from login to the shop', async ({ page }) => {
    await loginAs(page, 'shopper')
    await page.goto('/auth/login')
    await expect(page).toHaveURL(/\/shop\/home$/)
  })

  test('sends a visitor from / to the shop home', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/shop\/home$/)
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible()
  })

  test('answers an unknown path with the not-found page and a 404', async ({ page }) => {
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByText('Sorry, we couldn’t find the page you’re looking for.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/')
  })
})

test.describe('shop layout', () => {
  test('home shows the header, categories, products and the footer', async ({ page }) => {
    await page.goto('/shop/home')
    await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Feature Products' })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(8)
    await expect(page.getByText('10 AM to 8 PM, Monday to Saturday')).toBeVisible()
    await expect(page.getByRole('link', { name: /Cart, 0 items/ })).toBeVisible()
  })

  test('remembers the theme chosen in the theme menu', async ({ page }) => {
    await page.goto('/shop/about-us')
    // On a phone the theme switch is in the header's menu.
    await page.getByLabel('Menu', { exact: true }).click()
    await page.getByLabel('Toggle theme').locator('visible=true').click()
    await page.getByRole('button', { name: 'Dark' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    // With JS the page turns dark before the post that remembers it has returned: let it return.
    await page.waitForLoadState('networkidle')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page).toHaveURL(/\/shop\/about-us$/)
  })
})
