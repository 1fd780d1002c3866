// Failed deliveries and returns to origin (issue 30, ADR 102). A scan the courier reports as NDR
// (undelivered: customer not available, wrong address, refused...) is a row here with its reason; it puts
// the order in 'Needs attention' until the owner answers it (Re-attempt, with a corrected phone or
// address, or Return to origin) or a later scan moves the parcel on; the shopper gets one mail per
// attempt. The owner's answer is an intent written before the aggregator is asked ('sending'), so a
// double tap finds it and a retry after a timeout asks the aggregator, which answers an attempt it
// already has without a second action. RTO scans move the parcel to returning, then returned; a parcel
// back at the studio restocks only when the owner checks it ("Received back"), once.
import type { DB } from '../../../db/database'
import { lockRows } from '../../../db/dialect'
import { clock } from '~/domain/clock'
import { Invalid, NotFound } from '~/domain/errors'
import { shelveReceived } from '~/domain/catalog/stock-history.server'
import { orderStatusMail } from '~/domain/messaging/mail.server'
import { newId } from '~/lib/ids.server'
import { NDR_MESSAGES, type NdrAction, type NdrView, type RtoView, SHIPMENT_MESSAGES, type ShipmentStatus } from '~/lib/shipments'
import { CourierUnavailable, type NdrActionRequest, type ShippingProvider } from './shipping-provider'

type Trx = DB

/** How long one tap may ask the aggregator (longer than its 10 s timeout); a second tap meanwhile asks nothing. */
const ASKING_MS = 20_000

/** A failed-delivery scan just recorded (inside recordScans' transaction): its row, and the shopper's mail, once. */
export async function recordNdr(trx: Trx, orderId: string, scan: { eventKey: string; reason: string; at: string }): Promise<void> {
  const previous = await trx
    .selectFrom('parcel_ndrs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
  const id = newId()
  const reason = scan.reason.trim().slice(0, 300) || 'Delivery attempt failed'
  const inserted = await trx
    .insertInto('parcel_ndrs')
    .values({ id, order_id: orderId, event_key: scan.eventKey, attempt: Number(previous.count) + 1, reason, scanned_at: scan.at })
    .onConflict((oc) => oc.columns(['order_id', 'event_key']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return
  // One mail per failed attempt (its key is the attempt's own), whatever replays the scan.
  await orderStatusMail(trx, orderId, 'deliveryFailed', { eventId: scan.eventKey, note: `${reason}. ${NDR_MESSAGES.shopperNext}` })
}

/** The parcel moved to returning or returned: its RTO row follows (never back from received). */
export async function recordRto(trx: Trx, orderId: string, status: ShipmentStatus): Promise<void> {
  if (status !== 'returning' && status !== 'returned') return
  const now = clock.iso()
  await trx
    .insertInto('parcel_rtos')
    .values({ order_id: orderId, status, returned_at: status === 'returned' ? now : null, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('order_id')
        .doUpdateSet({ status, returned_at: status === 'returned' ? now : null, updated_at: now })
        .where('parcel_rtos.status', '!=', 'received'),
    )
    .execute()
}

/** The order's failed deliveries, oldest first. */
export async function readNdrs(db: DB, orderId: string): Promise<NdrView[]> {
  const rows = await db
    .selectFrom('parcel_ndrs')
    .select(['id', 'attempt', 'reason', 'scanned_at', 'action', 'action_state'])
    .where('order_id', '=', orderId)
    .orderBy('attempt')
    .execute()
  return rows.map((r) => ({ id: r.id, attempt: r.attempt, reason: r.reason, at: r.scanned_at, action: r.action, actionState: r.action_state }))
}

export async function readRto(db: DB, orderId: string): Promise<RtoView | null> {
  const row = await db.selectFrom('parcel_rtos').select(['status', 'received_items']).where('order_id', '=', orderId).executeTakeFirst()
  return row ? { status: row.status, receivedItems: JSON.parse(row.received_items) as RtoView['receivedItems'] } : null
}

export interface NdrAnswer {
  action: NdrAction
  /** A corrected phone ('' or missing: unchanged), already checked by the form's schema. */
  phone?: string
  /** A corrected address line and landmark ('' or missing: unchanged). */
  addressLine?: string
  landmark?: string
  comment?: string
}

/**
 * The owner answers the parcel's latest failed delivery. A second tap on an answered attempt, or one
 * while the first is still asking, answers it as it stands; an answer left 'sending' by a timeout or a
 * crash is asked again as it was recorded (the aggregator, asked first, sends nothing twice). Throws NotFound when there is nothing to answer,
 * CourierUnavailable when the aggregator does not answer (the intent stays; tap again).
 */
export async function answerNdr(db: DB, provider: ShippingProvider, orderId: string, answer: NdrAnswer, adminId: string | null): Promise<NdrView> {
  const intent = await db.transaction().execute(async (trx) => {
    await lockRows(trx, 'orders', [orderId])
    const shipment = await trx.selectFrom('shipments').select(['status', 'awb']).where('order_id', '=', orderId).executeTakeFirst()
    const latest = await trx.selectFrom('parcel_ndrs').selectAll().where('order_id', '=', orderId).orderBy('attempt', 'desc').limit(1).executeTakeFirst()
    if (!shipment?.awb || !latest) throw new NotFound(NDR_MESSAGES.noOpenNdr)
    const now = clock.iso()
    const claimedUntil = new Date(clock.now().getTime() + ASKING_MS).toISOString()
    if (latest.action_state === 'sent') return { row: latest, awb: shipment.awb, ask: false }
    if (latest.action_state === 'sending') {
      // Another tap is asking right now: this one waits for it; one left by a timeout or a crash is asked again.
      if (latest.claimed_until && latest.claimed_until > now) return { row: latest, awb: shipment.awb, ask: false }
      await trx.updateTable('parcel_ndrs').set({ claimed_until: claimedUntil }).where('id', '=', latest.id).execute()
      return { row: latest, awb: shipment.awb, ask: true }
    }
    // A parcel a later scan moved on (delivered, out again, on its way back) has nothing to answer.
    if (shipment.status !== 'undelivered') throw new Invalid({ ndr: [NDR_MESSAGES.noOpenNdr] })
    const values = {
      claimed_until: claimedUntil,
      action: answer.action,
      action_state: 'sending' as const,
      action_phone: answer.action === 'reattempt' ? (answer.phone ?? '') : '',
      action_address: answer.action === 'reattempt' ? (answer.addressLine ?? '') : '',
      action_landmark: answer.action === 'reattempt' ? (answer.landmark ?? '') : '',
      action_comment: answer.comment ?? '',
      action_by: adminId,
      action_at: now,
      updated_at: now,
    }
    await trx.updateTable('parcel_ndrs').set(values).where('id', '=', latest.id).execute()
    return { row: { ...latest, ...values }, awb: shipment.awb, ask: true }
  })
  const { row, awb } = intent
  if (!intent.ask || !row.action) return toView(row)
  const request: NdrActionRequest = {
    action: row.action,
    attempt: row.attempt,
    comments: row.action_comment || (row.action === 'reattempt' ? 'Please deliver again' : 'Return to origin'),
    ...(row.action_phone ? { phone: row.action_phone.replace(/\D/g, '').slice(-10) } : {}),
    ...(row.action_address ? { address1: row.action_address } : {}),
    ...(row.action_landmark ? { address2: row.action_landmark } : {}),
  }
  try {
    await provider.ndrAction(awb, request)
  } catch (error) {
    if (error instanceof CourierUnavailable) {
      await db
        .updateTable('parcel_ndrs')
        .set((eb) => ({ last_error: error.message.slice(0, 500), attempts: eb('attempts', '+', 1), claimed_until: null, updated_at: clock.iso() }))
        .where('id', '=', row.id)
        .execute()
      throw new CourierUnavailable(NDR_MESSAGES.courierDown)
    }
    throw error
  }
  return db.transaction().execute(async (trx) => {
    const now = clock.iso()
    const saved = await trx
      .updateTable('parcel_ndrs')
      .set((eb) => ({ action_state: 'sent', last_error: null, attempts: eb('attempts', '+', 1), claimed_until: null, updated_at: now }))
      .where('id', '=', row.id)
      .where('action_state', '=', 'sending')
      .executeTakeFirst()
    if (Number(saved.numUpdatedRows) > 0) {
      const note = row.action === 'reattempt' ? NDR_MESSAGES.reattemptSent : NDR_MESSAGES.returnSent
      const order = await trx.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirstOrThrow()
      await trx.insertInto('order_status_history').values({ order_id: orderId, status: order.order_status, note: `Failed delivery ${row.attempt}: ${note}`, changed_by: adminId, changed_at: now }).execute()
    }
    return toView({ ...row, action_state: 'sent' })
  })
}

function toView(row: { id: string; attempt: number; reason: string; scanned_at: string; action: NdrAction | null; action_state: 'open' | 'sending' | 'sent' }): NdrView {
  return { id: row.id, attempt: row.attempt, reason: row.reason, at: row.scanned_at, action: row.action, actionState: row.action_state }
}

/**
 * The owner checked a parcel back at the studio: each order line back on the shelf (`restock[line]`)
 * or written off. Once: a second check (a double tap, a retry) changes no stock.
 */
export async function receiveParcelBack(db: DB, orderId: string, restock: Record<number, boolean>, adminId: string | null): Promise<RtoView> {
  await db.transaction().execute(async (trx) => {
    await lockRows(trx, 'orders', [orderId])
    const rto = await trx.selectFrom('parcel_rtos').select('status').where('order_id', '=', orderId).executeTakeFirst()
    if (!rto) throw new NotFound(SHIPMENT_MESSAGES.noShipment)
    if (rto.status === 'received') return
    if (rto.status !== 'returned') throw new Invalid({ receive: [NDR_MESSAGES.notReturned] })
    const at = clock.iso()
    const lines = await trx.selectFrom('order_lines').select('quantity').where('order_id', '=', orderId).orderBy('id').execute()
    const received = lines.map((line, index) => ({ line: index, quantity: line.quantity, restock: restock[index] === true }))
    await shelveReceived(trx, orderId, received, at, 'Returned to origin')
    await trx.updateTable('parcel_rtos').set({ status: 'received', received_items: JSON.stringify(received), received_by: adminId, received_at: at, updated_at: at }).where('order_id', '=', orderId).execute()
    const order = await trx.selectFrom('orders').select('order_status').where('id', '=', orderId).executeTakeFirstOrThrow()
    const kept = received.filter((r) => r.restock).length
    await trx.insertInto('order_status_history').values({ order_id: orderId, status: order.order_status, note: NDR_MESSAGES.receivedBack(kept, received.length), changed_by: adminId, changed_at: at }).execute()
  })
  return (await readRto(db, orderId)) as RtoView
}
