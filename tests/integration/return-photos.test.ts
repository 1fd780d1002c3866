// Photos of damage on the order page's return form over real HTTP against the built server (ADR 101):
// a multipart post with a real photo asks for the return and stores it; damage without a photo, a
// photo over the limit, a text file renamed .png and crafted bodies (odd field names, many parts, a
// huge part) come back as the form (400) with the typed note and the message beside the photos, and
// store nothing; past the cap a 413. The photos are served to the order's shopper and the admin only,
// never through /uploads. /api JSON clients cannot claim damage (400, errors.photos).
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '../../db/database'
import { RETURN_MESSAGES } from '../../app/lib/returns'
import { paidOrderOverApi, type ShopWithFakeRazorpay, startShopWithFakeRazorpay } from '../helpers/fake-razorpay-shop'
import { insertProducts } from '../helpers/fixtures'
import { client } from '../helpers/shop-api'
import { ADMIN, Browser, expectNoStackTrace, registerShopper } from '../helpers/shop-client'
import type { FakeRazorpay } from '../fake-razorpay'
import type { RunningServer } from './server'

const MB = 1024 * 1024

async function pngBlob(color: { r: number; g: number; b: number }): Promise<Blob> {
  const data = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).png().toBuffer()
  return new Blob([new Uint8Array(data)], { type: 'image/png' })
}

/** HTML text as a person reads it (the page escapes quotes and ampersands). */
function readableText(html: string): string {
  return html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')
}

describe('photos of damage on the return form', () => {
  let fake: FakeRazorpay
  let server: RunningServer
  let db: DB
  let shop: ShopWithFakeRazorpay | undefined
  const api = client(() => server)
  let asha: Browser
  let ravi: Browser
  let owner: Browser
  let addressId: string

  beforeAll(async () => {
    shop = await startShopWithFakeRazorpay(
      { keyId: 'rzp_test_returnphotos', keySecret: 'return-photos-secret', webhookSecret: 'return-photos-webhook' },
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    )
    ;({ fake, server, db } = shop)
    await insertProducts(db, [{ id: 'vase', title: 'Ocean resin vase', price: 149_900, stock: 20 }])
    asha = await registerShopper(server.url, 'Asha', 'asha@example.com')
    ravi = await registerShopper(server.url, 'Ravi', 'ravi@example.com')
    owner = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
    addressId = (await api.addAddress({ id: asha.userId as string, token: asha.token as string })).body.data._id
  }, 180_000)
  afterAll(async () => {
    await shop?.stop()
  })

  async function deliveredOrder(quantity = 2) {
    const who = { id: asha.userId as string, token: asha.token as string }
    const { orderId } = await paidOrderOverApi(api, fake, { shopper: who, addressId, lines: [{ productId: 'vase', quantity }] })
    // Through the owner's /api, so that only the server writes to its database (a write from here could
    // meet the server's own and fail at once with SQLITE_BUSY).
    for (const orderStatus of ['inProcess', 'inShipping', 'delivered']) {
      const moved = await owner.api('PUT', `/api/admin/orders/update/${orderId}`, { orderStatus })
      expect(moved.status, moved.text).toBe(200)
    }
    return orderId
  }

  const page = (orderId: string) => `/shop/account/orders/${orderId}`
  function returnForm(fields: Record<string, string>, photos: { name: string; blob: Blob; field?: string }[] = []): FormData {
    const form = new FormData()
    form.append('intent', 'return')
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    for (const photo of photos) form.append(photo.field ?? 'photos', photo.blob, photo.name)
    return form
  }
  const counts = async () => ({
    returns: (await db.selectFrom('returns').select('id').execute()).length,
    photos: (await db.selectFrom('return_photos').select('position').execute()).length,
    files: (await db.selectFrom('stored_files').select('name').execute()).length,
  })

  it('asks for a damage return with a photo, stored with it and served to her and the owner only', async () => {
    const orderId = await deliveredOrder()
    const before = await counts()
    const answer = await asha.post(page(orderId), { body: returnForm({ 'qty[0]': '1', reason: 'damaged', note: 'Cracked at the rim' }, [{ name: 'rim.png', blob: await pngBlob({ r: 200, g: 40, b: 40 }) }]) })
    expect(answer.status, answer.text.slice(0, 300)).toBe(302)
    // One photo at 320, 400, 640 and 800 px.
    expect(await counts()).toEqual({ returns: before.returns + 1, photos: before.photos + 1, files: before.files + 4 })
    const ret = await db.selectFrom('returns').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow()
    const { image_url: url } = await db.selectFrom('return_photos').select('image_url').where('return_id', '=', ret.id).executeTakeFirstOrThrow()
    const name = url.slice('/uploads/'.length)
    const thumb = name.replace(/-\d+\.webp$/, '-320.webp')

    const shown = await asha.get(page(orderId))
    expect(shown.text).toContain(`${page(orderId)}/return-photos/${thumb}`)
    expect(shown.text).toContain(`${page(orderId)}/return-photos/${name}`)
    const hers = await asha.get(`${page(orderId)}/return-photos/${thumb}`)
    expect(hers.status).toBe(200)
    expect(hers.headers.get('content-type')).toBe('image/webp')
    expect(hers.headers.get('cache-control')).toMatch(/^private/)
    expect((await owner.get(`/admin/orders/${orderId}/return-photos/${name}`)).status).toBe(200)
    expect((await owner.get(`/admin/orders/${orderId}`)).text).toContain(`/admin/orders/${orderId}/return-photos/${thumb}`)
    // Not his, not anonymous, not through /uploads, not through the admin's route for a shopper.
    expect((await ravi.get(`${page(orderId)}/return-photos/${thumb}`)).status).toBe(404)
    expect((await new Browser(server.url).get(`${page(orderId)}/return-photos/${thumb}`)).status).toBeGreaterThanOrEqual(300)
    expect([302, 303, 401, 403, 404]).toContain((await asha.get(`/admin/orders/${orderId}/return-photos/${thumb}`)).status)
    for (const file of [name, thumb]) expect((await new Browser(server.url).get(`/uploads/${file}`)).status).toBe(404)
  })

  it('refuses damage without a photo, a photo over the limit and a text file renamed .png: the note kept, nothing stored', async () => {
    const orderId = await deliveredOrder()
    const before = await counts()
    const none = await asha.post(page(orderId), { body: returnForm({ 'qty[0]': '1', reason: 'damaged', note: 'Chipped base, see photo' }) })
    expect(none.status).toBe(400)
    expect(readableText(none.text)).toContain(RETURN_MESSAGES.damagedPhotos)
    expect(none.text).toContain('id="return-photos-error"')
    expect(none.text).toContain('Chipped base, see photo')

    const big = new Blob([new Uint8Array(11 * MB).fill(7)], { type: 'image/jpeg' })
    const large = await asha.post(page(orderId), { body: returnForm({ 'qty[0]': '1', reason: 'damaged', note: 'Shattered into three' }, [{ name: 'phone.jpg', blob: big }]) })
    expect(large.status).toBe(400)
    expect(readableText(large.text)).toContain(RETURN_MESSAGES.photosTooLarge)
    expect(large.text).toContain('Shattered into three')

    const text = new Blob(['these are not the pixels you are looking for'], { type: 'image/png' })
    const renamed = await asha.post(page(orderId), {
      body: returnForm({ 'qty[0]': '1', reason: 'damaged', note: 'Two photos' }, [
        { name: 'good.png', blob: await pngBlob({ r: 10, g: 200, b: 10 }) },
        { name: 'notes.png', blob: text },
      ]),
    })
    expect(renamed.status).toBe(400)
    expect(readableText(renamed.text)).toContain('notes.png: This file is not an image we can read')
    expect(renamed.text).toContain('Two photos')

    const five = await asha.post(page(orderId), {
      body: returnForm({ 'qty[0]': '1', reason: 'damaged' }, [1, 2, 3, 4, 5].map((n) => ({ name: `p${n}.png`, blob: text }))),
    })
    expect(five.status).toBe(400)
    expect(readableText(five.text)).toContain(RETURN_MESSAGES.tooManyPhotos)
    expect(await counts()).toEqual(before)
  })

  it('answers crafted bodies (odd field names, many parts, a huge part) with the form or the return, never a 500', async () => {
    const orderId = await deliveredOrder()
    const before = await counts()
    const photo = await pngBlob({ r: 1, g: 2, b: 3 })
    const crafted: FormData[] = []
    // A photo under another field's name, and a name with quotes and brackets.
    crafted.push(returnForm({ 'qty[0]': '1', reason: 'damaged', 'qty[999]': '1', 'photos"; x="': 'y' }, [{ name: 'a.png', blob: photo, field: 'qty[0]' }, { name: '"; filename="x', blob: photo, field: 'note' }]))
    // Many parts: 400 text fields and a photo after them.
    const many = returnForm({ 'qty[0]': '1', reason: 'damaged' })
    for (let i = 0; i < 400; i++) many.append(`f${i}`, 'x')
    many.append('photos', photo, 'late.png')
    crafted.push(many)
    // A huge text part (cut at 64 KB, then refused as too long).
    crafted.push(returnForm({ 'qty[0]': '1', reason: 'damaged', note: 'n'.repeat(3 * MB) }))
    const statuses: number[] = []
    for (const body of crafted) {
      const answer = await asha.post(page(orderId), { body })
      statuses.push(answer.status)
      expectNoStackTrace(answer.text, 'crafted return post')
    }
    // Only the photo under its own name counts (the first post has none); the many parts' post is a
    // return with its one photo (text fields past 100 are dropped, the photo kept).
    expect(statuses).toEqual([400, 302, 400])
    // Broken framing: the form answered as empty.
    const broken = await asha.post(page(orderId), { body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nreturn', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } })
    expect(broken.status).toBeLessThan(500)
    // Past the cap the guard answers 413 before the page.
    const huge = new Blob([new Uint8Array(65 * MB)], { type: 'image/jpeg' })
    const capped = await asha.post(page(orderId), { body: returnForm({ 'qty[0]': '1', reason: 'damaged' }, [{ name: 'huge.jpg', blob: huge }]) }).catch(() => ({ status: 413 }))
    expect(capped.status).toBe(413)
    expect(await counts()).toEqual({ returns: before.returns + 1, photos: before.photos + 1, files: before.files + 4 })
  })

  it('/api JSON clients cannot claim damage: 400 with errors.photos', async () => {
    const orderId = await deliveredOrder()
    const answer = await api.call('POST', `/api/shop/order/return/${orderId}`, {
      token: asha.token as string,
      body: { items: [{ productId: 'vase', variety: '', color: '', quantity: 1, reason: 'damaged' }], note: 'Broken' },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.errors.photos).toEqual([RETURN_MESSAGES.damagedPhotos])
  })
})
