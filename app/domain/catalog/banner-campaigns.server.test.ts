import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { insertProducts } from '../../../tests/helpers/fixtures'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { Invalid, NotFound } from '~/domain/errors'
import { type BannerDetails, addBanner, bannerScheduleTurned, listBanners, liveBanners, moveBanner, reorderBanners, updateBanner } from './banners.server'

let testDb: TestDb

beforeEach(async () => {
  testDb = await createTestDb()
})

afterEach(async () => {
  await testDb.cleanup()
})

const words = (over: Partial<BannerDetails> = {}): BannerDetails => ({
  headline: 'Diwali glow',
  subline: 'Lamps and coasters, made to order',
  buttonText: 'Shop the sale',
  link: '/shop/listing?category=home-decor',
  startsAt: null,
  endsAt: null,
  ...over,
})

async function invalidFields(run: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Invalid)
  return (error as Invalid).errors
}

describe('a banner with words and a link', () => {
  it('keeps its headline, short line, button and link', async () => {
    const banner = await addBanner(testDb.db, '/uploads/a-1280.webp', words())
    expect(await listBanners(testDb.db)).toEqual([banner])
    expect(banner).toMatchObject({ headline: 'Diwali glow', buttonText: 'Shop the sale', link: '/shop/listing?category=home-decor' })
  })

  it('links to a product only when the product exists', async () => {
    await insertProducts(testDb.db, [{ id: 'lamp-1' }])
    const banner = await addBanner(testDb.db, '/uploads/a-1280.webp', words({ link: '/shop/product/lamp-1' }))
    expect(banner.link).toBe('/shop/product/lamp-1')
    expect(await invalidFields(addBanner(testDb.db, '/uploads/b-1280.webp', words({ link: '/shop/product/gone' })))).toEqual({
      link: ['No product has this link: copy it from the product page.'],
    })
  })

  it.each([
    'javascript:alert(1)',
    'https://evil.example/shop/listing',
    '//evil.example/shop/listing',
    '/\\evil.example',
    '/shop/listing?category=<script>',
    '/shop/../admin/products',
    '/admin/products',
  ])('refuses the hostile or outside link %s and stores nothing', async (link) => {
    expect(await invalidFields(addBanner(testDb.db, '/uploads/a-1280.webp', words({ link })))).toHaveProperty('link')
    expect(await listBanners(testDb.db)).toEqual([])
  })

  it('wants a button text with a link and a link with a button text', async () => {
    expect(await invalidFields(addBanner(testDb.db, '/uploads/a-1280.webp', words({ buttonText: '' })))).toEqual({
      buttonText: ['Give the button a text, or leave the link empty.'],
    })
    expect(await invalidFields(addBanner(testDb.db, '/uploads/a-1280.webp', words({ link: '' })))).toEqual({
      link: ['Give the button a link, or leave its text empty.'],
    })
  })

  it('refuses an end before the start', async () => {
    const fields = await invalidFields(
      addBanner(testDb.db, '/uploads/a-1280.webp', words({ startsAt: '2026-11-01T04:30:00.000Z', endsAt: '2026-11-01T04:30:00.000Z' })),
    )
    expect(fields).toEqual({ endsAt: ['The banner must end after it starts.'] })
  })

  it('updates the words and schedule in place, and says NotFound for an unknown banner', async () => {
    const banner = await addBanner(testDb.db, '/uploads/a-1280.webp', words())
    await updateBanner(testDb.db, banner.id, words({ headline: 'Rakhi', link: '/shop/search?keyword=rakhi' }))
    expect(await listBanners(testDb.db)).toEqual([{ ...banner, headline: 'Rakhi', link: '/shop/search?keyword=rakhi' }])
    await expect(updateBanner(testDb.db, 'nope', words())).rejects.toBeInstanceOf(NotFound)
  })
})

describe('the schedule', () => {
  const diwali = { startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-10T00:00:00.000Z' }

  it('shows a banner from its start until (not at) its end, open ends always', async () => {
    const always = await addBanner(testDb.db, '/uploads/a-1280.webp')
    const sale = await addBanner(testDb.db, '/uploads/b-1280.webp', words(diwali))
    const ids = async (at: string) => (await liveBanners(testDb.db, new Date(at))).map((b) => b.id)
    expect(await ids('2026-10-31T23:59:59.999Z')).toEqual([always.id])
    expect(await ids('2026-11-01T00:00:00.000Z')).toEqual([always.id, sale.id])
    expect(await ids('2026-11-09T23:59:59.999Z')).toEqual([always.id, sale.id])
    expect(await ids('2026-11-10T00:00:00.000Z')).toEqual([always.id])
  })

  it('shows every live banner, a fifth included, in the owner order', async () => {
    const added = []
    for (const letter of 'abcde') added.push(await addBanner(testDb.db, `/uploads/${letter}-1280.webp`))
    expect((await liveBanners(testDb.db)).map((b) => b.id)).toEqual(added.map((b) => b.id))
  })

  it('tells when a start or an end falls in a stretch of time, and not otherwise', async () => {
    await addBanner(testDb.db, '/uploads/b-1280.webp', words(diwali))
    const turned = (from: string, to: string) => bannerScheduleTurned(testDb.db, new Date(from), new Date(to))
    expect(await turned('2026-10-31T23:59:00.000Z', '2026-11-01T00:00:00.000Z')).toBe(true)
    expect(await turned('2026-11-01T00:00:00.000Z', '2026-11-05T00:00:00.000Z')).toBe(false)
    expect(await turned('2026-11-09T23:59:50.000Z', '2026-11-10T00:00:10.000Z')).toBe(true)
    expect(await turned('2026-11-10T00:00:00.000Z', '2026-12-01T00:00:00.000Z')).toBe(false)
  })
})

describe('the order', () => {
  async function three() {
    const a = await addBanner(testDb.db, '/uploads/a-1280.webp')
    const b = await addBanner(testDb.db, '/uploads/b-1280.webp')
    const c = await addBanner(testDb.db, '/uploads/c-1280.webp')
    return [a.id, b.id, c.id] as const
  }
  const order = async () => (await listBanners(testDb.db)).map((b) => b.id)

  it('moves a banner up and down one place, and leaves it at either end', async () => {
    const [a, b, c] = await three()
    await moveBanner(testDb.db, c, 'up')
    expect(await order()).toEqual([a, c, b])
    await moveBanner(testDb.db, a, 'down')
    expect(await order()).toEqual([c, a, b])
    await moveBanner(testDb.db, c, 'up')
    await moveBanner(testDb.db, b, 'down')
    expect(await order()).toEqual([c, a, b])
    await expect(moveBanner(testDb.db, 'nope', 'up')).rejects.toBeInstanceOf(NotFound)
  })

  it('puts the banners in a dragged order, and refuses an order that misses or repeats one', async () => {
    const [a, b, c] = await three()
    await reorderBanners(testDb.db, [c, a, b])
    expect(await order()).toEqual([c, a, b])
    await expect(reorderBanners(testDb.db, [a, b])).rejects.toBeInstanceOf(Invalid)
    await expect(reorderBanners(testDb.db, [a, a, b])).rejects.toBeInstanceOf(Invalid)
    await expect(reorderBanners(testDb.db, [a, b, 'x'])).rejects.toBeInstanceOf(Invalid)
    expect(await order()).toEqual([c, a, b])
  })
})
