// Complaints (Consumer Protection (E-Commerce) Rules 2020, issue 32, ADR 089): a visitor or shopper
// files one and gets its ticket at once; the acknowledgement to her and the owner's copy are queued in
// the same transaction. The admin moves it open -> in progress -> resolved (COMPLAINT_MOVES); a
// resolution note is mailed to the complainant; the dashboard counts those nearing one month.
import type { DB } from '../../../db/database'
import {
  COMPLAINT_LIMITS,
  COMPLAINT_MESSAGES as MESSAGES,
  COMPLAINT_NEARING_DAYS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintStatus,
  canMoveComplaint,
  formatComplaintTicket,
  isComplaintStatus,
} from '~/lib/complaints'
import type { ComplaintInput, ComplaintUpdateInput } from '~/schemas/complaint'
import { complaintReceivedMail, complaintResolvedMail, ownerComplaintMail } from '~/mail/complaint-mails.server'
import { clock } from '~/domain/clock'
import { Conflict, Invalid, NotFound } from '~/domain/errors'
import { enqueueMail, ownerRecipients } from '~/domain/messaging/mail.server'
import { readPage } from '~/domain/paging.server'
import { domainSettings } from '~/domain/settings.server'

const DAY_MS = 24 * 60 * 60 * 1000
const PAGE_SIZE = 25

export interface Complaint {
  id: number
  ticket: string
  name: string
  email: string
  phone: string
  orderId: string | null
  orderNumber: number | null
  message: string
  status: ComplaintStatus
  resolution: string
  createdAt: string
  resolvedAt: string | null
}

/**
 * Files a complaint from `userId` (null for a visitor) and answers its ticket. An order is taken only
 * from a signed-in shopper and only when it is hers (else Invalid under `orderId`).
 */
export async function fileComplaint(db: DB, input: ComplaintInput, userId: string | null): Promise<{ id: number; ticket: string }> {
  return db.transaction().execute(async (trx) => {
    let orderNumber: number | null = null
    if (input.orderId) {
      const order = userId
        ? await trx.selectFrom('orders').select(['id', 'number']).where('id', '=', input.orderId).where('user_id', '=', userId).executeTakeFirst()
        : undefined
      if (!order) throw new Invalid({ orderId: [MESSAGES.orderNotYours] })
      orderNumber = Number(order.number)
    }
    const row = await trx
      .insertInto('complaints')
      .values({
        user_id: userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        order_id: input.orderId || null,
        message: input.message,
        created_at: clock.now().toISOString(),
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    const ticket = formatComplaintTicket(id, row.created_at)
    const settings = domainSettings().mail
    await enqueueMail(trx, { kind: 'complaint-received', to: input.email, dedupeKey: `complaint-received:${id}`, ...complaintReceivedMail(settings, { ticket }) })
    const owner = await ownerRecipients(trx)
    if (owner) {
      const mail = { id, ticket, name: input.name, email: input.email, phone: input.phone, orderNumber, message: input.message }
      await enqueueMail(trx, { kind: 'complaint-owner', to: owner, dedupeKey: `complaint-owner:${id}`, ...ownerComplaintMail(settings, mail) })
    }
    return { id, ticket }
  })
}

const COLUMNS = ['c.id', 'c.name', 'c.email', 'c.phone', 'c.order_id', 'o.number', 'c.message', 'c.status', 'c.resolution', 'c.created_at', 'c.resolved_at'] as const

function complaintsQuery(db: DB) {
  return db.selectFrom('complaints as c').leftJoin('orders as o', 'o.id', 'c.order_id')
}

type Row = {
  id: number
  name: string
  email: string
  phone: string
  order_id: string | null
  number: number | null
  message: string
  status: ComplaintStatus
  resolution: string
  created_at: string
  resolved_at: string | null
}

function toComplaint(row: Row): Complaint {
  return {
    id: Number(row.id),
    ticket: formatComplaintTicket(Number(row.id), row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    orderId: row.order_id,
    orderNumber: row.number === null ? null : Number(row.number),
    message: row.message,
    status: row.status,
    resolution: row.resolution,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  }
}

/** The admin's list: every complaint or those of one status (unknown: all), oldest unresolved first. */
export async function listComplaints(db: DB, options: { status?: string | null; page?: number } = {}) {
  const status = isComplaintStatus(options.status) ? options.status : null
  let query = complaintsQuery(db)
  if (status) query = query.where('c.status', '=', status)
  const page = await readPage(query, (q) => q.select(COLUMNS).orderBy('c.status').orderBy('c.id', 'asc'), { page: options.page, pageSize: PAGE_SIZE })
  return { ...page, items: page.items.map(toComplaint), status }
}

/** A shopper's own complaints, newest first (Account and her data export). */
export async function listComplaintsOf(db: DB, userId: string): Promise<Complaint[]> {
  const rows = await complaintsQuery(db).select(COLUMNS).where('c.user_id', '=', userId).orderBy('c.id', 'desc').limit(200).execute()
  return rows.map(toComplaint)
}

/** Unresolved complaints received COMPLAINT_NEARING_DAYS or more days ago (the rules' month nears), oldest first. */
export async function complaintsNearingDeadline(db: DB, now: Date = clock.now()): Promise<Complaint[]> {
  const before = new Date(now.getTime() - COMPLAINT_NEARING_DAYS * DAY_MS).toISOString()
  const rows = await complaintsQuery(db)
    .select(COLUMNS)
    .where('c.status', '!=', 'resolved')
    .where('c.created_at', '<=', before)
    .orderBy('c.id', 'asc')
    .limit(20)
    .execute()
  return rows.map(toComplaint)
}

/**
 * Moves a complaint (COMPLAINT_MOVES); resolving needs a resolution note, which is kept and mailed to
 * the complainant in the same transaction. A status it already has with no note changes nothing.
 */
export async function updateComplaint(db: DB, id: number, update: ComplaintUpdateInput): Promise<Complaint> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound(MESSAGES.notFound)
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('complaints').select(['status', 'email', 'created_at']).where('id', '=', id).executeTakeFirst()
    if (!row) throw new NotFound(MESSAGES.notFound)
    // The admin's form offers only the moves from the status it showed: a refused move means the complaint changed since (409).
    if (row.status === 'resolved') throw new Conflict(MESSAGES.moveRefused)
    if (row.status !== update.status && !canMoveComplaint(row.status, update.status)) throw new Conflict(MESSAGES.changedMeanwhile(COMPLAINT_STATUS_LABELS[row.status]))
    const resolving = update.status === 'resolved'
    if (resolving && update.resolution === '') throw new Invalid({ resolution: [MESSAGES.resolutionRequired] })
    if (update.resolution.length > COMPLAINT_LIMITS.resolution) throw new Invalid({ resolution: ['The resolution is too long'] })
    const now = clock.now().toISOString()
    await trx
      .updateTable('complaints')
      .set({ status: update.status, resolution: update.resolution, updated_at: now, resolved_at: resolving ? now : null })
      .where('id', '=', id)
      .execute()
    if (resolving) {
      const ticket = formatComplaintTicket(id, row.created_at)
      await enqueueMail(trx, {
        kind: 'complaint-resolved',
        to: row.email,
        dedupeKey: `complaint-resolved:${id}`,
        ...complaintResolvedMail(domainSettings().mail, { ticket }, update.resolution),
      })
    }
    const updated = await complaintsQuery(trx).select(COLUMNS).where('c.id', '=', id).executeTakeFirstOrThrow()
    return toComplaint(updated)
  })
}
