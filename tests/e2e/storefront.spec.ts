import { LIVE_SEARCH_DELAY_MS } from '../../app/lib/search'
import {
  cardPrices,
  cartLink,
  choose,
  expect,
  flash,
  jsEnabled,
  openCart,
  openFilters,
  productCard,
  productPath,
  test,
} from './fixtures'

// The demo catalogue (db/seed/demo-catalogue.ts): 46 products, 12 of them jewellery; 24 a page.
// Other tests add products of their own for a while (tests/e2e/shop-data.ts): never in Jewellery or
// Home Decor, and dearer than page 1, so those counts and the first cards of pages 1 and 2 hold; the
// whole catalogue's count is at least the seed's.
const SEEDED_PRODUCTS = 46
const JEWELLERY_COUNT = 12
const PAGE_SIZE = 24

/** The listing's 'N Products' count as shown. */
async function shownTotal(page: import('@playwright/test').Page): Promise<number> {
  const text = await page.getByText(/^\d+ Products$/).first().textContent()
  return Number.parseInt(text ?? '', 10)
}

test.describe('home', () => {
  test('shows the banner carousel, categories, feature products and the footer', async ({ page }) => {
    await page.goto('/shop/home')
    const banner = page.getByRole('region', { name: 'Featured collections' })
    await expect(banner.getByRole('group')).toHaveCount(4)
    const slide = (n: number) => banner.getByRole('group', { name: `${n} of 4` })
    await expect(slide(1)).toBeInViewport()
    await expect(slide(2)).not.toBeInViewport()

    // Previous/next links and dots move between the slides, with and without JS.
    await slide(1).getByRole('link', { name: 'Next slide' }).click()
    await expect(slide(2)).toBeInViewport()
    await expect(slide(1)).not.toBeInViewport()
    await banner.getByRole('link', { name: 'Slide 4' }).click()
    await expect(slide(4)).toBeInViewport()
    await slide(4).getByRole('link', { name: 'Previous slide' }).click()
    await expect(slide(3)).toBeInViewport()
    await slide(3).getByRole('link', { name: 'Next slide' }).click()
    await slide(4).getByRole('link', { name: 'Next slide' }).click()
    await expect(slide(1)).toBeInViewport()

    const categories = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shop by Category' }) })
    await expect(categories.getByRole('link')).toHaveText(['Jewellery', 'Home Decor', 'Gifting & Memories', 'Special Occasion'])
    for (const [label, id] of [
      ['Jewellery', 'jewellery'],
      ['Home Decor', 'home-decor'],
      ['Gifting & Memories', 'gifting-memories'],
      ['Special Occasion', 'special-occasion'],
    ]) {
      await expect(categories.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `/shop/listing?category=${id}`)
    }

    await expect(page.getByRole('heading', { name: 'Feature Products' })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(8)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('heading', { name: 'Opening hours' })).toBeVisible()
    await expect(footer.getByText('10 AM to 8 PM, Monday to Saturday')).toBeVisible()
    await expect(footer.getByRole('heading', { name: 'Custom orders' })).toBeVisible()
  })

  test('the banner moves on by itself with JS; without JS each slide has its own address', async ({ page }) => {
    await page.goto('/shop/home')
    const banner = page.getByRole('region', { name: 'Featured collections' })
    await expect(banner.getByRole('group', { name: '1 of 4' })).toBeInViewport()
    if (jsEnabled()) {
      // docs/spec: the banner rotates every 4 seconds.
      await expect(banner.getByRole('group', { name: '2 of 4' })).toBeInViewport({ timeout: 7_000 })
      await expect(banner.getByRole('group', { name: '1 of 4' })).not.toBeInViewport()
    } else {
      // Nothing moves without JS, but the dots are plain links to the slides.
      await expect(banner.getByRole('link', { name: 'Slide 3' })).toHaveAttribute('href', '#banner-3')
      await page.goto('/shop/home#banner-3')
      await expect(banner.getByRole('group', { name: '3 of 4' })).toBeInViewport()
      // No script runs, and no CSS animation could move the slides by itself either. A dot may still be
      // finishing its colour transition (CI's first paint can come before the stylesheet), which moves nothing.
      const moving = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target
            return !(animation instanceof CSSTransition && target?.closest('[data-dots]'))
          })
          .map((animation) => animation.id || animation.constructor.name),
      )
      expect(moving).toEqual([])
    }
  })

  test('every banner shows its picture; the head preloads the first, and no scripts ahead of it (ADR 044, 045)', async ({ page }) => {
    const response = await page.goto('/shop/home')
    const html = (await response?.text()) ?? ''
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toContain('rel="modulepreload"')
    expect(head).toMatch(/<link rel="preload" as="image"[^>]*-640\.webp 640w[^>]*fetchPriority="high"/)
    // The header's mark waits its turn: no preload of it ahead of the main picture.
    expect(head).not.toMatch(/<link rel="preload" as="image" href="\/assets\/mark-/)
    // Later slides wait for hydration with JS (a <noscript> picture without): each still shows its own.
    const banner = page.getByRole('region', { name: 'Featured collections' })
    for (const n of [1, 2, 3, 4]) {
      await banner.getByRole('link', { name: `Slide ${n}` }).click()
      const picture = banner.getByRole('group', { name: `${n} of 4` }).locator('img')
      await expect(picture).toHaveCount(1)
      await expect(picture).toBeInViewport()
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    }
  })

  test('a category goes to the listing filtered by it', async ({ page }) => {
    await page.goto('/shop/home')
    const categories = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shop by Category' }) })
    await categories.getByRole('link', { name: 'Jewellery', exact: true }).click()
    await expect(page).toHaveURL(/\/shop\/listing\?category=jewellery$/)
    await expect(page.getByRole('heading', { name: 'Jewellery', level: 1 })).toBeVisible()
    await expect(page.getByText(`${JEWELLERY_COUNT} Products`, { exact: true })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(JEWELLERY_COUNT)
    const filters = await openFilters(page)
    await expect(filters.getByRole('checkbox', { name: 'Jewellery' })).toBeChecked()
    await expect(filters.getByText(/1 selected/)).toBeVisible()
    for (const label of await page.getByRole('article').locator('p.text-xs').allTextContents()) {
      expect(label).toBe('Jewellery')
    }
  })
})

test.describe('listing', () => {
  test('filters by a category through the Filters panel', async ({ page }) => {
    await page.goto('/shop/listing')
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible()
    await expect(page.getByText(/^\d+ Products$/)).toBeVisible()
    expect(await shownTotal(page)).toBeGreaterThanOrEqual(SEEDED_PRODUCTS)

    // On a phone the panel is folded behind its 'Filters' toggle.
    const jewellery = page.getByRole('checkbox', { name: 'Jewellery' })
    await expect(jewellery).toBeHidden()
    await expect(page.getByRole('complementary', { name: 'Filters' }).getByText('Show', { exact: true })).toBeVisible()
    await openFilters(page)
    await expect(page.getByRole('group', { name: 'Price' })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Availability' })).toBeVisible()

    await jewellery.check()
    if (jsEnabled()) {
      // With JS the change applies at once and there is no Apply button.
      await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden()
    } else {
      await page.getByRole('button', { name: 'Apply' }).click()
    }
    await expect(page).toHaveURL(/[?&]category=jewellery(&|$)/)
    await expect(page.getByText(`${JEWELLERY_COUNT} Products`, { exact: true })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(JEWELLERY_COUNT)
    const panel = page.getByRole('complementary', { name: 'Filters' })
    await expect(panel.getByText(/1 selected/)).toBeVisible()
    // Without JS the new page comes with the panel folded again; with JS it stays open.
    if (!jsEnabled()) await openFilters(page)
    await expect(panel.getByRole('checkbox', { name: 'Jewellery' })).toBeChecked()
    await expect(productCard(page, 'Ocean Wave Resin Pendant')).toBeVisible()
    await expect(productCard(page, 'Resin Pooja Thali')).toHaveCount(0)
  })

  test('filters, sort and page combine in the URL', async ({ page }) => {
    await page.goto('/shop/listing?sortBy=price-hightolow')
    const panel = await openFilters(page)
    await panel.getByRole('checkbox', { name: 'Home Decor' }).check()
    if (jsEnabled()) await expect(page).toHaveURL(/category=home-decor/)
    await panel.getByRole('checkbox', { name: 'In stock' }).check()
    if (!jsEnabled()) await panel.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/\/shop\/listing\?(?=.*category=home-decor)(?=.*availability=in-stock)(?=.*sortBy=price-hightolow)/)
    // With JS the full-screen drawer stays open while choosing; its button shows the products.
    if (jsEnabled()) await panel.getByText('Show 11 Products', { exact: true }).click()
    // 12 home decor pieces, one of them sold out.
    await expect(page.getByText('11 Products', { exact: true })).toBeVisible()
    await expect(page.getByText('Sort by: Price: High to Low')).toBeVisible()
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText('Emerald Geode Wall Art')
    await expect(productCard(page, 'Galaxy Trinket Tray')).toHaveCount(0)
    const prices = await cardPrices(page)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))

    // Sorting keeps the filters.
    await page.getByText('Sort by: Price: High to Low').click()
    await page.getByRole('link', { name: 'Title: Z to A' }).click()
    await expect(page).toHaveURL(/\/shop\/listing\?(?=.*category=home-decor)(?=.*availability=in-stock)(?=.*sortBy=title-ztoa)/)
    await expect(page.getByText('11 Products', { exact: true })).toBeVisible()
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText('Rose Gold Marble Wall Clock')
  })

  test('sorts through the Sort by menu', async ({ page }) => {
    await page.goto('/shop/listing')
    const ascending = await cardPrices(page)
    expect(ascending).toHaveLength(PAGE_SIZE)
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))

    await page.getByText('Sort by: Price: Low to High').click()
    await page.getByRole('link', { name: 'Price: High to Low' }).click()
    await expect(page).toHaveURL(/\/shop\/listing\?sortBy=price-hightolow$/)
    await expect(page.getByText('Sort by: Price: High to Low')).toBeVisible()
    await expect(productCard(page, 'Wedding Varmala Preservation Frame')).toBeVisible()
    const descending = await cardPrices(page)
    expect(descending[0]).toBe(5499)
    expect(descending).toEqual([...descending].sort((a, b) => b - a))
    expect(descending[0]).toBeGreaterThan(ascending[0] as number)

    await page.getByText('Sort by: Price: High to Low').click()
    await page.getByRole('link', { name: 'Title: A to Z' }).click()
    await expect(page).toHaveURL(/\/shop\/listing\?sortBy=title-atoz$/)
    // With JS the url can change a moment before the new list renders: wait for it.
    await expect(page.getByRole('article').getByRole('heading').first()).toHaveText('Agate Slice Coasters')
    const titles = await page.getByRole('article').getByRole('heading').allTextContents()
    const byTitle = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)
    expect(titles).toEqual([...titles].sort(byTitle))
  })

  test('pages to page 2 and back', async ({ page }) => {
    await page.goto('/shop/listing')
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(page.getByRole('article')).toHaveCount(PAGE_SIZE)
    await expect(pages.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0)
    const firstOnPage1 = await page.getByRole('article').first().getByRole('heading').textContent()

    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/shop\/listing\?page=2$/)
    await expect(pages.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
    // Page 2 holds what page 1 left of the total it shows, up to a page (the seed alone: 22, no page 3).
    const total = await shownTotal(page)
    expect(total).toBeGreaterThanOrEqual(SEEDED_PRODUCTS)
    await expect(page.getByRole('article')).toHaveCount(Math.min(PAGE_SIZE, total - PAGE_SIZE))
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(total > 2 * PAGE_SIZE ? 1 : 0)
    await expect(productCard(page, firstOnPage1 ?? '')).toHaveCount(0)

    await pages.getByRole('link', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/\/shop\/listing$/)
    await expect(page.getByRole('article')).toHaveCount(PAGE_SIZE)
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(firstOnPage1 ?? '')
  })

  test('cards show badges, prices and the right add button', async ({ page }) => {
    await page.goto('/shop/listing?category=jewellery')
    const soldOut = productCard(page, 'Emerald Agate Drop Earrings')
    await expect(soldOut.getByText('Out Of Stock', { exact: true }).first()).toBeVisible()
    await expect(soldOut.getByRole('button', { name: 'Out Of Stock' })).toBeDisabled()

    const lowStock = productCard(page, 'Preserved Rose Petal Pendant')
    await expect(lowStock.getByText('Only 3 items left')).toBeVisible()

    const onSale = productCard(page, 'Gold Flake Marble Drop Earrings')
    await expect(onSale.getByText('Sale', { exact: true })).toBeVisible()
    await expect(onSale.getByText('₹899.00')).toHaveCSS('text-decoration-line', 'line-through')
    await expect(onSale.getByText('₹699.00')).toBeVisible()
    await expect(onSale.getByText('Jewellery', { exact: true })).toBeVisible()

    // A product with choices opens its detail to choose; a plain one adds straight away.
    await expect(productCard(page, 'Ocean Wave Resin Pendant').getByRole('link', { name: 'Choose options' })).toBeVisible()
    await expect(productCard(page, 'Stardust Galaxy Earrings').getByRole('button', { name: 'Add to cart' })).toBeEnabled()
  })
})

test.describe('search', () => {
  async function searchFor(page: import('@playwright/test').Page, keyword: string) {
    const box = page.getByPlaceholder('Search Products...')
    await box.fill(keyword)
    if (jsEnabled()) {
      // With JS the search runs by itself a second after typing stops.
      await expect(page.getByRole('button', { name: 'Search' })).toBeHidden()
    } else {
      await box.press('Enter')
    }
  }

  test('finds products and mirrors the keyword in the URL', async ({ page }) => {
    await page.goto('/shop/search')
    await expect(page.getByRole('article')).toHaveCount(0)
    await searchFor(page, 'keychain')
    await expect(page).toHaveURL(/\/shop\/search\?keyword=keychain$/)
    await expect(productCard(page, 'Gold Leaf Initial Keychain')).toBeVisible()
    await expect(productCard(page, 'Preserved Rose Resin Keychain')).toBeVisible()
    await expect(page.getByText('No Result Found !')).toHaveCount(0)
    await page.reload()
    await expect(page.getByPlaceholder('Search Products...')).toHaveValue('keychain')
    await expect(productCard(page, 'Gold Leaf Initial Keychain')).toBeVisible()
  })

  test('searches past 3 characters as you type with JS; with the Search button without JS', async ({ page }) => {
    // With JS the page's timers run on a clock the test moves, so the pause is not the machine's speed.
    if (jsEnabled()) await page.clock.install()
    const searches: string[] = []
    page.on('request', (request) => {
      const keyword = new URL(request.url()).searchParams.get('keyword')
      if (keyword !== null) searches.push(keyword)
    })
    await page.goto('/shop/search')
    const box = page.getByPlaceholder('Search Products...')
    if (jsEnabled()) {
      await expect(page.getByRole('button', { name: 'Search' })).toBeHidden()
      // Past the live search's pause on the page's own clock: three letters search nothing.
      await box.fill('Pen')
      await page.clock.runFor(LIVE_SEARCH_DELAY_MS * 2)
      await expect(page).toHaveURL(/\/shop\/search$/)
      await expect(page.getByRole('article')).toHaveCount(0)
      expect(searches).toEqual([])
      await box.pressSequentially('dant')
      await page.clock.runFor(LIVE_SEARCH_DELAY_MS * 2)
    } else {
      await box.fill('Pendant')
      await page.getByRole('button', { name: 'Search' }).click()
    }
    await expect(page).toHaveURL(/\/shop\/search\?keyword=Pendant(#product-[\w-]+)?$/)
    await expect(productCard(page, 'Ocean Wave Resin Pendant')).toBeVisible()
    await expect(box).toHaveValue('Pendant')
  })

  test('a search result adds one to the cart and stays on the results', async ({ page }) => {
    await page.goto('/shop/search?keyword=earrings')
    await productCard(page, 'Stardust Galaxy Earrings').getByRole('button', { name: 'Add to cart' }).click()
    await expect(flash(page, 'Product is added to cart')).toBeVisible()
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await expect(page).toHaveURL(/\/shop\/search\?keyword=earrings(#product-[\w-]+)?$/)
    await expect(page.getByPlaceholder('Search Products...')).toHaveValue('earrings')
    await expect(productCard(page, 'Stardust Galaxy Earrings')).toBeVisible()
  })

  test('says No Result Found ! when nothing matches', async ({ page }) => {
    await page.goto('/shop/search')
    await searchFor(page, 'unicorn%_saddle')
    await expect(page).toHaveURL(/\/shop\/search\?keyword=unicorn%25_saddle$/)
    await expect(page.getByText('No Result Found !', { exact: true })).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(0)
  })
})

test.describe('product', () => {
  test('a product with a variety and colours needs both before it is added', async ({ page }) => {
    const title = 'Ocean Wave Resin Pendant'
    const path = await productPath(page, title)
    await page.goto(path)
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await expect(page.getByText('Layers of turquoise and deep-sea blue resin', { exact: false })).toBeVisible()
    const varieties = page.getByRole('group', { name: 'Chain Options' })
    const colors = page.getByRole('group', { name: 'Color Options' })
    await expect(varieties.getByRole('radio')).toHaveCount(2)
    await expect(colors.getByRole('radio')).toHaveCount(2)
    const add = page.getByRole('button', { name: 'Add to Cart' })

    if (jsEnabled()) {
      await expect(add).toBeDisabled()
      await choose(varieties, /Gold Chain/)
      await expect(add).toBeDisabled()
      // The chosen variety's price replaces the product's.
      await expect(page.getByText('₹999.00', { exact: true }).first()).toBeVisible()
      await expect(page.getByText('₹1,299.00', { exact: true }).first()).toBeVisible()
      await choose(colors, 'Teal')
      await expect(add).toBeEnabled()
    } else {
      // Without JS the server refuses the missing choices, next to each group.
      await expect(add).toBeEnabled()
      await add.click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(varieties.getByText('Please choose one of the Chain Options.')).toBeVisible()
      await expect(colors.getByText('Please choose one of the Color Options.')).toBeVisible()
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items')
      await choose(varieties, /Gold Chain/)
      await add.click()
      await expect(colors.getByText('Please choose one of the Color Options.')).toBeVisible()
      await expect(varieties.getByText('Please choose one of the Chain Options.')).toHaveCount(0)
      await choose(varieties, /Gold Chain/)
      await choose(colors, 'Teal')
    }
    await add.click()
    await expect(flash(page, 'Product is Added to Cart')).toBeVisible()
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
    await expect(page).toHaveURL(new RegExp(`${path}$`))

    // The line keeps the choices and is priced at the chosen variety's sale price.
    const cart = await openCart(page)
    const line = cart.getByRole('listitem').filter({ hasText: title })
    await expect(line.getByText('Chain: Gold Chain')).toBeVisible()
    await expect(line.getByText('Color: Teal')).toBeVisible()
    await expect(line.getByText('₹999.00', { exact: true })).toBeVisible()
  })

  test('a card opens the product (a dialog with JS, its page without)', async ({ page }) => {
    const title = 'Galaxy Glitter Pendant Necklace'
    await page.goto('/shop/listing?category=jewellery')
    await productCard(page, title).getByRole('link', { name: title, exact: true }).click()
    if (jsEnabled()) {
      const dialog = page.getByRole('dialog', { name: title })
      await expect(dialog).toBeVisible()
      // The dialog has the product's own (shareable) address while it is open.
      await expect(page).toHaveURL(/\/shop\/product\/[^/?]+$/)
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
      await expect(dialog.getByRole('group', { name: 'Chain Options' })).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeDisabled()
      await choose(dialog, /Silver Chain/)
      await choose(dialog, 'Purple')
      await dialog.getByRole('button', { name: 'Add to Cart' }).click()
      await expect(flash(page, 'Product is Added to Cart')).toBeVisible()
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 items')
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('heading', { name: 'Jewellery', level: 1 })).toBeVisible()
      await expect(page).toHaveURL(/\/shop\/listing\?category=jewellery$/)

      // The card's 'Choose options' link of a product with choices opens the same dialog; Escape closes it.
      await productCard(page, 'Ocean Wave Resin Pendant').getByRole('link', { name: 'Choose options' }).click()
      const second = page.getByRole('dialog', { name: 'Ocean Wave Resin Pendant' })
      await expect(second.getByRole('heading', { name: 'Ocean Wave Resin Pendant' })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(second).toBeHidden()
    } else {
      await expect(page).toHaveURL(/\/shop\/product\/[^/?]+$/)
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
      await expect(page.getByRole('group', { name: 'Chain Options' })).toBeVisible()
      await page.goBack()
      await productCard(page, 'Ocean Wave Resin Pendant').getByRole('link', { name: 'Choose options' }).click()
      await expect(page.getByRole('heading', { name: 'Ocean Wave Resin Pendant', level: 1 })).toBeVisible()
    }
  })

  test('a sold-out product shows Out of Stock', async ({ page }) => {
    await page.goto(await productPath(page, 'Emerald Agate Drop Earrings'))
    await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0)
  })

  test('an unknown product is a 404 page', async ({ page }) => {
    const response = await page.goto('/shop/product/unknown-id')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go back home' })).toBeVisible()
  })
})

test('About Us shows its headings', async ({ page }) => {
  await page.goto('/shop/about-us')
  await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible()
  for (const name of ['Our Story', 'What Sets Us Apart', 'Our Collections']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  }
  for (const name of [
    'Handcrafted with Heart',
    'Timeless Preservation',
    'Your Vision Our Art',
    'Jewellery',
    'Home Decor',
    'Gifting & Memories',
    'Special Occasions',
  ]) {
    await expect(page.getByRole('main').getByRole('heading', { name, level: 3, exact: true })).toBeVisible()
  }
  await expect(page.getByText('the team', { exact: false })).toBeVisible()
  await expect(page.getByRole('contentinfo').getByText('10 AM to 8 PM, Monday to Saturday')).toBeVisible()
})
