// The admin /api (products, image upload, orders, feature images) over real HTTP against the built
// server: every route refuses visitors (401) and shoppers (403); the admin's calls change what the
// shop shows. One server for the whole file, started empty with an admin from ADMIN_EMAIL. Its
// UPLOADS_DIR is inside a dot-folder (like ~/.cache): a path the file server must not refuse.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { type RunningServer, startServer } from './server'
import { insertProducts } from '../helpers/fixtures'
import { insertOrder as insertOrderFixture } from '../helpers/order-fixtures'

/** A product as the shop answers it: the admin's answer less its extras (the weight and box, issue 30). */
const shopShape = ({ weightGrams: _w, dimensionsCm: _d, ...product }: Record<string, unknown>) => product

interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked field by field below
  body: any
}

interface Who {
  id: string
  token: string
}

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' }

let server: RunningServer
/** The server's own database file, opened beside it (WAL allows it). */
let db: DB
let admin: Who
let shopper: Who
const serverDir = mkdtempSync(join(tmpdir(), 'shop-api-admin-'))
const uploadsDir = () => join(serverDir, '.cache', 'uploads')

async function call(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const isForm = body instanceof FormData
  const response = await fetch(server.url + path, {
    method,
    headers: {
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : typeof body === 'string' ? body : JSON.stringify(body),
  })
  expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/)
  return { status: response.status, body: await response.json() }
}

async function login(email: string, password: string): Promise<Who> {
  const answer = await call('POST', '/api/auth/login', { body: { email, password } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { id: answer.body.user.id, token: answer.body.token }
}

/** A real picture: a PNG with a gradient and some shapes, made with sharp. */
async function pngImage(width = 1600, height = 1000, tint = 0): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="rgb(${20 + tint},90,160)"/><stop offset="1" stop-color="#f5d0a9"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#ffffff" opacity="0.6"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

function fileForm(bytes: Buffer | Uint8Array, name: string, type: string, field = 'my_file'): FormData {
  const form = new FormData()
  form.set(field, new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

const upload = (form: FormData, token = admin.token) => call('POST', '/api/admin/products/upload-image', { token, body: form })

/** The files in the server's uploads directory (created with the first upload when the shop starts empty). */
const uploadedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : [])

async function productRows() {
  return Number((await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
}

/** An order of the shopper's, placed and paid: two pieces at ₹1,499.50 and ₹49 delivery. */
function insertOrder(id: string, minutesAgo: number) {
  return insertOrderFixture(db, {
    id,
    user: { id: shopper.id, userName: 'Asha', email: 'asha@example.com' },
    date: new Date(Date.now() - minutesAgo * 60_000),
    unitPricePaise: 149_950,
    quantity: 2,
    deliveryFeePaise: 4_900,
  })
}

beforeAll(async () => {
  server = await startServer(
    { SEED_DEMO: '0', AUTH_RATE_LIMIT: '100', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, UPLOADS_DIR: uploadsDir() },
    { dir: serverDir },
  )
  db = openDatabase(server.database)
  admin = await login(ADMIN.email, ADMIN.password)
  const registered = await call('POST', '/api/auth/register', {
    body: { userName: 'Asha', email: 'asha@example.com', password: 'resin-lover-1' },
  })
  expect(registered.status).toBe(201)
  shopper = await login('asha@example.com', 'resin-lover-1')
}, 120_000)

afterAll(async () => {
  await db?.destroy()
  await server?.stop()
  rmSync(serverDir, { recursive: true, force: true })
})

/** A product in the docs/spec shape (rupees), with sizes and colours. */
function specProduct(images: string[] = []) {
  return {
    title: 'Ocean wave coaster set',
    description: 'Four coasters with white resin waves and gold leaf.',
    category: 'home-decor',
    price: 1499.5,
    salePrice: 1199,
    totalStock: 12,
    averageReview: 0,
    image: images[0] ?? '',
    images,
    colors: ['Teal', 'Gold'],
    variety: {
      type: 'size',
      sizes: [
        { size: 'Small', price: 999, salePrice: 899 },
        { size: 'Large', price: 1499, salePrice: 0 },
      ],
    },
  }
}

describe('every admin route refuses visitors and shoppers', () => {
  const ROUTES: [string, string, () => unknown][] = [
    ['POST', '/api/admin/products/upload-image', () => fileForm(Buffer.from('x'), 'a.png', 'image/png')],
    ['GET', '/api/admin/products/get', () => undefined],
    ['POST', '/api/admin/products/add', () => specProduct()],
    ['PUT', '/api/admin/products/edit/some-product', () => specProduct()],
    ['DELETE', '/api/admin/products/delete/some-product', () => undefined],
    ['GET', '/api/admin/orders/get', () => undefined],
    ['GET', '/api/admin/orders/details/some-order', () => undefined],
    ['PUT', '/api/admin/orders/update/some-order', () => ({ orderStatus: 'delivered' })],
    ['POST', '/api/common/feature/add', () => ({ image: `/uploads/${'a'.repeat(32)}-1280.webp` })],
    ['DELETE', '/api/common/feature/delete/some-feature', () => undefined],
    ['PUT', '/api/common/feature/update/some-feature', () => ({ headline: 'Diwali' })],
    ['PUT', '/api/common/feature/order', () => ({ ids: [] })],
  ]

  it.each(ROUTES)('%s %s: 401 for a visitor, 403 for a shopper, 401 for a bad token', async (method, path, body) => {
    const files = uploadedFiles()
    const rows = await productRows()
    const visitor = await call(method, path, { body: body() })
    expect(visitor.status).toBe(401)
    expect(visitor.body).toEqual({ success: false, message: 'Unauthorised user!' })
    const forged = await call(method, path, { body: body(), token: `${shopper.token}x` })
    expect(forged.status).toBe(401)
    const asShopper = await call(method, path, { body: body(), token: shopper.token })
    expect(asShopper.status).toBe(403)
    expect(asShopper.body).toEqual({ success: false, message: 'Access denied: admin only.' })
    expect(uploadedFiles()).toEqual(files)
    expect(await productRows()).toBe(rows)
  })

  it('answers 405 for the wrong method', async () => {
    expect((await call('GET', '/api/admin/products/upload-image', { token: admin.token })).status).toBe(405)
    expect((await call('POST', '/api/admin/products/get', { token: admin.token, body: {} })).status).toBe(405)
    expect((await call('GET', '/api/admin/products/add', { token: admin.token })).status).toBe(405)
    expect((await call('POST', '/api/admin/products/edit/x', { token: admin.token, body: {} })).status).toBe(405)
    expect((await call('GET', '/api/admin/orders/update/x', { token: admin.token })).status).toBe(405)
    expect((await call('GET', '/api/common/feature/add', { token: admin.token })).status).toBe(405)
  })
})

describe('POST /api/admin/products/upload-image', () => {
  it('stores a real PNG as five WebP widths served with immutable caching', async () => {
    const before = uploadedFiles()
    const answer = await upload(fileForm(await pngImage(), 'coaster.png', 'image/png'))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({
      success: true,
      result: { url: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}-1280\.webp$/), width: 1280, height: 800 },
    })
    const url: string = answer.body.result.url
    const hash = url.slice('/uploads/'.length, -'-1280.webp'.length)
    const added = uploadedFiles().filter((f) => !before.includes(f))
    const widths = [320, 400, 640, 800, 1280]
    expect(added).toEqual(widths.map((width) => `${hash}-${width}.webp`).sort())

    for (const width of widths) {
      const response = await fetch(`${server.url}/uploads/${hash}-${width}.webp`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(response.headers.get('cache-control')).toMatch(/max-age=31536000/)
      expect(response.headers.get('cache-control')).toMatch(/immutable/)
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width })
    }

    // The same picture again: the same url, no new files.
    const again = await upload(fileForm(await pngImage(), 'coaster-copy.png', 'image/png'))
    expect(again.body.result.url).toBe(url)
    expect(uploadedFiles()).toEqual([...before, ...added].sort())
  })

  it('serves a stored picture this disk has lost from the database, the first time it is asked for', async () => {
    const answer = await upload(fileForm(await pngImage(900, 600, 40), 'lost.png', 'image/png'))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const url: string = answer.body.result.url
    const kept = Buffer.from(await (await fetch(server.url + url)).arrayBuffer())
    // Another machine, or a wiped cache: the files are gone from this disk (ADR 040).
    rmSync(uploadsDir(), { recursive: true, force: true })
    const first = await fetch(server.url + url)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/webp')
    expect(first.headers.get('cache-control')).toMatch(/immutable/)
    expect(Buffer.from(await first.arrayBuffer()).equals(kept)).toBe(true)
    expect(existsSync(join(uploadsDir(), url.slice('/uploads/'.length)))).toBe(true)
    expect((await fetch(`${server.url}/uploads/${'0'.repeat(32)}-640.webp`)).status).toBe(404)
  })

  it('refuses text (even named .png), a missing file, and a non-multipart body with 400, writing nothing', async () => {
    const before = uploadedFiles()
    const text = await upload(fileForm(Buffer.from('just some words, not a picture\n'.repeat(50)), 'notes.png', 'image/png'))
    expect(text.status).toBe(400)
    expect(text.body).toMatchObject({
      success: false,
      message: 'This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).',
      errors: { my_file: [expect.any(String)] },
    })

    const missing = await upload(new FormData())
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ success: false, message: 'Please choose an image file.' })

    const otherField = await upload(fileForm(await pngImage(400, 300), 'x.png', 'image/png', 'file'))
    expect(otherField.status).toBe(400)

    const empty = await upload(fileForm(Buffer.alloc(0), 'empty.png', 'image/png'))
    expect(empty.status).toBe(400)

    const json = await call('POST', '/api/admin/products/upload-image', { token: admin.token, body: { my_file: 'x' } })
    expect(json.status).toBe(400)
    expect(json.body.success).toBe(false)

    expect(uploadedFiles()).toEqual(before)
  })

  it('refuses a 12 MB upload with 413 before reading it, and a file just over 10 MB too', async () => {
    const before = uploadedFiles()
    const big = await upload(fileForm(Buffer.alloc(12 * 1024 * 1024, 1), 'huge.png', 'image/png'))
    expect(big.status).toBe(413)
    expect(big.body).toEqual({ success: false, message: 'Images can be at most 10 MB.' })

    // Under the request limit (11 MB), over the file limit: the route's own check answers.
    const over = await upload(fileForm(Buffer.alloc(10 * 1024 * 1024 + 512 * 1024, 1), 'over.png', 'image/png'))
    expect(over.status).toBe(413)
    expect(over.body).toEqual({ success: false, message: 'Images can be at most 10 MB.' })
    expect(uploadedFiles()).toEqual(before)
  })
})

describe('admin products', () => {
  let images: string[]

  beforeAll(async () => {
    images = []
    for (const tint of [0, 60]) {
      const answer = await upload(fileForm(await pngImage(1400, 1400, tint), `p${tint}.png`, 'image/png'))
      expect(answer.status).toBe(200)
      images.push(answer.body.result.url)
    }
  })

  it('adds a product in the docs/spec shape; the shop lists it and shows it in full', async () => {
    const added = await call('POST', '/api/admin/products/add', { token: admin.token, body: specProduct(images) })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toEqual({
      success: true,
      message: 'Product added successfully',
      data: {
        _id: expect.any(String),
        title: 'Ocean wave coaster set',
        description: 'Four coasters with white resin waves and gold leaf.',
        category: 'home-decor',
        price: 1499.5,
        salePrice: 1199,
        totalStock: 12,
        averageReview: 0,
        image: images[0],
        images,
        colors: ['Teal', 'Gold'],
        variety: {
          type: 'size',
          options: [],
          sizes: [
            { size: 'Small', price: 999, salePrice: 899 },
            { size: 'Large', price: 1499, salePrice: 0 },
          ],
          packs: [],
        },
        // Extra (ADR 061): the option group's name, the variety type's when the owner gives none.
        optionLabel: 'Size',
        // Extra (ADR 070): a client that sends no making time adds a ready-to-ship product.
        madeToOrderDays: 0,
        // Extra (ADR 069): no personalisation fields sent, none asked for.
        personalization: [],
        // Extras (ADR 083): none sent, a piece from India with no materials named.
        countryOfOrigin: 'India',
        materials: '',
        // Extras of the admin's answers (issue 30, ADR 085): none sent, the category's weight and box.
        weightGrams: null,
        dimensionsCm: null,
      },
    })
    const id = added.body.data._id

    // The shop's list answers the whole Product, as the product call does.
    const listing = await call('GET', '/api/shop/products/get')
    expect(listing.body.data).toContainEqual(shopShape(added.body.data))
    const detail = await call('GET', `/api/shop/products/get/${id}`)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toEqual(shopShape(added.body.data))

    const adminList = await call('GET', '/api/admin/products/get', { token: admin.token })
    expect(adminList.status).toBe(200)
    expect(adminList.body.data).toContainEqual(added.body.data)
    expect(adminList.body).toMatchObject({ capped: false, cap: 500 })
  })

  it('adds choice and pack varieties; a pack has a price only', async () => {
    const choice = await call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { ...specProduct(), title: 'Flower pendant', variety: { type: 'choice', options: [{ name: 'Rose', price: 799, salePrice: 699 }] } },
    })
    expect(choice.status).toBe(201)
    expect(choice.body.data.variety).toEqual({ type: 'choice', options: [{ name: 'Rose', price: 799, salePrice: 699 }], sizes: [], packs: [] })
    const pack = await call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { ...specProduct(), title: 'Bookmarks', colors: [], variety: { type: 'pack', packs: [{ packName: 'Pack of 3', price: 450 }] } },
    })
    expect(pack.status).toBe(201)
    expect(pack.body.data).toMatchObject({ colors: [], variety: { type: 'pack', packs: [{ packName: 'Pack of 3', price: 450 }] } })
  })

  it('picks the id itself: an _id or id in the body is ignored', async () => {
    const added = await call('POST', '/api/admin/products/add', {
      token: admin.token,
      body: { ...specProduct(), _id: 'my-own-id', id: 'my-own-id', title: 'Id test tray' },
    })
    expect(added.status).toBe(201)
    expect(added.body.data._id).not.toBe('my-own-id')
    expect((await call('GET', '/api/shop/products/get/my-own-id')).status).toBe(404)
    expect((await call('GET', `/api/shop/products/get/${added.body.data._id}`)).body.data.title).toBe('Id test tray')
  })

  it('refuses invalid products with 400 and field errors, writing nothing', async () => {
    const rows = await productRows()
    const base = specProduct(images)
    const cases: [string, unknown, string][] = [
      ['empty body', {}, 'title'],
      ['negative price', { ...base, price: -10 }, 'price'],
      ['price as words', { ...base, price: 'a lot' }, 'price'],
      ['three decimals', { ...base, price: 10.005 }, 'price'],
      ['sale above price', { ...base, salePrice: 2000 }, 'salePrice'],
      ['unknown category', { ...base, category: 'furniture' }, 'category'],
      ['blank title', { ...base, title: '   ' }, 'title'],
      ['stock with decimals', { ...base, totalStock: 1.5 }, 'totalStock'],
      ['negative stock', { ...base, totalStock: -1 }, 'totalStock'],
      ['blank stock', { ...base, totalStock: '' }, 'totalStock'],
      ['size type without sizes', { ...base, variety: { type: 'size', sizes: [] } }, 'variety.sizes'],
      ['unknown variety type', { ...base, variety: { type: 'flavour', options: [] } }, 'variety.type'],
      ['duplicate sizes', { ...base, variety: { type: 'size', sizes: [{ size: 'S', price: 5 }, { size: 's', price: 6 }] } }, 'variety.sizes'],
      ['size sale above its price', { ...base, variety: { type: 'size', sizes: [{ size: 'S', price: 5, salePrice: 9 }] } }, 'variety.sizes.0.salePrice'],
      ['duplicate colours', { ...base, colors: ['Teal', 'teal'] }, 'colors'],
      ['foreign image', { ...base, image: 'https://evil.example/x.webp', images: [] }, 'images.0'],
      ['path traversal image', { ...base, image: '', images: ['/uploads/../db/shop.sqlite'] }, 'images.0'],
    ]
    for (const [label, body, field] of cases) {
      const answer = await call('POST', '/api/admin/products/add', { token: admin.token, body })
      expect(answer.status, label).toBe(400)
      expect(answer.body.success, label).toBe(false)
      expect(Object.keys(answer.body.errors), `${label}: ${JSON.stringify(answer.body.errors)}`).toContain(field)
    }
    const malformed = await call('POST', '/api/admin/products/add', { token: admin.token, body: '{"title": ' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors).toEqual({ body: ['The request body is not valid JSON.'] })
    expect(await productRows()).toBe(rows)
  })

  it('edits a product: the lists sent replace the old ones, fields left out are kept', async () => {
    const added = await call('POST', '/api/admin/products/add', { token: admin.token, body: { ...specProduct(images), title: 'Geode clock' } })
    const id = added.body.data._id

    const edited = await call('PUT', `/api/admin/products/edit/${id}`, {
      token: admin.token,
      body: {
        ...specProduct([images[1] as string]),
        _id: 'another-id',
        title: 'Geode wall clock',
        price: 2499,
        salePrice: 0,
        category: 'special-occasion',
        colors: ['Amethyst'],
        variety: { type: 'pack', packs: [{ packName: 'Pair', price: 4500 }] },
      },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body).toMatchObject({ success: true, message: 'Product edited successfully' })
    expect(edited.body.data).toMatchObject({
      _id: id,
      title: 'Geode wall clock',
      price: 2499,
      salePrice: 0,
      category: 'special-occasion',
      images: [images[1]],
      colors: ['Amethyst'],
      variety: { type: 'pack', packs: [{ packName: 'Pair', price: 4500 }] },
    })
    expect((await call('GET', `/api/shop/products/get/${id}`)).body.data).toEqual(shopShape(edited.body.data))
    expect((await call('GET', '/api/shop/products/get/another-id')).status).toBe(404)

    // As docs/spec's edit form sends it: no images. The pictures stay.
    const { images: _i, image: _j, ...withoutImages } = specProduct()
    const noImages = await call('PUT', `/api/admin/products/edit/${id}`, {
      token: admin.token,
      body: { ...withoutImages, title: 'Geode wall clock II', variety: null },
    })
    expect(noImages.status).toBe(200)
    expect(noImages.body.data).toMatchObject({ title: 'Geode wall clock II', images: [images[1]], image: images[1], variety: null })
  })

  it('edits the stock to 0: the shop card shows it out of stock', async () => {
    const added = await call('POST', '/api/admin/products/add', { token: admin.token, body: { ...specProduct(images), title: 'Last resin tray' } })
    const id = added.body.data._id
    const edited = await call('PUT', `/api/admin/products/edit/${id}`, { token: admin.token, body: { totalStock: 0 } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data).toMatchObject({ totalStock: 0, title: 'Last resin tray', images, colors: ['Teal', 'Gold'] })
    const card = (await call('GET', '/api/shop/products/get')).body.data.find((c: { _id: string }) => c._id === id)
    expect(card).toMatchObject({ _id: id, totalStock: 0 })
    const inStock = await call('GET', '/api/shop/products/get?availability=in-stock')
    expect(inStock.body.data.map((c: { _id: string }) => c._id)).not.toContain(id)
  })

  it('refuses an invalid edit with 400 and changes nothing; an unknown product is 404', async () => {
    const added = await call('POST', '/api/admin/products/add', { token: admin.token, body: { ...specProduct(images), title: 'Stable bowl' } })
    const id = added.body.data._id
    const bad = await call('PUT', `/api/admin/products/edit/${id}`, { token: admin.token, body: { price: -1, title: 'Changed' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toHaveProperty('price')
    expect((await call('GET', `/api/shop/products/get/${id}`)).body.data).toEqual(shopShape(added.body.data))

    const unknown = await call('PUT', '/api/admin/products/edit/no-such-product', { token: admin.token, body: specProduct() })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, message: 'Product not found.' })
  })

  it('deletes a product softly: gone from the shop and the admin list, 404 afterwards', async () => {
    const added = await call('POST', '/api/admin/products/add', { token: admin.token, body: { ...specProduct(images), title: 'Retired vase' } })
    const id = added.body.data._id
    const deleted = await call('DELETE', `/api/admin/products/delete/${id}`, { token: admin.token })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ success: true, message: 'Product deleted successfully' })

    expect((await call('GET', `/api/shop/products/get/${id}`)).status).toBe(404)
    expect((await call('GET', '/api/shop/products/get')).body.data.map((c: { _id: string }) => c._id)).not.toContain(id)
    expect((await call('GET', '/api/admin/products/get', { token: admin.token })).body.data.map((p: { _id: string }) => p._id)).not.toContain(id)
    expect((await call('PUT', `/api/admin/products/edit/${id}`, { token: admin.token, body: specProduct() })).status).toBe(404)
    expect((await call('DELETE', `/api/admin/products/delete/${id}`, { token: admin.token })).status).toBe(404)
    // The row stays for past orders.
    expect((await db.selectFrom('products').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull()
  })

  it('pages the admin list by 100, in title order, and refuses a bad page', async () => {
    await insertProducts(
      db,
      Array.from({ length: 105 }, (_, i) => ({
        id: `bulk-${i}`,
        title: `Zz bulk product ${String(i).padStart(3, '0')}`,
        description: 'Bulk.',
        category: 'jewellery' as const,
        stock: 1,
      })),
    )
    const live = Number(
      (await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n,
    )
    const all = await call('GET', '/api/admin/products/get', { token: admin.token })
    expect(all.body).toMatchObject({ total: live, capped: false, cap: 500 })
    expect(all.body.data).toHaveLength(live)
    const first = await call('GET', '/api/admin/products/get?page=1', { token: admin.token })
    expect(first.body.data).toHaveLength(100)
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 100, total: live, pageCount: Math.ceil(live / 100) })
    const titles = first.body.data.map((p: { title: string }) => p.title)
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())))
    const second = await call('GET', '/api/admin/products/get?page=2', { token: admin.token })
    expect(second.body.data).toHaveLength(live - 100)
    expect(second.body.data.at(-1).title).toBe('Zz bulk product 104')
    expect(second.body.data[0]).toHaveProperty('variety')
    for (const bad of ['0', '-1', 'two', '1.5']) {
      expect((await call('GET', `/api/admin/products/get?page=${bad}`, { token: admin.token })).status, bad).toBe(400)
    }
  })
})

describe('admin orders', () => {
  beforeAll(async () => {
    await insertOrder('order-older', 90)
    await insertOrder('order-newer', 5)
  })

  it('lists every order newest first with the customer, filtered by status, with pagination', async () => {
    const list = await call('GET', '/api/admin/orders/get', { token: admin.token })
    expect(list.status).toBe(200)
    expect(list.body.data.map((o: { _id: string }) => o._id)).toEqual(['order-newer', 'order-older'])
    // Each order whole, as the details call answers it.
    expect(list.body.data[0]).toEqual((await call('GET', '/api/admin/orders/details/order-newer', { token: admin.token })).body.data)
    expect(list.body.data[0]).toMatchObject({
      _id: 'order-newer',
      orderNumber: list.body.data[1].orderNumber + 1,
      orderDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      orderStatus: 'confirmed',
      paymentStatus: 'paid',
      totalAmount: 3048,
      userInfo: { userName: 'Asha', email: 'asha@example.com' },
    })
    expect(list.body).toMatchObject({ total: 2, capped: false, cap: 1000 })
    const paged = await call('GET', '/api/admin/orders/get?page=1', { token: admin.token })
    expect(paged.body.pagination).toEqual({ page: 1, pageSize: 20, total: 2, pageCount: 1 })
    expect((await call('GET', '/api/admin/orders/get?status=rejected&page=1', { token: admin.token })).body).toEqual({
      success: true,
      data: [],
      total: 0,
      pagination: { page: 1, pageSize: 20, total: 0, pageCount: 1 },
    })
    expect((await call('GET', '/api/admin/orders/get?page=2', { token: admin.token })).body.data).toEqual([])
    const bad = await call('GET', '/api/admin/orders/get?status=shipped', { token: admin.token })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toHaveProperty('status')
  })

  it("shows any customer's order in full, 404 for an unknown one", async () => {
    const details = await call('GET', '/api/admin/orders/details/order-older', { token: admin.token })
    expect(details.status).toBe(200)
    expect(details.body.data).toMatchObject({
      _id: 'order-older',
      userId: shopper.id,
      cartItems: [{ productId: 'vase', title: 'Ocean resin vase', price: 1499.5, quantity: 2, variety: { type: 'size', name: 'Large' }, color: 'Teal' }],
      addressInfo: { addressLine: '221 Residency Road', city: 'Bengaluru', pincode: '560025', country: 'India' },
      subtotal: 2999,
      deliveryFee: 49,
      totalAmount: 3048,
      orderStatus: 'confirmed',
      paymentMethod: 'razorpay',
      paymentStatus: 'paid',
      gatewayPaymentId: 'pay_order-older',
      needsRefund: false,
      userInfo: { userName: 'Asha', email: 'asha@example.com' },
      history: [
        { status: 'pending', note: 'Order placed' },
        { status: 'confirmed', note: 'Payment received' },
      ],
    })
    const unknown = await call('GET', '/api/admin/orders/details/no-such-order', { token: admin.token })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ success: false, message: 'Order not found.' })
  })

  it('moves the order along the lifecycle table, recording history, refuses moves it forbids; the shopper sees it', async () => {
    for (const orderStatus of ['inProcess', 'inShipping']) {
      const answer = await call('PUT', '/api/admin/orders/update/order-newer', { token: admin.token, body: { orderStatus } })
      expect(answer.status, orderStatus).toBe(200)
      expect(answer.body).toEqual({ success: true, message: 'Order status is updated successfully!' })
    }
    for (const [orderStatus, words] of [['pending', 'pending payment'], ['inProcess', 'being made'], ['inShipping', 'shipped']]) {
      const refused = await call('PUT', '/api/admin/orders/update/order-newer', { token: admin.token, body: { orderStatus } })
      expect(refused.status, orderStatus).toBe(400)
      expect(refused.body).toEqual({
        success: false,
        message: `An order that is shipped cannot be set to ${words}.`,
        errors: { orderStatus: [`An order that is shipped cannot be set to ${words}.`] },
      })
    }
    const details = await call('GET', '/api/admin/orders/details/order-newer', { token: admin.token })
    expect(details.body.data.orderStatus).toBe('inShipping')
    expect(details.body.data.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'confirmed', 'inProcess', 'inShipping'])
    const filtered = await call('GET', '/api/admin/orders/get?status=inShipping', { token: admin.token })
    expect(filtered.body.data.map((o: { _id: string }) => o._id)).toEqual(['order-newer'])
    const own = await call('GET', `/api/shop/order/list/${shopper.id}`, { token: shopper.token })
    expect(own.body.data.find((o: { _id: string }) => o._id === 'order-newer').orderStatus).toBe('inShipping')
  })

  it("refuses a missing status with docs/spec's message, and 'confirmed' or other values, changing nothing", async () => {
    const historyLength = async () => (await call('GET', '/api/admin/orders/details/order-older', { token: admin.token })).body.data.history.length
    const before = await historyLength()
    for (const body of [{}, { orderStatus: '' }, { orderStatus: null }]) {
      const answer = await call('PUT', '/api/admin/orders/update/order-older', { token: admin.token, body })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        success: false,
        message: 'Please select an order status before submitting.',
        errors: { orderStatus: ['Please select an order status before submitting.'] },
      })
    }
    const empty = await call('PUT', '/api/admin/orders/update/order-older', { token: admin.token })
    expect(empty.body.message).toBe('Please select an order status before submitting.')
    for (const orderStatus of ['confirmed', 'shipped', 'DELIVERED', 123]) {
      const answer = await call('PUT', '/api/admin/orders/update/order-older', { token: admin.token, body: { orderStatus } })
      expect(answer.status, String(orderStatus)).toBe(400)
      expect(answer.body.success).toBe(false)
      expect(answer.body.errors).toHaveProperty('orderStatus')
    }
    const details = await call('GET', '/api/admin/orders/details/order-older', { token: admin.token })
    expect(details.body.data.orderStatus).toBe('confirmed')
    expect(await historyLength()).toBe(before)

    const unknown = await call('PUT', '/api/admin/orders/update/no-such-order', { token: admin.token, body: { orderStatus: 'delivered' } })
    expect(unknown.status).toBe(404)
  })
})

describe('feature images', () => {
  const features = async () => (await call('GET', '/api/common/feature/get')).body.data as { _id: string; image: string }[]

  it('adds a banner from an uploaded url and from a multipart upload, lists them in order, and deletes one', async () => {
    const uploaded = await upload(fileForm(await pngImage(1600, 640, 120), 'banner.png', 'image/png'))
    const url = uploaded.body.result.url
    const before = await features()

    const fromUrl = await call('POST', '/api/common/feature/add', { token: admin.token, body: { image: url } })
    expect(fromUrl.status, JSON.stringify(fromUrl.body)).toBe(201)
    expect(fromUrl.body).toEqual({
      success: true,
      message: 'Feature image added successfully',
      data: { _id: expect.any(String), image: url, headline: '', subline: '', buttonText: '', link: '', startsAt: null, endsAt: null },
    })

    const filesBefore = uploadedFiles()
    const fromFile = await call('POST', '/api/common/feature/add', {
      token: admin.token,
      body: fileForm(await pngImage(1600, 640, 200), 'banner-2.png', 'image/png'),
    })
    expect(fromFile.status, JSON.stringify(fromFile.body)).toBe(201)
    expect(fromFile.body.data.image).toMatch(/^\/uploads\/[a-f0-9]{32}-1280\.webp$/)
    expect(uploadedFiles().length).toBe(filesBefore.length + 5)

    // A form without JS may name the uploaded url in an `image` field instead.
    const urlForm = new FormData()
    urlForm.set('image', url)
    const fromForm = await call('POST', '/api/common/feature/add', { token: admin.token, body: urlForm })
    expect(fromForm.status, JSON.stringify(fromForm.body)).toBe(201)
    expect(fromForm.body.data.image).toBe(url)

    expect(await features()).toEqual([...before, fromUrl.body.data, fromFile.body.data, fromForm.body.data])

    const deleted = await call('DELETE', `/api/common/feature/delete/${fromUrl.body.data._id}`, { token: admin.token })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ success: true, message: 'Feature image deleted successfully' })
    expect(await features()).toEqual([...before, fromFile.body.data, fromForm.body.data])
    expect((await call('DELETE', `/api/common/feature/delete/${fromUrl.body.data._id}`, { token: admin.token })).status).toBe(404)
  })

  it('takes a campaign banner\'s words, link and schedule, edits and reorders them, and refuses a link out of the shop', async () => {
    const url = (await upload(fileForm(await pngImage(1600, 640, 60), 'diwali.png', 'image/png'))).body.result.url
    const before = await features()
    const hostile = await call('POST', '/api/common/feature/add', {
      token: admin.token,
      body: { image: url, headline: 'Diwali', buttonText: 'Shop', link: 'javascript:alert(1)' },
    })
    expect(hostile.status).toBe(400)
    expect(hostile.body.errors).toHaveProperty('link')
    expect(await features()).toEqual(before)

    const added = await call('POST', '/api/common/feature/add', {
      token: admin.token,
      body: { image: url, headline: 'Diwali', buttonText: 'Shop lamps', link: '/shop/listing?category=home-decor', startsAt: '2026-11-01T00:00:00+05:30' },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.data).toMatchObject({ headline: 'Diwali', link: '/shop/listing?category=home-decor', startsAt: '2026-10-31T18:30:00.000Z', endsAt: null })
    const id = added.body.data._id as string

    const edited = await call('PUT', `/api/common/feature/update/${id}`, {
      token: admin.token,
      body: { headline: 'Diwali sale', buttonText: 'Search', link: '/shop/search?keyword=diya', endsAt: '2026-10-01T00:00:00Z', startsAt: '2026-11-01T00:00:00Z' },
    })
    expect(edited.status).toBe(400)
    expect(edited.body.errors).toEqual({ endsAt: ['The banner must end after it starts.'] })
    const saved = await call('PUT', `/api/common/feature/update/${id}`, { token: admin.token, body: { headline: 'Diwali sale', buttonText: 'Search', link: '/shop/search?keyword=diya' } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ success: true, message: 'Banner saved', data: { _id: id, headline: 'Diwali sale', startsAt: null } })

    const ids = (await features()).map((f) => f._id)
    const reversed = [...ids].reverse()
    expect((await call('PUT', '/api/common/feature/order', { token: admin.token, body: { ids: ids.slice(1) } })).status).toBe(400)
    const ordered = await call('PUT', '/api/common/feature/order', { token: admin.token, body: { ids: reversed } })
    expect(ordered.status).toBe(200)
    expect((await features()).map((f) => f._id)).toEqual(reversed)
    await call('PUT', '/api/common/feature/order', { token: admin.token, body: { ids } })
    await call('DELETE', `/api/common/feature/delete/${id}`, { token: admin.token })
  })

  it('refuses an image that is not an existing upload, and a bad file, adding nothing', async () => {
    const before = await features()
    const files = uploadedFiles()
    for (const image of [
      undefined,
      '',
      'https://example.com/banner.webp',
      '/uploads/../db/shop.sqlite',
      `/uploads/${'0'.repeat(32)}-1280.webp`,
      `/uploads/${'0'.repeat(32)}-1280.png`,
      42,
    ]) {
      const answer = await call('POST', '/api/common/feature/add', { token: admin.token, body: { image } })
      expect(answer.status, String(image)).toBe(400)
      expect(answer.body.errors, String(image)).toHaveProperty('image')
    }
    const text = await call('POST', '/api/common/feature/add', { token: admin.token, body: fileForm(Buffer.from('hello'), 'x.png', 'image/png') })
    expect(text.status).toBe(400)
    const tooBig = await call('POST', '/api/common/feature/add', {
      token: admin.token,
      body: fileForm(Buffer.alloc(10 * 1024 * 1024 + 1024, 1), 'big.png', 'image/png'),
    })
    expect(tooBig.status).toBe(413)
    expect(await features()).toEqual(before)
    expect(uploadedFiles()).toEqual(files)
  })
})
