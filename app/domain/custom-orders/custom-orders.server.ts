// Custom-order requests: a visitor or shopper asks the studio to make a piece; the owner
// is told (mail through the outbox, in the same transaction; the dashboard counts new ones) and
// follows the request through the moves of CUSTOM_ORDER_MOVES (app/lib/custom-orders.ts) with a
// quoted price and notes; the shopper sees its status in Account. Photos arrive as urls already
// made by the image pipeline (media.server.ts): the adapter stores them, the domain checks them.
import type { Selectable } from 'kysely'
import type { DB } from '../../../db/database'
import type { CustomRequestsTable } from '../../../db/schema'
import {
  CUSTOM_ORDER_LIMITS as LIMITS,
  CUSTOM_ORDER_MESSAGES as MESSAGES,
  CUSTOM_ORDER_STATUSES,
  type CustomOrderStatus,
  canMoveCustomOrder,
  isCustomOrderStatus,
  NEEDS_QUOTE,
} from '~/lib/custom-orders'
import { indiaDay } from '~/lib/dates'
import { isUploadUrl } from '~/lib/images'
import type { CustomOrderInput, CustomOrderUpdateInput } from '~/schemas/custom-order'
import { customOrderReceivedMail, customOrderStatusMail, type MailCustomOrder, ownerCustomOrderMail } from '~/mail/custom-order-mails.server'
import { clock } from '~/domain/clock'
import { Invalid, NotFound } from '~/domain/errors'
import { enqueueMail, ownerRecipients } from '~/domain/messaging/mail.server'
import { domainSettings } from '~/domain/settings.server'
import { readPage } from '~/domain/paging.server'

const DAY_MS = 24 * 60 * 60 * 1000

export interface CustomOrderSummary {
  id: number
  description: string
  occasion: string
  budgetPaise: number
  neededBy: string
  status: CustomOrderStatus
  quotedPaise: number | null
  createdAt: string
}

export interface AdminCustomOrderSummary extends CustomOrderSummary {
  name: string
  email: string
  phone: string
}

export interface CustomOrderDetail extends AdminCustomOrderSummary {
  userId: string | null
  adminNotes: string
  updatedAt: string
  photos: string[]
}

/**
 * The needed-by day must be after today (India) and at most LIMITS.maxDaysAhead ahead; else
 * Invalid under `neededBy`. The adapter calls it before storing photos; create calls it again.
 */
export function checkNeededBy(neededBy: string, now: Date = clock.now()): void {
  const today = indiaDay(now)
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + LIMITS.maxDaysAhead * DAY_MS).toISOString().slice(0, 10)
  if (neededBy <= today) throw new Invalid({ neededBy: ['The needed-by date must be in the future'] })
  if (neededBy > latest) throw new Invalid({ neededBy: ['The needed-by date can be at most two years ahead'] })
}

/**
 * Stores a request from the form (the visitor's or shopper's contact details are in `input`),
 * with at most three photo urls from the upload pipeline, and queues in the same transaction the
 * owner's mail and the acknowledgement to the person who asked. Answers the new request's id.
 */
export async function createCustomOrder(
  db: DB,
  request: { input: CustomOrderInput; userId: string | null; photos?: readonly string[] },
  now: Date = clock.now(),
): Promise<{ id: number }> {
  const { input, userId } = request
  const photos = request.photos ?? []
  checkNeededBy(input.neededBy, now)
  if (photos.length > LIMITS.photos) throw new Invalid({ photos: [MESSAGES.tooManyPhotos] })
  if (photos.some((url) => !isUploadUrl(url))) throw new Invalid({ photos: ['Please upload the photos again.'] })

  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('custom_requests')
      .values({
        user_id: userId,
        name: input.name,
        phone: input.phone,
        email: input.email,
        description: input.description,
        occasion: input.occasion,
        budget_paise: input.budget,
        needed_by: input.neededBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(row.id)
    if (photos.length > 0) {
      await trx
        .insertInto('custom_request_photos')
        .values(photos.map((url, position) => ({ request_id: id, position, image_url: url })))
        .execute()
    }
    const mail: MailCustomOrder = {
      id,
      name: input.name,
      phone: input.phone,
      email: input.email,
      description: input.description,
      occasion: input.occasion,
      budgetPaise: input.budget,
      neededBy: input.neededBy,
      quotedPaise: null,
      photoCount: photos.length,
      signedIn: userId !== null,
    }
    const settings = domainSettings().mail
    const owner = await ownerRecipients(trx)
    if (owner) {
      await enqueueMail(trx, { kind: 'custom-request-owner', to: owner, dedupeKey: `custom-request-owner:${id}`, ...ownerCustomOrderMail(settings, mail) })
    }
    await enqueueMail(trx, { kind: 'custom-request-received', to: input.email, dedupeKey: `custom-request-received:${id}`, ...customOrderReceivedMail(settings, mail) })
    return { id }
  })
}

const SUMMARY_COLUMNS = ['id', 'description', 'occasion', 'budget_paise', 'needed_by', 'status', 'quoted_paise', 'created_at'] as const

type SummaryRow = Pick<Selectable<CustomRequestsTable>, (typeof SUMMARY_COLUMNS)[number]>

function toSummary(row: SummaryRow): CustomOrderSummary {
  return {
    id: Number(row.id),
    description: row.description,
    occasion: row.occasion,
    budgetPaise: Number(row.budget_paise),
    neededBy: row.needed_by,
    status: row.status,
    quotedPaise: row.quoted_paise === null ? null : Number(row.quoted_paise),
    createdAt: row.created_at,
  }
}

const ADMIN_SUMMARY_COLUMNS = [...SUMMARY_COLUMNS, 'name', 'email', 'phone'] as const

/** A summary with who asked: what the admin's list and detail show. */
function toAdminSummary(row: Pick<Selectable<CustomRequestsTable>, (typeof ADMIN_SUMMARY_COLUMNS)[number]>): AdminCustomOrderSummary {
  return { ...toSummary(row), name: row.name, email: row.email, phone: row.phone }
}

/** A shopper's own requests, newest first (at most 100: a list in Account, not an archive). */
export async function listCustomOrdersOf(db: DB, userId: string): Promise<CustomOrderSummary[]> {
  const rows = await db
    .selectFrom('custom_requests')
    .select(SUMMARY_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
  return rows.map(toSummary)
}

/** The admin's list: every request or those of one status (an unknown status: all), newest first, a page at a time. */
export async function listCustomOrders(
  db: DB,
  options: { status?: string | null; page?: number; pageSize?: number } = {},
): Promise<{ items: AdminCustomOrderSummary[]; total: number; page: number; pageCount: number; status: CustomOrderStatus | null }> {
  const status = isCustomOrderStatus(options.status) ? options.status : null
  let query = db.selectFrom('custom_requests')
  if (status) query = query.where('status', '=', status)
  const { items, total, page, pageCount } = await readPage(
    query,
    (matching) => matching.select(ADMIN_SUMMARY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    { page: options.page, pageSize: options.pageSize ?? LIMITS.pageSize },
  )
  return {
    items: items.map(toAdminSummary),
    total,
    page,
    pageCount,
    status,
  }
}

/** One request in full with its photos; NotFound for an unknown id. */
export async function getCustomOrder(db: DB, id: number): Promise<CustomOrderDetail> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound(MESSAGES.notFound)
  const row = await db.selectFrom('custom_requests').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound(MESSAGES.notFound)
  const photos = await db
    .selectFrom('custom_request_photos')
    .select('image_url')
    .where('request_id', '=', id)
    .orderBy('position')
    .execute()
  return { ...toAdminSummary(row), userId: row.user_id, adminNotes: row.admin_notes, updatedAt: row.updated_at, photos: photos.map((p) => p.image_url) }
}

/** A move the table does not allow from the request's current status: 400 under `status`. */
export class CustomOrderMoveRefused extends Invalid {
  constructor(
    readonly from: CustomOrderStatus,
    readonly to: CustomOrderStatus,
  ) {
    super({ status: [MESSAGES.moveRefused(from, to)] })
  }
}

/**
 * The admin's update: a move of the status (only as CUSTOM_ORDER_MOVES allows; '' keeps it), the
 * quoted price (needed for quoted, accepted and done; fixed once accepted) and the notes. The row
 * changes only while it is still in the status it was read in, so two racing moves cannot both
 * win. A move (or a new price while quoted) queues its mail to the person who asked, in the same
 * transaction. Answers the status it is in now.
 */
export async function updateCustomOrder(db: DB, id: number, update: CustomOrderUpdateInput): Promise<{ status: CustomOrderStatus }> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFound(MESSAGES.notFound)
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('custom_requests').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw new NotFound(MESSAGES.notFound)
    const from = row.status
    const to = update.status === '' ? from : update.status
    if (to !== from && !canMoveCustomOrder(from, to)) throw new CustomOrderMoveRefused(from, to)

    const typedPrice = update.quotedPrice === '' ? null : update.quotedPrice
    const priceChanges = typedPrice !== null && typedPrice !== row.quoted_paise
    // The price is what the shopper agreed to once accepted; a closed request changes no more.
    if (priceChanges && (from === 'accepted' || from === 'done' || from === 'declined')) {
      throw new Invalid({ quotedPrice: [MESSAGES.quoteLocked] })
    }
    const quoted = typedPrice ?? (row.quoted_paise === null ? null : Number(row.quoted_paise))
    if (NEEDS_QUOTE.includes(to) && quoted === null) throw new Invalid({ quotedPrice: [MESSAGES.quoteNeeded] })

    const result = await trx
      .updateTable('custom_requests')
      .set({ status: to, quoted_paise: quoted, admin_notes: update.notes, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst()
    // Another update moved it since it was read: the page shows where it is now.
    if (Number(result.numUpdatedRows) === 0) throw new CustomOrderMoveRefused(from, to)

    const mailStatus = to !== from ? to : priceChanges && to === 'quoted' ? 'quoted' : null
    if (mailStatus && mailStatus !== 'new') {
      const photoCount = await trx
        .selectFrom('custom_request_photos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('request_id', '=', id)
        .executeTakeFirstOrThrow()
      const mail: MailCustomOrder = {
        id,
        name: row.name,
        phone: row.phone,
        email: row.email,
        description: row.description,
        occasion: row.occasion,
        budgetPaise: Number(row.budget_paise),
        neededBy: row.needed_by,
        quotedPaise: quoted,
        photoCount: Number(photoCount.n),
        signedIn: row.user_id !== null,
      }
      // A new price while quoted is a new quote: its key names the price.
      const key = mailStatus === 'quoted' ? `custom-request-quoted:${id}:${quoted}` : `custom-request-${mailStatus}:${id}`
      await enqueueMail(trx, { kind: `custom-request-${mailStatus}`, to: row.email, dedupeKey: key, ...customOrderStatusMail(domainSettings().mail, mail, mailStatus) })
    }
    return { status: to }
  })
}

/** How many requests are in each status (the dashboard shows the new ones). */
export async function countCustomOrders(db: DB): Promise<Record<CustomOrderStatus, number>> {
  const rows = await db
    .selectFrom('custom_requests')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute()
  const counts = Object.fromEntries(CUSTOM_ORDER_STATUSES.map((s) => [s, 0])) as Record<CustomOrderStatus, number>
  for (const row of rows) counts[row.status] = Number(row.n)
  return counts
}
