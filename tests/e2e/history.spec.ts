import { cartLink, expect, jsEnabled, openMenu, PHONE_390, productCard, test } from './fixtures'

// The phone's Back button: it closes the product dialog and the cart sheet (JS) and never loses
// the shopper's place in the listing. Without JS the product and the cart are pages, and Back
// returns to the listing page the shopper was on.

test.use({ viewport: PHONE_390 })

/** Home -> menu 'Products' -> 'Next' (page 2 of the listing), as a shopper gets there. */
async function listingPageTwo(page: import('@playwright/test').Page) {
  await page.goto('/shop/home')
  const menu = await openMenu(page)
  await menu.getByRole('link', { name: 'Products', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/listing$/)
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/shop\/listing\?page=2$/)
  await expect(page.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
  return ((await page.getByRole('article').first().getByRole('heading').textContent()) ?? '').trim()
}

async function expectStillOnPageTwo(page: import('@playwright/test').Page, firstTitle: string) {
  await expect(page).toHaveURL(/\/shop\/listing\?page=2$/)
  await expect(page.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(firstTitle)
}

test('Back closes the product (dialog with JS) and keeps listing page 2', async ({ page }) => {
  const firstTitle = await listingPageTwo(page)
  const title = ((await page.getByRole('article').nth(3).getByRole('heading').textContent()) ?? '').trim()
  await productCard(page, title).getByRole('link', { name: title, exact: true }).click()
  if (jsEnabled()) {
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
    // The dialog has the product's own address: shareable, and a history entry of its own.
    await expect(page).toHaveURL(/\/shop\/product\/[^/?]+$/)
    await page.goBack()
    await expect(dialog).toBeHidden()
  } else {
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await page.goBack()
  }
  await expectStillOnPageTwo(page, firstTitle)
  // One more Back goes to page 1: the closed dialog left no entry behind.
  await page.goBack()
  await expect(page).toHaveURL(/\/shop\/listing$/)
})

test('closing the dialog with its button takes its history entry with it', async ({ page }) => {
  const firstTitle = await listingPageTwo(page)
  const title = ((await page.getByRole('article').nth(1).getByRole('heading').textContent()) ?? '').trim()
  await productCard(page, title).getByRole('link', { name: title, exact: true }).click()
  if (!jsEnabled()) {
    // Without JS the product is its own page, and Back is the way out of it: to the same listing page.
    await expect(page).toHaveURL(/\/shop\/product\//)
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await page.goBack()
    await expectStillOnPageTwo(page, firstTitle)
    return
  }
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expectStillOnPageTwo(page, firstTitle)
  await page.goBack()
  await expect(page).toHaveURL(/\/shop\/listing$/)
})

test('Back closes the cart (sheet with JS) and keeps listing page 2', async ({ page }) => {
  const firstTitle = await listingPageTwo(page)
  await cartLink(page).click()
  if (jsEnabled()) {
    const sheet = page.getByRole('dialog', { name: 'Your Cart' })
    await expect(sheet.getByRole('heading', { name: 'Your Cart' })).toBeVisible()
    await page.goBack()
    await expect(sheet).toBeHidden()
  } else {
    await expect(page).toHaveURL(/\/shop\/cart$/)
    await page.goBack()
  }
  await expectStillOnPageTwo(page, firstTitle)
})
