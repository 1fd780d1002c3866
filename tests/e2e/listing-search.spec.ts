import type { Page } from '@playwright/test'
import { expect, flash, jsEnabled, loginAs, MIN_TAP_PX, PHONE_390, productCard, settled, test } from './fixtures'

// The listing's heading and its chips, the header's search icon, and search synonyms (issue 27),
// JS on and off at 390 px.

test.use({ viewport: PHONE_390 })

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search Products' })

test.describe('listing', () => {
  test('a category page is headed by its category; each chosen filter is a chip that removes it', async ({ page }) => {
    await page.goto('/shop/listing?category=jewellery&availability=on-sale&sortBy=title-atoz')
    await expect(page.getByRole('heading', { level: 1, name: 'Jewellery', exact: true })).toBeVisible()
    const chips = page.getByRole('list', { name: 'Chosen filters' })
    await expect(chips.getByRole('link')).toHaveText(['Jewellery', 'On sale'])
    const jewellery = chips.getByRole('link', { name: 'Remove filter: Jewellery' })
    const box = await jewellery.boundingBox()
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(MIN_TAP_PX)

    await jewellery.click()
    await expect(page).toHaveURL(/\/shop\/listing\?availability=on-sale&sortBy=title-atoz$/)
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible()
    await expect(chips.getByRole('link')).toHaveText(['On sale'])

    await chips.getByRole('link', { name: 'Remove filter: On sale' }).click()
    await expect(page).toHaveURL(/\/shop\/listing\?sortBy=title-atoz$/)
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible()
    await expect(chips).toHaveCount(0)
  })
})

test.describe('search', () => {
  test("the header's search icon opens the search page with the caret in the box", async ({ page }) => {
    await page.goto('/shop/listing')
    await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/search$/)
    await expect(searchBox(page)).toBeFocused()

    // A page of results keeps the keyboard down; the icon from there opens an empty box with the caret.
    await page.goto('/shop/search?keyword=resin')
    await expect(productCard(page, 'Resin Pooja Thali')).toBeVisible()
    await expect(searchBox(page)).not.toBeFocused()
    await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/search$/)
    await expect(searchBox(page)).toHaveValue('')
    await expect(searchBox(page)).toBeFocused()
    await expect(productCard(page, 'Resin Pooja Thali')).toHaveCount(0)
  })

  test('"jhumka" finds the earrings', async ({ page }) => {
    await page.goto('/shop/search')
    await settled(page)
    await searchBox(page).fill('jhumka')
    if (!jsEnabled()) await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/search\?keyword=jhumka$/)
    await expect(productCard(page, 'Stardust Galaxy Earrings')).toBeVisible()
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(/Earrings$/)
    await expect(page.getByText('No Result Found !')).toHaveCount(0)
  })
})

test.describe('search words in the admin', () => {
  test("the owner's own word finds a piece at once; a bad line is refused next to the box", async ({ page, openPage, shop }) => {
    const product = await shop.product()
    // The test product's title ends in a word of digits no other piece has.
    const target = product.title.split(' ').at(-1) ?? ''
    const term = `bindiya${jsEnabled() ? 'js' : 'nojs'}${String(Date.now()).slice(-7)}`
    const line = `${term} = ${target}`

    // A visitor's search before the word exists: nothing, and the page cache keeps that answer.
    const visitor = await openPage()
    await visitor.goto(`/shop/search?keyword=${term}`)
    await expect(visitor.getByText('No Result Found !')).toBeVisible()

    await loginAs(page, 'admin')
    const box = page.getByRole('textbox', { name: 'Your search words' })

    await page.goto('/admin/search-words')
    await box.fill('jh = earrings')
    await page.getByRole('button', { name: 'Save search words' }).click()
    await expect(page.getByText('Line 1: "jh" must be 3 to 24 characters')).toBeVisible()

    // The box holds the whole list and another project's run may save at the same moment: change what
    // the page shows until a fresh page shows the line kept (or gone).
    const keep = async (kept: boolean) => {
      await expect(async () => {
        await page.goto('/admin/search-words')
        const lines = (await box.inputValue()).split('\n').filter((l) => l.trim() !== '')
        if (lines.includes(line) === kept) return
        await box.fill((kept ? [...lines, line] : lines.filter((l) => l !== line)).join('\n'))
        await page.getByRole('button', { name: 'Save search words' }).click()
        await expect(flash(page, 'Search words saved')).toBeVisible()
        await page.goto('/admin/search-words')
        expect((await box.inputValue()).split('\n').includes(line)).toBe(kept)
      }).toPass({ timeout: 20_000 })
    }
    await keep(true)

    await visitor.goto(`/shop/search?keyword=${term}`)
    await expect(productCard(visitor, product.title)).toBeVisible()

    await keep(false)
    await visitor.goto(`/shop/search?keyword=${term}`)
    await expect(visitor.getByText('No Result Found !')).toBeVisible()
  })
})
