// A custom order's quote, end to end in the domain (ADR 088): sent with its mail and signed link;
// accepted (with the address) or declined (with a reason) by the shopper or the link, once, while it
// stands; an expired or declined quote says why; the signed link refused when expired, reused or
// tampered; paying through a Payment Link makes one order (however often the payment is reported,
// and after a crash before the order), with its invoice; an advance's balance before it can ship.
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { setDomainSettings } from '../../../tests/helpers/domain-settings'
import { QUOTE_MESSAGES } from '~/lib/custom-orders'
import { acceptQuoteSchema, customOrderSchema, customQuoteSchema } from '~/schemas/custom-order'
import { registerUser } from '~/domain/accounts/accounts.server'
import { Invalid } from '~/domain/errors'
import { moveOrder } from '~/domain/orders/order-lifecycle.server'
import { createCustomOrder } from './custom-orders.server'
import type { GatewayLink, PaymentLinkGateway } from './payment-links'
import { QuoteLinkRefused, readQuoteLink, signQuoteLink } from './quote-links.server'
import { checkPaymentLink, openPaymentLink, pollPaymentLinks, settleLinkPayment } from './quote-payments.server'
import { acceptQuote, declineQuote, readQuote, sendQuote } from './quotes.server'

let testDb: TestDb
let db: DB
const SECRET = 'quote-link-test-secret'
/** 26 Nov 2026, 10:00 India time. */
const NOW = new Date('2026-11-26T04:30:00Z')
const LATER = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000)
const ANSWER = (token: string) => `/shop/custom-order/quote/${token}`
const ADDRESS = acceptQuoteSchema.parse({ addressLine: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001', phone: '9845012345' })

/** Payment Links kept in memory, as the gateway reports them. */
function fakeLinks(): PaymentLinkGateway & { links: Map<string, GatewayLink>; pay(id: string): string } {
  const links = new Map<string, GatewayLink>()
  let n = 0
  return {
    name: 'razorpay',
    links,
    async createLink(input) {
      n += 1
      const link: GatewayLink = { id: `plink_${n}`, shortUrl: `https://rzp.io/i/${n}`, amountPaise: input.amountPaise, status: 'created', referenceId: input.referenceId, paymentId: null }
      links.set(link.id, link)
      return link
    },
    async fetchLink(id) {
      const link = links.get(id)
      if (!link) throw new Error('no link')
      return { ...link }
    },
    async cancelLink(id) {
      const link = links.get(id)
      if (link) link.status = 'cancelled'
    },
    verifyCallback: () => true,
    pay(id) {
      const link = links.get(id)
      if (!link) throw new Error('no link')
      link.status = 'paid'
      link.paymentId = `pay_${id}`
      return link.paymentId
    },
  }
}

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  setDomainSettings({ mail: { shopName: 'Resin Craft Studio', publicUrl: 'https://shop.example.in', ownerEmail: 'owner@studio.example' } })
})

afterEach(async () => {
  await testDb.cleanup()
})

async function shopperWithRequest() {
  const user = await registerUser(db, { userName: 'Meera', email: 'meera@example.com', password: 'password-123' })
  const input = customOrderSchema.parse({
    name: 'Meera Iyer',
    phone: '9845012345',
    email: 'meera@example.com',
    description: 'A pendant with the jasmine from our wedding garland.',
    budget: '2,500',
    neededBy: '2026-12-20',
  })
  const { id } = await createCustomOrder(db, { input, userId: user.id }, NOW)
  return { userId: user.id, id }
}

const quote = (overrides: Record<string, string> = {}) =>
  customQuoteSchema.parse({ message: 'We can press your jasmine in a 3 cm pendant.', price: '3,200', dispatchBy: '2026-12-10', ...overrides })

async function quoted(overrides: Record<string, string> = {}) {
  const request = await shopperWithRequest()
  await sendQuote(db, request.id, quote(overrides), { linkSecret: SECRET, answerPath: ANSWER }, NOW)
  return request
}

async function mailsOf(kind: string) {
  return db.selectFrom('mail_outbox').select(['to_address', 'text', 'dedupe_key']).where('kind', '=', kind).execute()
}

/** The token in the quote mail's link. */
async function mailedToken(): Promise<string> {
  const [mail] = await mailsOf('custom-quote-sent')
  const match = /\/shop\/custom-order\/quote\/([\w.-]+)/.exec(mail?.text ?? '')
  if (!match?.[1]) throw new Error('no link in the quote mail')
  return match[1]
}

async function orders() {
  return db.selectFrom('orders').select(['id', 'number', 'total_amount_paise', 'order_status', 'payment_status', 'user_id', 'city']).execute()
}

describe('sending a quote', () => {
  it('moves a new request to quoted with its message, dispatch day, advance and a 7-day expiry, and mails the shopper a signed link', async () => {
    const { id } = await quoted({ advancePercent: '50' })
    const { quote: view } = await readQuote(db, id, NOW)
    expect(view).toMatchObject({ state: 'open', pricePaise: 320000, dispatchBy: '2026-12-10', advancePercent: 50, advancePaise: 160000, balancePaise: 160000 })
    expect(view.expiresAt).toBe(LATER(7).toISOString())
    const [mail] = await mailsOf('custom-quote-sent')
    expect(mail?.to_address).toBe('meera@example.com')
    expect(mail?.text).toContain('We can press your jasmine')
    expect(mail?.text).toContain('https://shop.example.in/shop/custom-order/quote/')
    expect(readQuoteLink(SECRET, await mailedToken(), NOW).requestId).toBe(id)
  })

  it('refuses a dispatch day that is not ahead, and a request already accepted', async () => {
    const { id } = await shopperWithRequest()
    const past = await rejection(sendQuote(db, id, quote({ dispatchBy: '2026-11-26' }), { linkSecret: SECRET, answerPath: ANSWER }, NOW))
    expect((past as Invalid).errors.dispatchBy).toBeDefined()
    await sendQuote(db, id, quote(), { linkSecret: SECRET, answerPath: ANSWER }, NOW)
    await acceptQuote(db, id, { userId: (await readQuote(db, id)).request.user_id ?? '' }, ADDRESS, NOW)
    expect(await rejection(sendQuote(db, id, quote(), { linkSecret: SECRET, answerPath: ANSWER }, NOW))).toBeInstanceOf(Invalid)
  })

  it('checks each field of the form next to it', () => {
    const result = customQuoteSchema.safeParse({ message: '', price: 'lots', dispatchBy: '2026-13-40', advancePercent: '33', expiresInDays: '0' })
    expect(result.success).toBe(false)
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]))
    expect([...fields].sort()).toEqual(['advancePercent', 'dispatchBy', 'expiresInDays', 'message', 'price'])
  })
})

describe("the shopper's answer", () => {
  it('accepts from Account while the quote stands, keeping the address for the order', async () => {
    const { id, userId } = await quoted()
    await acceptQuote(db, id, { userId }, ADDRESS, LATER(6))
    const { request, quote: view } = await readQuote(db, id)
    expect(view.state).toBe('accepted')
    expect(JSON.parse(request.delivery_address)).toMatchObject({ city: 'Bengaluru', pincode: '560001' })
  })

  it('declines with a reason, which the quote then says; it cannot be accepted after', async () => {
    const { id, userId } = await quoted()
    expect(((await rejection(declineQuote(db, id, { userId }, '  ', NOW))) as Invalid).errors.reason).toEqual([QUOTE_MESSAGES.reasonNeeded])
    await declineQuote(db, id, { userId }, 'Over my budget this month', NOW)
    const { quote: view } = await readQuote(db, id)
    expect(view).toMatchObject({ state: 'declined', declinedBy: 'shopper', says: 'You declined this quote: Over my budget this month' })
    expect(((await rejection(acceptQuote(db, id, { userId }, ADDRESS, NOW))) as Error).message).toBe(QUOTE_MESSAGES.notOpen)
  })

  it('refuses an expired quote, which says so', async () => {
    const { id, userId } = await quoted({ expiresInDays: '3' })
    const error = await rejection(acceptQuote(db, id, { userId }, ADDRESS, LATER(3)))
    expect((error as Error).message).toBe(QUOTE_MESSAGES.expired)
    expect((await readQuote(db, id, LATER(3))).quote).toMatchObject({ state: 'expired', says: QUOTE_MESSAGES.expired })
  })

  it("refuses another shopper's answer", async () => {
    const { id } = await quoted()
    const other = await registerUser(db, { userName: 'Ravi', email: 'ravi@example.com', password: 'password-123' })
    expect(await rejection(acceptQuote(db, id, { userId: other.id }, ADDRESS, NOW))).toBeDefined()
    expect((await readQuote(db, id)).quote.state).toBe('open')
  })
})

describe('the signed link', () => {
  it('accepts once without a password; the second use is refused', async () => {
    const { id } = await quoted()
    const link = readQuoteLink(SECRET, await mailedToken(), NOW)
    await acceptQuote(db, id, { link }, ADDRESS, NOW)
    expect((await readQuote(db, id)).quote.state).toBe('accepted')
    const again = await rejection(declineQuote(db, id, { link }, 'changed my mind', NOW))
    expect((again as Error).message).toMatch(/no longer|already been used/)
  })

  it('is used up by a decline, and refused for the accept after', async () => {
    const { id, userId } = await quoted()
    const link = readQuoteLink(SECRET, await mailedToken(), NOW)
    await declineQuote(db, id, { link }, 'Too late for the wedding', NOW)
    // Even were the quote open again, the link is spent.
    await db.updateTable('custom_requests').set({ status: 'quoted' }).where('id', '=', id).execute()
    const reused = await rejection(acceptQuote(db, id, { link }, ADDRESS, NOW))
    expect(reused).toBeInstanceOf(QuoteLinkRefused)
    expect((reused as QuoteLinkRefused).reason).toBe('used')
    await acceptQuote(db, id, { userId }, ADDRESS, NOW)
  })

  it('is refused once expired, or tampered with, or signed with another key, or for an older quote', async () => {
    const { id } = await quoted()
    const token = await mailedToken()
    expect((await rejection(Promise.resolve().then(() => readQuoteLink(SECRET, token, LATER(7))))) as QuoteLinkRefused).toMatchObject({ reason: 'expired' })
    const parts = token.split('.')
    const otherId = [String(id + 1), ...parts.slice(1)].join('.')
    const longer = [parts[0], parts[1], String(Number(parts[2]) + 86400), parts[3], parts[4]].join('.')
    for (const bad of [otherId, longer, `${token}x`, token.slice(0, -2), 'nonsense']) {
      expect(((await rejection(Promise.resolve().then(() => readQuoteLink(SECRET, bad, NOW)))) as QuoteLinkRefused).reason).toBe('invalid')
    }
    expect(((await rejection(Promise.resolve().then(() => readQuoteLink('another-secret', token, NOW)))) as QuoteLinkRefused).reason).toBe('invalid')
    // A new quote makes the old link void.
    const link = readQuoteLink(SECRET, token, NOW)
    await sendQuote(db, id, quote({ price: '3,000' }), { linkSecret: SECRET, answerPath: ANSWER }, LATER(1))
    expect(((await rejection(acceptQuote(db, id, { link }, ADDRESS, LATER(1)))) as Error).message).toBe(QUOTE_MESSAGES.linkInvalid)
    const fresh = signQuoteLink(SECRET, { requestId: id, quotedAtMs: LATER(1).getTime(), expiresAt: Math.floor(LATER(5).getTime() / 1000) })
    await acceptQuote(db, id, { link: readQuoteLink(SECRET, fresh, LATER(1)) }, ADDRESS, LATER(1))
  })
})

describe('paying through a Payment Link', () => {
  async function accepted(overrides: Record<string, string> = {}) {
    const request = await quoted(overrides)
    await acceptQuote(db, request.id, { userId: request.userId }, ADDRESS, NOW)
    return request
  }

  it('asks for the whole price once (the same link again), and makes one order with one line and its invoice when paid', async () => {
    const { id, userId } = await accepted()
    const links = fakeLinks()
    const first = await openPaymentLink(db, links, id, { userId, callbackUrl: 'https://shop.example.in/cb' }, NOW)
    const second = await openPaymentLink(db, links, id, { userId, callbackUrl: 'https://shop.example.in/cb' }, NOW)
    expect(second.shortUrl).toBe(first.shortUrl)
    expect(first).toMatchObject({ kind: 'full', amountPaise: 320000 })
    expect(links.links.size).toBe(1)
    const [link] = [...links.links.values()]
    const paymentId = links.pay(link?.id ?? '')

    const settled = await settleLinkPayment(db, { linkId: link?.id ?? '', paymentId, amountPaise: 320000 }, NOW)
    expect(settled.changed).toBe(true)
    // The webhook and the callback report it again: nothing more.
    expect((await settleLinkPayment(db, { linkId: link?.id ?? '', paymentId, amountPaise: 320000 }, NOW)).changed).toBe(false)
    expect(await checkPaymentLink(db, links, link?.id ?? '', NOW)).toBe('paid')

    const made = await orders()
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ total_amount_paise: 320000, order_status: 'confirmed', payment_status: 'paid', user_id: userId, city: 'Bengaluru' })
    const lines = await db.selectFrom('order_lines').select(['title', 'unit_price_paise', 'quantity']).execute()
    expect(lines).toEqual([{ title: expect.stringContaining('Custom piece #C1001: A pendant with the jasmine'), unit_price_paise: 320000, quantity: 1 }])
    expect(await db.selectFrom('invoices').select('number').where('order_id', '=', made[0]?.id ?? '').execute()).toHaveLength(1)
    expect((await readQuote(db, id)).quote.state).toBe('paid')
    expect(await mailsOf('custom-quote-paid')).toHaveLength(1)
    expect(await mailsOf('order-confirmed')).toHaveLength(1)
    // It follows the ordinary lifecycle.
    await moveOrder(db, made[0]?.id ?? '', 'inProcess', 'admin')
    await moveOrder(db, made[0]?.id ?? '', 'inShipping', 'admin')
    await moveOrder(db, made[0]?.id ?? '', 'delivered', 'admin')
    // Nothing more to pay.
    expect(((await rejection(openPaymentLink(db, links, id, { userId, callbackUrl: 'x' }, NOW))) as Error).message).toBe(QUOTE_MESSAGES.noLinkNeeded)
  })

  it('ends with one order when the process died between the payment and the order: the poll settles it once', async () => {
    // SQLite for the trigger that plays the kill.
    await testDb.cleanup()
    testDb = await createTestDb({ sqlite: true })
    db = testDb.db
    const { id, userId } = await accepted()
    const links = fakeLinks()
    await openPaymentLink(db, links, id, { userId, callbackUrl: 'cb' }, NOW)
    const [link] = [...links.links.values()]
    links.pay(link?.id ?? '')
    // The settlement dies after the order's rows are written, before its commit (a trigger fails the
    // payment mail, the last write): nothing of it is kept, not even the link marked paid.
    await sql`create trigger die_in_settlement before insert on mail_outbox begin select raise(abort, 'killed'); end`.execute(db)
    expect(String(await rejection(settleLinkPayment(db, { linkId: link?.id ?? '', paymentId: `pay_${link?.id}`, amountPaise: 320000 }, NOW)))).toContain('killed')
    await sql`drop trigger die_in_settlement`.execute(db)
    expect(await orders()).toHaveLength(0)
    expect(await db.selectFrom('custom_payment_links').select('status').executeTakeFirst()).toEqual({ status: 'created' })
    expect(await pollPaymentLinks(db, links, NOW)).toBe(1)
    expect(await pollPaymentLinks(db, links, NOW)).toBe(0)
    expect(await orders()).toHaveLength(1)
    expect(await mailsOf('custom-quote-paid')).toHaveLength(1)
  })

  it('refuses a payment of another amount, and a link it does not know', async () => {
    const { id, userId } = await accepted()
    const links = fakeLinks()
    await openPaymentLink(db, links, id, { userId, callbackUrl: 'cb' }, NOW)
    const [link] = [...links.links.values()]
    expect(await rejection(settleLinkPayment(db, { linkId: link?.id ?? '', paymentId: 'pay_x', amountPaise: 100 }, NOW))).toBeDefined()
    expect(await rejection(settleLinkPayment(db, { linkId: 'plink_unknown', paymentId: 'pay_x', amountPaise: 320000 }, NOW))).toBeDefined()
    expect(await orders()).toHaveLength(0)
  })

  it('refuses a link before the quote is accepted', async () => {
    const { id, userId } = await quoted()
    expect(((await rejection(openPaymentLink(db, fakeLinks(), id, { userId, callbackUrl: 'cb' }, NOW))) as Error).message).toBe(QUOTE_MESSAGES.noLinkNeeded)
  })

  it('with an advance: the order is made on the advance, cannot ship until the balance link is paid, then is paid with its invoice', async () => {
    const { id, userId } = await accepted({ advancePercent: '50' })
    const links = fakeLinks()
    const advance = await openPaymentLink(db, links, id, { userId, callbackUrl: 'cb' }, NOW)
    expect(advance).toMatchObject({ kind: 'advance', amountPaise: 160000 })
    const [first] = [...links.links.values()]
    await settleLinkPayment(db, { linkId: first?.id ?? '', paymentId: links.pay(first?.id ?? ''), amountPaise: 160000 }, NOW)
    const [order] = await orders()
    expect(order).toMatchObject({ order_status: 'confirmed', payment_status: 'pending', total_amount_paise: 320000 })
    await moveOrder(db, order?.id ?? '', 'inProcess', 'admin')
    const refused = await rejection(moveOrder(db, order?.id ?? '', 'inShipping', 'admin'))
    expect((refused as Invalid).errors.status).toEqual([QUOTE_MESSAGES.balanceDue])

    const balance = await openPaymentLink(db, links, id, { userId, callbackUrl: 'cb' }, NOW)
    expect(balance).toMatchObject({ kind: 'balance', amountPaise: 160000 })
    const second = [...links.links.values()][1]
    await settleLinkPayment(db, { linkId: second?.id ?? '', paymentId: links.pay(second?.id ?? ''), amountPaise: 160000 }, NOW)
    const [paid] = await orders()
    expect(paid).toMatchObject({ payment_status: 'paid' })
    expect(await orders()).toHaveLength(1)
    expect(await db.selectFrom('invoices').select('number').execute()).toHaveLength(1)
    expect(await db.selectFrom('payments').select('amount_paise').where('order_id', '=', order?.id ?? '').execute()).toHaveLength(2)
    await moveOrder(db, order?.id ?? '', 'inShipping', 'admin')
    expect(await mailsOf('custom-quote-paid')).toHaveLength(2)
  })
})
