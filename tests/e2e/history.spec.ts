import { cartLink, expect, jsEnabled, openMenu, PHONE_390, productCard, test } from './fixtures'

// The phone's Back button: it closes the product dialog and the cart sheet (JS) and never loses
// the shopper's place in the listing. Without JS the product and the cart are pages, and Back
// returns to the listing page the shopper was on.

test.use({ viewport: PHONE_390 })

/**
 * Home -> menu 'Products' -> 'Next' (page 2 of the listing), as a shopper gets there; the title of
 * the piece in the middle of the page, which stays on page 2 while the browser tests running beside
 * this one add or remove a few products (the first piece did not: a product added moved it on).
 */
async function listingPageTwo(page: import('@playwright/test').Page) {
  await page.goto('/shop/home')
  const menu = await openMenu(page)
  await menu.getByRole('link', { name: 'Products', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\/listing$/)
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/shop\/listing\?page=2$/)
  await expect(page.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
  const pieces = page.getByRole('article')
  const middle = Math.floor((await pieces.count()) / 2)
  return ((await pieces.nth(middle).getByRole('heading').textContent()) ?? '').trim()
}

async function expectStillOnPageTwo(page: import('@playwright/test').Page, pieceOnIt: string) {
  await expect(page).toHaveURL(/\/shop\/listing\?page=2$/)
  await expect(page.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('article').getByRole('heading', { name: pieceOnIt, exact: true })).toBeVisible()
}

test('Back closes the product (dialog with JS) and keeps listing page 2', async ({ page }) => {
  const pieceOnIt = await listingPageTwo(page)
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
  await expectStillOnPageTwo(page, pieceOnIt)
  // One more Back goes to page 1: the closed dialog left no entry behind.
  await page.goBack()
  await expect(page).toHaveURL(/\/shop\/listing$/)
})

test('closing the dialog with its button takes its history entry with it', async ({ page }) => {
  const pieceOnIt = await listingPageTwo(page)
  const title = ((await page.getByRole('article').nth(1).getByRole('heading').textContent()) ?? '').trim()
  await productCard(page, title).getByRole('link', { name: title, exact: true }).click()
  if (!jsEnabled()) {
    // Without JS the product is its own page, and Back is the way out of it: to the same listing page.
    await expect(page).toHaveURL(/\/shop\/product\//)
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await page.goBack()
    await expectStillOnPageTwo(page, pieceOnIt)
    return
  }
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expectStillOnPageTwo(page, pieceOnIt)
  await page.goBack()
  await expect(page).toHaveURL(/\/shop\/listing$/)
})

test('Back closes the cart (sheet with JS) and keeps listing page 2', async ({ page }) => {
  const pieceOnIt = await listingPageTwo(page)
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
  await expectStillOnPageTwo(page, pieceOnIt)
})
