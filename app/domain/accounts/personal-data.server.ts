// "Download my data" (DPDP Act 2023, issue 32, ADR 089): everything the shop keeps about one shopper,
// as one plain object for a JSON file: her profile, addresses, orders with their lines, reviews,
// custom requests, consents and complaints. Every query is keyed by her account's id (a complaint sent
// signed out is not hers to download: anyone may type her email), so the file holds exactly hers.
import type { DB } from '../../../db/database'
import { NotFound } from '~/domain/errors'
import { listComplaintsOf } from '~/domain/complaints/complaints.server'
import { returnsOf } from '~/domain/orders/returns.server'
import { returnPhotoName } from '~/lib/return-photos'
import { listAddresses } from './addresses.server'
import { consentHistory } from './consents.server'

export const EXPORT_FORMAT = 'resin-craft-personal-data/1'

export async function exportPersonalData(db: DB, userId: string, now: Date = new Date()) {
  const user = await db.selectFrom('users').select(['id', 'user_name', 'email', 'role', 'created_at']).where('id', '=', userId).executeTakeFirst()
  if (!user) throw new NotFound('No such account')
  const [addresses, orders, lines, invoices, reviews, customRequests, consents, complaints] = await Promise.all([
    listAddresses(db, userId),
    db
      .selectFrom('orders')
      .select([
        'id',
        'number',
        'order_date',
        'order_status',
        'payment_status',
        'user_name',
        'email',
        'recipient_name',
        'address_line',
        'landmark',
        'city',
        'state',
        'pincode',
        'country',
        'phone',
        'notes',
        'subtotal_paise',
        'discount_code',
        'discount_paise',
        'delivery_fee_paise',
        'total_amount_paise',
        'tracking_carrier',
        'tracking_number',
      ])
      .where('user_id', '=', userId)
      .orderBy('order_date')
      .execute(),
    db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.order_id', 'l.title', 'l.variety_name', 'l.option2', 'l.color', 'l.personalization', 'l.quantity', 'l.unit_price_paise'])
      .where('o.user_id', '=', userId)
      .orderBy('l.id')
      .execute(),
    db
      .selectFrom('invoices as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.order_id', 'i.kind', 'i.number', 'i.issued_at'])
      .where('o.user_id', '=', userId)
      .orderBy('i.issued_at')
      .execute(),
    db
      .selectFrom('reviews as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select(['r.product_id', 'p.title', 'r.review_value', 'r.review_message', 'r.created_at', 'r.updated_at'])
      .where('r.user_id', '=', userId)
      .orderBy('r.created_at')
      .execute(),
    db
      .selectFrom('custom_requests')
      .select(['id', 'name', 'email', 'phone', 'description', 'occasion', 'budget_paise', 'needed_by', 'status', 'quoted_paise', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    consentHistory(db, userId),
    listComplaintsOf(db, userId),
  ])
  // Her returns, with the addresses of her photos of damage (ADR 101), served to her signed in.
  const returns = await returnsOf(
    db,
    orders.map((o) => o.id),
  )
  const rupees = (paise: number | null) => (paise === null ? null : Number(paise) / 100)
  return {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: { id: user.id, name: user.user_name, email: user.email, role: user.role, createdAt: user.created_at },
    addresses,
    orders: orders.map((o) => ({
      id: o.id,
      number: Number(o.number),
      placedAt: o.order_date,
      status: o.order_status,
      paymentStatus: o.payment_status,
      name: o.user_name,
      email: o.email,
      deliverTo: {
        recipient: o.recipient_name,
        addressLine: o.address_line,
        landmark: o.landmark,
        city: o.city,
        state: o.state,
        pincode: o.pincode,
        country: o.country,
        phone: o.phone,
        notes: o.notes,
      },
      lines: lines
        .filter((l) => l.order_id === o.id)
        .map((l) => ({
          title: l.title,
          option: l.variety_name,
          option2: l.option2,
          colour: l.color,
          personalisation: l.personalization ? (JSON.parse(l.personalization) as Record<string, string>) : {},
          quantity: l.quantity,
          unitPrice: rupees(l.unit_price_paise),
        })),
      subtotal: rupees(o.subtotal_paise),
      discountCode: o.discount_code,
      discount: rupees(o.discount_paise),
      deliveryFee: rupees(o.delivery_fee_paise),
      total: rupees(o.total_amount_paise),
      tracking: o.tracking_carrier || o.tracking_number ? { carrier: o.tracking_carrier, number: o.tracking_number } : null,
      documents: invoices.filter((i) => i.order_id === o.id).map((i) => ({ kind: i.kind, number: i.number, issuedAt: i.issued_at })),
      returns: (returns.get(o.id) ?? []).map((r) => ({
        number: r.number,
        status: r.status,
        requestedAt: r.createdAt,
        pieces: r.items.map((i) => ({ title: i.title, quantity: i.quantity, reason: i.reason })),
        note: r.note,
        photos: r.photos.map((url) => `/shop/account/orders/${o.id}/return-photos/${returnPhotoName(url, 'full')}`),
      })),
    })),
    reviews: reviews.map((r) => ({
      productId: r.product_id,
      product: r.title,
      rating: r.review_value,
      message: r.review_message,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    customRequests: customRequests.map((c) => ({
      id: Number(c.id),
      name: c.name,
      email: c.email,
      phone: c.phone,
      description: c.description,
      occasion: c.occasion,
      budget: rupees(c.budget_paise),
      neededBy: c.needed_by,
      status: c.status,
      quoted: rupees(c.quoted_paise),
      createdAt: c.created_at,
    })),
    consents,
    complaints: complaints.map((c) => ({
      ticket: c.ticket,
      name: c.name,
      email: c.email,
      phone: c.phone,
      orderNumber: c.orderNumber,
      message: c.message,
      status: c.status,
      resolution: c.resolution,
      createdAt: c.createdAt,
      resolvedAt: c.resolvedAt,
    })),
  }
}

export type PersonalData = Awaited<ReturnType<typeof exportPersonalData>>
