// Deleting a shopper's account (DPDP Act 2023, issue 32, ADR 089), by her or by the admin on her
// written request, in one transaction: her sessions and Bearer tokens end; her addresses, cart,
// custom requests, consents, back-in-stock alerts, password resets, mails and limit counters go; her
// account row stays as a placeholder (orders and reviews point at it) with no name, email or
// password; her orders and invoices keep what tax law asks for eight years (numbers, dates, pieces,
// amounts, taxes, the state of supply) and lose everything else personal; her complaints keep their
// ticket and dates; her reviews stay, anonymous, or go, as she chooses. The photos of her custom
// requests go from the database in the transaction and from the disk cache right after (ADR 095).
import { randomBytes } from 'node:crypto'
import type { DB } from '../../../db/database'
import { ERASED_NAME, ERASURE_MESSAGES, ERASURE_TEXT, erasedEmail, NAMED_INVOICE_PAISE, type ReviewChoice } from '~/lib/account-erasure'
import type { InvoiceDocument } from '~/lib/invoice-document'
import { clock } from '~/domain/clock'
import { Conflict, Forbidden, Invalid, NotFound } from '~/domain/errors'
import { recountReviews } from '~/domain/catalog/reviews.server'
import type { ImageFileCache } from '~/domain/catalog/image-store'
import { eraseReturnPhotos } from '~/domain/orders/return-photos.server'
import { eraseStoredImages, sweepErasedFiles } from '~/domain/catalog/media.server'
import { verifyPassword } from './passwords.server'

const IN_FLIGHT = ['confirmed', 'inProcess', 'inShipping'] as const

/** Her confirmation: the word DELETE, or her password; else Invalid under `confirm`. */
export async function checkErasureConfirmation(db: DB, userId: string, confirm: string): Promise<void> {
  if (confirm.trim() === ERASURE_TEXT.confirmWord) return
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  if (confirm !== '' && user && (await verifyPassword(confirm, user.password_hash))) return
  throw new Invalid({ confirm: [ERASURE_MESSAGES.confirm] })
}

/**
 * Erases the shopper `userId`. Refused (Conflict) while an order of hers is paid and not yet delivered
 * or cancelled, or holds stock for a checkout; Forbidden for an admin's account; NotFound when there is none.
 * `files` is this process's image cache: her photos leave it once the transaction has committed (a
 * crash before that leaves their names in erased_files for tidy's sweep, ADR 095).
 */
export async function eraseAccount(db: DB, userId: string, options: { reviews: ReviewChoice; files: ImageFileCache }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['email', 'user_name', 'role']).where('id', '=', userId).executeTakeFirst()
    if (!user || user.email === erasedEmail(userId)) throw new NotFound('No such account')
    if (user.role === 'admin') throw new Forbidden(ERASURE_MESSAGES.adminAccount)
    const now = clock.now().toISOString()
    const inFlight = await trx.selectFrom('orders').select('id').where('user_id', '=', userId).where('order_status', 'in', IN_FLIGHT).executeTakeFirst()
    const holding = await trx.selectFrom('stock_holds').select('order_id').where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst()
    if (inFlight || holding) throw new Conflict(ERASURE_MESSAGES.ordersInFlight)

    const orders = await trx.selectFrom('orders').select(['id', 'gateway_order_id', 'phone']).where('user_id', '=', userId).execute()
    const addressPhones = await trx.selectFrom('addresses').select('phone').where('user_id', '=', userId).execute()
    const phones = [...new Set([...orders, ...addressPhones].map((row) => row.phone).filter((phone) => phone.length >= 6))]
    const orderIds = orders.map((o) => o.id)
    const customIds = (await trx.selectFrom('custom_requests').select('id').where('user_id', '=', userId).execute()).map((r) => Number(r.id))
    const complaintIds = (
      await trx
        .selectFrom('complaints')
        .select('id')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', user.email)]))
        .execute()
    ).map((c) => Number(c.id))

    // Sessions and Bearer tokens (both are auth_sessions rows) end at once; the version bump ends any other.
    await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute()
    await trx
      .updateTable('users')
      .set((eb) => ({
        user_name: ERASED_NAME,
        email: erasedEmail(userId),
        password_hash: `erased:${randomBytes(16).toString('hex')}`,
        session_version: eb('session_version', '+', 1),
      }))
      .where('id', '=', userId)
      .execute()

    await trx.deleteFrom('addresses').where('user_id', '=', userId).execute()
    await trx.deleteFrom('carts').where('user_id', '=', userId).execute()
    await trx.deleteFrom('consents').where('user_id', '=', userId).execute()
    await trx.deleteFrom('stock_alerts').where('email', '=', user.email).execute()
    const photos = customIds.length
      ? (await trx.selectFrom('custom_request_photos').select('image_url').where('request_id', 'in', customIds).execute()).map((p) => p.image_url)
      : []
    if (customIds.length) {
      await trx.deleteFrom('custom_request_photos').where('request_id', 'in', customIds).execute()
      await trx.deleteFrom('custom_requests').where('id', 'in', customIds).execute()
    }
    if (complaintIds.length) {
      await trx
        .updateTable('complaints')
        .set({ user_id: null, name: ERASED_NAME, email: erasedEmail(userId), phone: '', message: '(erased with the account)', resolution: '', updated_at: now })
        .where('id', 'in', complaintIds)
        .execute()
    }
    await eraseOrders(trx, orderIds, photos)
    // Her photos' files, unless someone else's row names the same bytes (names are content hashes);
    // her returns' photos of damage too (ADR 101), and her words on them.
    await eraseStoredImages(trx, photos)
    await eraseReturnPhotos(trx, orderIds)
    if (orderIds.length) await trx.updateTable('returns').set({ note: '' }).where('order_id', 'in', orderIds).execute()
    if (orders.length) {
      const gatewayIds = orders.map((o) => o.gateway_order_id).filter((id): id is string => Boolean(id))
      // The gateway's events carry her email and phone; what they did to the order is on the order.
      if (gatewayIds.length) await trx.updateTable('webhook_events').set({ payload: '{"erased":true}' }).where('gateway_order_id', 'in', gatewayIds).execute()
    }

    const mailKeys = [
      ...orderIds.flatMap((id) => [`order-confirmed:${id}`, `order-paid-owner:${id}`]),
      ...customIds.flatMap((id) => [`custom-request-owner:${id}`, `custom-request-received:${id}`]),
      ...complaintIds.flatMap((id) => [`complaint-owner:${id}`, `complaint-received:${id}`, `complaint-resolved:${id}`]),
    ]
    const mentions = `%${user.email}%`
    await trx
      .deleteFrom('mail_outbox')
      .where((eb) =>
        eb.or([
          eb('to_address', '=', user.email),
          eb('html', 'like', mentions),
          eb('text', 'like', mentions),
          ...(mailKeys.length ? [eb('dedupe_key', 'in', mailKeys)] : []),
          ...orderIds.map((id) => eb('dedupe_key', 'like', `order-status:${id}:%`)),
        ]),
      )
      .execute()
    await trx.deleteFrom('rate_limit_counters').where('key', 'like', mentions).execute()
    await trx.deleteFrom('rate_limit_known').where('pair', 'like', mentions).execute()

    const reviewed = await trx.selectFrom('reviews').select('product_id').where('user_id', '=', userId).execute()
    if (options.reviews === 'delete' && reviewed.length) {
      await trx.deleteFrom('reviews').where('user_id', '=', userId).execute()
      await recountReviews(trx, reviewed.map((r) => r.product_id))
    } else {
      // Anonymous: the placeholder account signs them, and her name, email or phone typed into one goes.
      const own = await trx.selectFrom('reviews').select(['id', 'review_message']).where('user_id', '=', userId).execute()
      for (const review of own) {
        const message = withoutWords(review.review_message, [user.user_name, user.email, ...phones])
        if (message !== review.review_message) await trx.updateTable('reviews').set({ review_message: message }).where('id', '=', review.id).execute()
      }
    }
  })
  // Done and committed: a cache that cannot be swept now is swept by the next tidy (erased_files keeps the names).
  await sweepErasedFiles(db, options.files).catch((error) => console.error('Could not remove erased photos from the image cache yet', error))
}

/** `text` with each of `words` (any case) replaced by "[removed]". */
function withoutWords(text: string, words: readonly string[]): string {
  return words.filter((word) => word.trim() !== '').reduce((out, word) => out.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[removed]'), text)
}

/**
 * Her orders keep numbers, dates, lines, amounts and the state of supply; names, contacts, address,
 * personalisation and a custom piece's picture (her request's photo, `photos`) go.
 */
async function eraseOrders(trx: DB, orderIds: string[], photos: readonly string[]): Promise<void> {
  if (!orderIds.length) return
  const lines = await trx.selectFrom('order_lines').select(['order_id', 'personalization']).where('order_id', 'in', orderIds).execute()
  const typed = lines.flatMap((l) => (l.personalization ? Object.values(JSON.parse(l.personalization) as Record<string, string>) : []))
  const invoices = await trx.selectFrom('invoices').select(['id', 'document']).where('order_id', 'in', orderIds).execute()
  for (const invoice of invoices) {
    const document = JSON.parse(invoice.document) as InvoiceDocument
    await trx.updateTable('invoices').set({ document: JSON.stringify(erasedDocument(document, typed)) }).where('id', '=', invoice.id).execute()
  }
  await trx
    .updateTable('orders')
    .set({
      user_name: ERASED_NAME,
      email: '',
      recipient_name: '',
      address_id: null,
      address_line: '',
      landmark: '',
      city: '',
      pincode: '',
      phone: '',
      notes: '',
      client_key: null,
    })
    .where('id', 'in', orderIds)
    .execute()
  await trx.updateTable('order_lines').set({ personalization: '' }).where('order_id', 'in', orderIds).execute()
  if (photos.length) await trx.updateTable('order_lines').set({ image: '' }).where('order_id', 'in', orderIds).where('image', 'in', photos).execute()
}

/**
 * An issued invoice or credit note without her: the buyer becomes the placeholder and the ship-to her
 * state; the words she typed to personalise a piece leave the lines. One of NAMED_INVOICE_PAISE or more
 * keeps the buyer's name and delivery address (not her email or phone), which GST rule 46(e) asks for.
 */
export function erasedDocument(document: InvoiceDocument, typed: readonly string[]): InvoiceDocument {
  const named = document.totals.grossPaise >= NAMED_INVOICE_PAISE
  const contact = (line: string) => line.includes('@') || line.startsWith('Phone:')
  return {
    ...document,
    buyer: named ? { name: document.buyer.name, lines: [] } : { name: ERASED_NAME, lines: [] },
    shipTo: named
      ? { name: document.shipTo.name, lines: document.shipTo.lines.filter((line) => !contact(line)) }
      : { name: ERASED_NAME, lines: [document.placeOfSupply] },
    lines: document.lines.map((line) => ({ ...line, details: line.details.filter((d) => !typed.some((word) => word !== '' && d.includes(word))) })),
  }
}
