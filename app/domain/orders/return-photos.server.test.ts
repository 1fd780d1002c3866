// Photos of a return's damage (ADR 101) through the real image pipeline: stored only with a return the
// domain accepts, never under a public name, served only to the order's shopper and the admin, kept by
// the sweep of unused uploads, in her data export, and erased with her account (files and rows).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { asha, insertProducts, insertUsers, owner, ravi } from '../../../tests/helpers/fixtures'
import { paidDeliveredOrder } from '../../../tests/helpers/payment-fixtures'
import { type FakeRazorpay, startFakeRazorpay } from '../../../tests/fake-razorpay'
import { jpeg, png, scratchDir } from '../../../tests/helpers/images'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import type { DB } from '../../../db/database'
import type { PaymentGateway } from './payment-gateway'
import type { ImageStore } from '~/domain/catalog/image-store'
import { cachedStoredFile, deleteUnusedUploads, prepareUploadedFiles } from '~/domain/catalog/media.server'
import { eraseAccount } from '~/domain/accounts/account-erasure.server'
import { exportPersonalData } from '~/domain/accounts/personal-data.server'
import { Invalid, NotFound } from '~/domain/errors'
import { createImageStore } from '~/infra/images/image-store.server'
import { razorpayGateway } from '~/infra/payment-gateway.server'
import { returnPhotoName } from '~/lib/return-photos'
import { RETURN_MESSAGES } from '~/lib/returns'
import { returnPhotoFile } from './return-photos.server'
import { decideReturn, refundReturn, requestReturn } from './returns.server'

const KEY_SECRET = 'return-photos-key-secret'
let fake: FakeRazorpay
let gateway: PaymentGateway
let testDb: TestDb
let db: DB
let scratch: ReturnType<typeof scratchDir>
let store: ImageStore

beforeAll(async () => {
  fake = await startFakeRazorpay(KEY_SECRET, { keyId: 'rzp_test_return_photos' })
  gateway = razorpayGateway({ keyId: 'rzp_test_return_photos', keySecret: KEY_SECRET, apiBase: fake.url })
})
afterAll(async () => {
  await fake.stop()
})
beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  scratch = scratchDir('shop-return-photos-test-')
  store = createImageStore(scratch.path('uploads'))
  await insertUsers(db, [asha, ravi, owner])
  await insertProducts(db, [{ id: 'pendant', title: 'Resin pendant', category: 'jewellery', price: 149_900, stock: 5 }])
})
afterEach(async () => {
  await testDb?.cleanup()
  scratch.cleanup()
})

const photoFile = async (color: string) => new File([new Uint8Array(await png(900, 600, color))], 'crack.png', { type: 'image/png' })
const damage = { items: [{ line: 0, quantity: 1, reason: 'damaged' }], note: 'Cracked in the parcel' }
/** The one thing a list must hold (a test fails, not a type assertion). */
function only<T>(items: readonly (T | undefined)[], at = 0): T {
  const item = items[at]
  if (item === undefined) throw new Error(`nothing at ${at}`)
  return item
}
const storedNames = async () => (await db.selectFrom('stored_files').select('name').orderBy('name').execute()).map((r) => r.name)

describe('photos of a damaged piece', () => {
  it('are stored only with a return the domain accepts, under names no public photo shares', async () => {
    const { orderId } = await paidDeliveredOrder(db, gateway, fake, asha, [{ productId: 'pendant', quantity: 1 }])
    const file = await photoFile('#c0392b')
    const photo = only(await prepareUploadedFiles(db, store, [file], 'return'))
    const reference = only(await prepareUploadedFiles(db, store, [file], 'reference'))
    expect(photo.url).not.toBe(reference.url)
    // Prepared is not stored.
    expect(await storedNames()).toEqual([])

    // Refused (two pieces of one bought; a closed window): nothing written.
    const tooMany = await rejection(requestReturn(db, orderId, { ...damage, items: [{ line: 0, quantity: 2, reason: 'damaged' }], photos: [photo] }))
    expect((tooMany as Invalid).errors).toEqual({ 'items.0': [RETURN_MESSAGES.tooMany(1)] })
    const late = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)
    expect(await rejection(requestReturn(db, orderId, { ...damage, photos: [photo] }, late))).toBeInstanceOf(Invalid)
    expect(await storedNames()).toEqual([])
    expect(await db.selectFrom('return_photos').selectAll().execute()).toEqual([])
    // Damage without a photo is refused beside the photo field.
    expect(((await rejection(requestReturn(db, orderId, damage))) as Invalid).errors).toEqual({ photos: [RETURN_MESSAGES.damagedPhotos] })

    const ret = await requestReturn(db, orderId, { ...damage, photos: [photo] })
    expect(ret.photos).toEqual([photo.url])
    expect(await storedNames()).toEqual(photo.files.map((f) => f.name).sort())
    // Kept in the database only: no process cache holds it, and /uploads never serves it.
    for (const f of photo.files) {
      expect(await store.pathOf(f.name)).toBeNull()
      expect(await cachedStoredFile(db, store, f.name)).toBeNull()
    }
    // The sweep of unused uploads counts it as used, however old.
    await deleteUnusedUploads(db, store, new Date(Date.now() + 3 * 24 * 60 * 60 * 1000))
    expect(await storedNames()).toEqual(photo.files.map((f) => f.name).sort())
  })

  it('are served to the shopper whose order it is and to the admin, to nobody else', async () => {
    const { orderId } = await paidDeliveredOrder(db, gateway, fake, asha, [{ productId: 'pendant', quantity: 1 }])
    const { orderId: ravisOrder } = await paidDeliveredOrder(db, gateway, fake, ravi, [{ productId: 'pendant', quantity: 1 }])
    const photos = await prepareUploadedFiles(db, store, [await photoFile('#2980b9'), new File([new Uint8Array(await jpeg(1200, 900))], 'b.jpg', { type: 'image/jpeg' })], 'return')
    const ret = await requestReturn(db, orderId, { ...damage, photos })
    const thumb = returnPhotoName(only(ret.photos), 'thumb')
    const full = returnPhotoName(only(ret.photos, 1), 'full')
    expect(thumb).toMatch(/-320\.webp$/)
    const bytes = await returnPhotoFile(db, orderId, thumb, asha)
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
    expect((await returnPhotoFile(db, orderId, full, owner)).length).toBeGreaterThan(0)
    expect(await rejection(returnPhotoFile(db, orderId, thumb, ravi))).toBeInstanceOf(NotFound)
    // Through another order (even her own other one, or his) the name is not found.
    expect(await rejection(returnPhotoFile(db, ravisOrder, thumb, ravi))).toBeInstanceOf(NotFound)
    expect(await rejection(returnPhotoFile(db, ravisOrder, thumb, owner))).toBeInstanceOf(NotFound)
    for (const name of ['../db.sqlite', `${'f'.repeat(32)}-320.webp`, thumb.replace('-320', '-99'), '']) {
      expect(await rejection(returnPhotoFile(db, orderId, name, owner))).toBeInstanceOf(NotFound)
    }

    // The owner refunds without a pickup: the return carries photos.
    await decideReturn(db, orderId, ret.id, { approve: true, message: '' }, owner.id)
    expect((await refundReturn(db, orderId, ret.id, { adminId: owner.id, withoutPickup: true })).ret).toMatchObject({ status: 'refunded', withoutPickup: true })
  })

  it('are in her data export, and leave the database and every cache with her account', async () => {
    const { orderId } = await paidDeliveredOrder(db, gateway, fake, asha, [{ productId: 'pendant', quantity: 1 }])
    const photos = await prepareUploadedFiles(db, store, [await photoFile('#27ae60')], 'return')
    const ret = await requestReturn(db, orderId, { ...damage, photos })
    const exported = await exportPersonalData(db, asha.id)
    const order = exported.orders.find((o) => o.id === orderId)
    expect(order?.returns).toEqual([
      expect.objectContaining({ number: 1, note: 'Cracked in the parcel', photos: [`/shop/account/orders/${orderId}/return-photos/${returnPhotoName(only(ret.photos), 'full')}`] }),
    ])

    await eraseAccount(db, asha.id, { reviews: 'anonymous', files: store })
    expect(await db.selectFrom('return_photos').selectAll().execute()).toEqual([])
    expect(await storedNames()).toEqual([])
    const erased = (await db.selectFrom('erased_files').select('name').execute()).map((r) => r.name)
    for (const f of only(photos).files) expect(erased).toContain(f.name)
    // The return stays (the refund and the order's history need it), without her words.
    expect(await db.selectFrom('returns').select(['note', 'status']).where('id', '=', ret.id).execute()).toEqual([{ note: '', status: 'requested' }])
  })
})
