// Custom-order requests: stored with their photos and the owner's and shopper's mails in one
// transaction; bad input (no contact, a huge text, a past date, too many photos) changes nothing;
// the admin moves a request only as CUSTOM_ORDER_MOVES allows, with a quote where one is needed;
// the shopper's list and the admin's filtered, paged list and the dashboard's counts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { CUSTOM_ORDER_LIMITS, CUSTOM_ORDER_MESSAGES } from '~/lib/custom-orders'
import { type CustomOrderInput, customOrderSchema, customOrderUpdateSchema } from '~/schemas/custom-order'
import { registerUser } from '~/domain/accounts/accounts.server'
import {
  CustomOrderMoveRefused,
  checkNeededBy,
  countCustomOrders,
  createCustomOrder,
  getCustomOrder,
  listCustomOrders,
  listCustomOrdersOf,
  updateCustomOrder,
} from './custom-orders.server'
import { Invalid, NotFound } from '~/domain/errors'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'

let testDb: TestDb
let db: DB

/** 26 Nov 2026, 10:00 India time. */
const NOW = new Date('2026-11-26T04:30:00Z')
const PHOTO = '/uploads/0123456789abcdef0123456789abcdef-800.webp'

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  setDomainSettings({ mail: { shopName: 'Resin Craft Studio', publicUrl: 'https://shop.example.in', ownerEmail: 'owner@studio.example' } })
})

afterEach(async () => {
  await testDb.cleanup()
})

function input(overrides: Record<string, unknown> = {}): CustomOrderInput {
  return customOrderSchema.parse({
    name: 'Meera Iyer',
    phone: '+91 98450 12345',
    email: 'Meera@Example.com',
    description: 'A pendant with the jasmine from our wedding garland.',
    occasion: 'Anniversary',
    budget: '2,500',
    neededBy: '2026-12-20',
    ...overrides,
  })
}

const update = (value: Record<string, unknown>) => customOrderUpdateSchema.parse(value)

async function rowCounts() {
  const count = async (table: 'custom_requests' | 'custom_request_photos' | 'mail_outbox') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  return { requests: await count('custom_requests'), photos: await count('custom_request_photos'), mails: await count('mail_outbox') }
}

describe('the request form schema', () => {
  it('takes rupees as typed and keeps paise, a phone without spaces and a lower-case email', () => {
    const value = input({ budget: '₹ 1,499.50' })
    expect(value.budget).toBe(149_950)
    expect(value.phone).toBe('+919845012345')
    expect(value.email).toBe('meera@example.com')
  })

  it('refuses a request without contact details, each field with its own message', () => {
    const result = customOrderSchema.safeParse({ description: 'A clock', budget: '3000', neededBy: '2026-12-20' })
    expect(result.success).toBe(false)
    const fields = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])
    expect(fields).toMatchObject({ name: 'Name is required', phone: 'Phone is required', email: 'Email is required' })
  })

  it('refuses a huge text, a foreign phone, a budget in words and a date that does not exist', () => {
    const result = customOrderSchema.safeParse({
      name: 'Meera',
      phone: '+1 415 555 0100',
      email: 'meera@example.com',
      description: 'x'.repeat(CUSTOM_ORDER_LIMITS.description + 1),
      budget: 'two thousand',
      neededBy: '2026-02-30',
    })
    const fields = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])
    expect(fields).toEqual({
      phone: 'Enter a valid Indian phone number',
      description: 'What you would like can be at most 2,000 characters',
      budget: 'Enter the budget in rupees, e.g. 2500',
      neededBy: 'Enter a real date',
    })
  })

  it('refuses a budget below ₹100 or above ₹10,00,000', () => {
    expect(customOrderSchema.safeParse({ ...input(), budget: '99' }).error?.issues[0]?.message).toBe('Budget must be at least ₹100')
    expect(customOrderSchema.safeParse({ ...input(), budget: '1000001' }).error?.issues[0]?.message).toBe('Budget can be at most ₹10,00,000')
  })
})

describe('checkNeededBy', () => {
  it('wants a day after today in India, at most two years ahead', () => {
    // 23:30 UTC on the 25th is already the 26th in India.
    const lateEvening = new Date('2026-11-25T23:30:00Z')
    expect(() => checkNeededBy('2026-11-26', lateEvening)).toThrow('The needed-by date must be in the future')
    expect(() => checkNeededBy('2026-11-26', NOW)).toThrow('The needed-by date must be in the future')
    expect(() => checkNeededBy('2026-11-01', NOW)).toThrow('The needed-by date must be in the future')
    expect(() => checkNeededBy('2029-01-01', NOW)).toThrow('The needed-by date can be at most two years ahead')
    expect(() => checkNeededBy('2026-11-27', NOW)).not.toThrow()
  })
})

describe('createCustomOrder', () => {
  it('stores a visitor request with its photos and queues the owner mail and the acknowledgement', async () => {
    const { id } = await createCustomOrder(db, { input: input(), userId: null, photos: [PHOTO] }, NOW)
    const request = await getCustomOrder(db, id)
    expect(request).toMatchObject({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      budgetPaise: 250_000,
      neededBy: '2026-12-20',
      status: 'new',
      quotedPaise: null,
      userId: null,
      photos: [PHOTO],
    })
    const mails = await db.selectFrom('mail_outbox').select(['kind', 'to_address', 'subject', 'text']).orderBy('id').execute()
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
      ['custom-request-owner', 'owner@studio.example'],
      ['custom-request-received', 'meera@example.com'],
    ])
    expect(mails[0]?.subject).toBe(`New custom order request #C${1000 + id} from Meera Iyer`)
    expect(mails[0]?.text).toContain('Meera Iyer, +919845012345, meera@example.com')
    expect(mails[0]?.text).toContain(`https://shop.example.in/admin/custom-orders/${id}`)
    expect(mails[0]?.text).toContain('Budget: ₹2,500.00')
    // A visitor has no account to follow it in.
    expect(mails[1]?.text).not.toContain('/shop/account')
  })

  it("lists a signed-in shopper's requests as theirs only, newest first", async () => {
    const asha = await registerUser(db, { userName: 'Asha', email: 'asha@example.com', password: 'password-123' })
    const ravi = await registerUser(db, { userName: 'Ravi', email: 'ravi@example.com', password: 'password-123' })
    const first = await createCustomOrder(db, { input: input({ description: 'A clock' }), userId: asha.id }, NOW)
    const second = await createCustomOrder(db, { input: input({ description: 'A tray' }), userId: asha.id }, NOW)
    await createCustomOrder(db, { input: input({ description: 'Ravi’s coasters' }), userId: ravi.id }, NOW)
    const mine = await listCustomOrdersOf(db, asha.id)
    expect(mine.map((r) => r.id).sort()).toEqual([first.id, second.id].sort())
    expect(mine.every((r) => r.status === 'new')).toBe(true)
    const mail = await db.selectFrom('mail_outbox').select('text').where('kind', '=', 'custom-request-received').where('to_address', '=', 'meera@example.com').executeTakeFirstOrThrow()
    expect(mail.text).toContain('https://shop.example.in/shop/account')
  })

  it('refuses a past date, four photos or a url the pipeline did not make, and stores nothing', async () => {
    const before = await rowCounts()
    const past = await rejection(createCustomOrder(db, { input: input({ neededBy: '2026-11-20' }), userId: null }, NOW))
    expect(past).toBeInstanceOf(Invalid)
    expect((past as Invalid).errors.neededBy).toEqual(['The needed-by date must be in the future'])
    const four = await rejection(createCustomOrder(db, { input: input(), userId: null, photos: [PHOTO, PHOTO, PHOTO, PHOTO] }, NOW))
    expect((four as Invalid).errors.photos).toEqual([CUSTOM_ORDER_MESSAGES.tooManyPhotos])
    const foreign = await rejection(createCustomOrder(db, { input: input(), userId: null, photos: ['https://evil.example/x.png'] }, NOW))
    expect((foreign as Invalid).errors.photos).toEqual(['Please upload the photos again.'])
    expect(await rowCounts()).toEqual(before)
  })
})

describe('updateCustomOrder', () => {
  async function newRequest() {
    return (await createCustomOrder(db, { input: input(), userId: null }, NOW)).id
  }

  it('follows a request from new to done, mailing the quote, the go-ahead and the finished piece', async () => {
    const id = await newRequest()
    await updateCustomOrder(db, id, update({ status: 'quoted', quotedPrice: '3,200', notes: 'Jasmine needs drying first.' }))
    expect(await getCustomOrder(db, id)).toMatchObject({ status: 'quoted', quotedPaise: 320_000, adminNotes: 'Jasmine needs drying first.' })
    await updateCustomOrder(db, id, update({ status: 'accepted', notes: 'Paid by UPI.' }))
    await updateCustomOrder(db, id, update({ status: 'done', notes: 'Paid by UPI.' }))
    expect(await getCustomOrder(db, id)).toMatchObject({ status: 'done', quotedPaise: 320_000 })
    const mails = await db.selectFrom('mail_outbox').select(['kind', 'subject']).where('to_address', '=', 'meera@example.com').orderBy('id').execute()
    expect(mails.map((m) => m.kind)).toEqual(['custom-request-received', 'custom-request-quoted', 'custom-request-accepted', 'custom-request-done'])
    expect(mails[1]?.subject).toBe(`Your custom order #C${1000 + id}: our price is ₹3,200.00`)
  })

  it('refuses a move the table does not allow, and changes nothing', async () => {
    const id = await newRequest()
    const skip = await rejection(updateCustomOrder(db, id, update({ status: 'done', quotedPrice: '3000' })))
    expect(skip).toBeInstanceOf(CustomOrderMoveRefused)
    expect((skip as Invalid).errors.status).toEqual(['A request that is new cannot be set to done.'])
    await updateCustomOrder(db, id, update({ status: 'declined' }))
    const reopen = await rejection(updateCustomOrder(db, id, update({ status: 'quoted', quotedPrice: '3000' })))
    expect((reopen as Invalid).errors.status).toEqual(['A request that is declined cannot be set to quoted.'])
    expect(await getCustomOrder(db, id)).toMatchObject({ status: 'declined', quotedPaise: null })
  })

  it('wants a price to quote, and keeps the price once accepted', async () => {
    const id = await newRequest()
    const noPrice = await rejection(updateCustomOrder(db, id, update({ status: 'quoted' })))
    expect((noPrice as Invalid).errors.quotedPrice).toEqual([CUSTOM_ORDER_MESSAGES.quoteNeeded])
    await updateCustomOrder(db, id, update({ status: 'quoted', quotedPrice: '3000' }))
    // A new price while quoted is a new quote, mailed again.
    await updateCustomOrder(db, id, update({ quotedPrice: '2800' }))
    const quotes = await db.selectFrom('mail_outbox').select('subject').where('kind', '=', 'custom-request-quoted').orderBy('id').execute()
    expect(quotes.map((m) => m.subject)).toEqual([
      `Your custom order #C${1000 + id}: our price is ₹3,000.00`,
      `Your custom order #C${1000 + id}: our price is ₹2,800.00`,
    ])
    await updateCustomOrder(db, id, update({ status: 'accepted' }))
    const locked = await rejection(updateCustomOrder(db, id, update({ quotedPrice: '9000' })))
    expect((locked as Invalid).errors.quotedPrice).toEqual([CUSTOM_ORDER_MESSAGES.quoteLocked])
    expect((await getCustomOrder(db, id)).quotedPaise).toBe(280_000)
  })

  it('lets one of two racing moves from the same status win', async () => {
    const id = await newRequest()
    await updateCustomOrder(db, id, update({ status: 'quoted', quotedPrice: '3000' }))
    const results = await Promise.allSettled([
      updateCustomOrder(db, id, update({ status: 'accepted' })),
      updateCustomOrder(db, id, update({ status: 'declined' })),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refused = results.find((r) => r.status === 'rejected')
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(CustomOrderMoveRefused)
    expect(['accepted', 'declined']).toContain((await getCustomOrder(db, id)).status)
  })

  it('answers NotFound for an unknown request', async () => {
    expect(await rejection(updateCustomOrder(db, 424242, update({ notes: 'x' })))).toBeInstanceOf(NotFound)
    expect(await rejection(getCustomOrder(db, 0))).toBeInstanceOf(NotFound)
  })
})

describe("the admin's list and the dashboard's counts", () => {
  it('filters by status, pages with plain numbers and counts each status', async () => {
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await createCustomOrder(db, { input: input({ description: `Piece ${i}` }), userId: null }, NOW)).id)
    await updateCustomOrder(db, ids[0] as number, update({ status: 'quoted', quotedPrice: '1500' }))
    await updateCustomOrder(db, ids[1] as number, update({ status: 'declined' }))

    const all = await listCustomOrders(db, { pageSize: 2 })
    expect(all).toMatchObject({ total: 5, page: 1, pageCount: 3, status: null })
    expect(all.items).toHaveLength(2)
    const last = await listCustomOrders(db, { pageSize: 2, page: 3 })
    expect(last.items).toHaveLength(1)
    const seen = new Set([...all.items, ...(await listCustomOrders(db, { pageSize: 2, page: 2 })).items, ...last.items].map((r) => r.id))
    expect(seen.size).toBe(5)

    const fresh = await listCustomOrders(db, { status: 'new' })
    expect(fresh.items.map((r) => r.id).sort()).toEqual(ids.slice(2).sort())
    expect((await listCustomOrders(db, { status: 'quoted' })).items[0]).toMatchObject({ id: ids[0], quotedPaise: 150_000, name: 'Meera Iyer' })
    // An unknown status filter shows everything rather than failing.
    expect((await listCustomOrders(db, { status: 'bogus' })).total).toBe(5)

    expect(await countCustomOrders(db)).toEqual({ new: 3, quoted: 1, accepted: 0, declined: 1, done: 0 })
  })
})
