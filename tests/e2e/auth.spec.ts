import { DEMO, expect, fillLogin, flash, loginAs, register, test, uniqueEmail } from './fixtures'

test.describe('accounts', () => {
  test('registers a new shopper and sends them to login', async ({ page }) => {
    const email = uniqueEmail()
    await register(page, { userName: 'Asha Verma', email, password: 'resin-lover-1' })
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect(flash(page, 'Registration successful')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Sign In to Your Account' })).toBeVisible()

    await fillLogin(page, email.toUpperCase(), 'resin-lover-1')
    await expect(page).toHaveURL(/\/shop\/home$/)
    await expect(flash(page, 'Logged in successfully')).toBeVisible()
  })

  test('answers an email that is already registered as a new one, and leaves its account as it was', async ({ page }) => {
    await register(page, { userName: 'Copy Cat', email: DEMO.shopper.email, password: 'whatever-123' })
    await expect(page).toHaveURL(/\/auth\/login$/)
    await expect(flash(page, 'Registration successful')).toBeVisible()
    await expect(page.getByText(/already exists/i)).toHaveCount(0)
    // Nothing changed: the password typed does not open the account, the real one still does.
    await fillLogin(page, DEMO.shopper.email, 'whatever-123')
    await expect(page.getByText('Incorrect email or password! Please try again').first()).toBeVisible()
    await fillLogin(page, DEMO.shopper.email, DEMO.shopper.password)
    await expect(page).toHaveURL(/\/shop\/home$/)
  })

  test('explains a short password without creating the account', async ({ page }) => {
    await register(page, { userName: 'Short', email: uniqueEmail(), password: 'short' })
    await expect(page).toHaveURL(/\/auth\/register$/)
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  })

  test('shows the server message for a wrong password', async ({ page }) => {
    await page.goto('/auth/login')
    await fillLogin(page, DEMO.shopper.email, 'not-the-password')
    await expect(page).toHaveURL(/\/auth\/login/)
    await expect(page.getByText('Incorrect email or password! Please try again').first()).toBeVisible()
  })

  test('logs the shopper in to the shop and shows who is logged in', async ({ page }) => {
    await loginAs(page, 'shopper')
    await page.getByLabel('Open user menu').click()
    await expect(page.getByText(`Logged in as ${DEMO.shopper.name}`)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible()
  })

  test('logs the admin in to the admin products page', async ({ page }) => {
    await loginAs(page, 'admin')
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible()
    // On a phone the sidebar is a sheet behind the menu toggle.
    await page.getByLabel('Toggle menu').click()
    await page.getByRole('link', { name: 'Orders', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/orders$/)
  })

  test('logs out to the shop home with a message', async ({ page }) => {
    await loginAs(page, 'shopper')
    await page.getByLabel('Open user menu').click()
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/shop\/home$/)
    await expect(flash(page, 'Logged out successfully')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    // The old session is gone: account pages ask for login again.
    await page.goto('/shop/account')
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fshop%2Faccount$/)
  })

  test('admin logs out from the admin header', async ({ page }) => {
    await loginAs(page, 'admin')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/shop\/home$/)
    await expect(flash(page, 'Logged out successfully')).toBeVisible()
  })
})
