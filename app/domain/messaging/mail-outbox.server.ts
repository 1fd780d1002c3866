// The mail outbox (docs/decisions/034-mail-outbox.md). A mail is a row written in the same
// transaction as the event that causes it; the worker (server/jobs/mail.ts) claims due rows,
// sends them and marks them sent, retrying with exponential backoff. `dedupe_key` is unique: one
// mail per event, however often the event's code runs. A claim is a lease: a worker that dies
// after claiming leaves the row to be claimed again once the lease runs out.
import type { ExpressionBuilder } from 'kysely'
import type { DB } from '../../../db/database'
import type { Database } from '../../../db/schema'
import { MAIL_MESSAGES, type MailStatus } from '~/lib/mail'
import { clock } from '~/domain/clock'
import { NotFound } from '~/domain/errors'
import { readPage } from '~/domain/paging.server'

/** Files attached at send time, rendered by whoever registered the kind (e.g. the invoice PDF). */
export const ATTACHMENT_KINDS = ['invoice', 'credit-note'] as const
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number]
export interface MailAttachmentRef {
  kind: AttachmentKind
  orderId: string
  /** A partial refund's own credit note (ADR 087, 094); absent for the order's whole note. */
  refundId?: string
}

export interface OutboxMail {
  /** What the mail is ('order-confirmed', 'password-reset', ...): shown in the admin's mailbox. */
  kind: string
  /** One address, or several separated by commas. */
  to: string
  /** Names the event: a second mail with the same key is not queued ('order-confirmed:<orderId>'). */
  dedupeKey: string
  subject: string
  html: string
  text: string
  attachments?: MailAttachmentRef[]
}

/**
 * Queues a mail; call it with the transaction that records the event, so the mail exists exactly
 * when the event does. Answers false when a mail for this dedupeKey was queued before.
 */
export async function enqueueMail(trx: DB, mail: OutboxMail): Promise<boolean> {
  const result = await trx
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      dedupe_key: mail.dedupeKey,
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: JSON.stringify(mail.attachments ?? []),
      next_attempt_at: clock.iso(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst()
  const queued = Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  if (queued) nudgeWorkers()
  return queued
}

/**
 * Workers in this process that want to hear of new mail (instead of waiting for their next poll).
 * They are told a moment later, after the event's transaction has most likely committed; a worker
 * told too early finds nothing and polls again.
 */
const listeners = new Set<() => void>()
let nudge: ReturnType<typeof setTimeout> | undefined

export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function nudgeWorkers() {
  if (nudge || listeners.size === 0) return
  nudge = setTimeout(() => {
    nudge = undefined
    for (const listener of listeners) listener()
  }, 20)
  nudge.unref?.()
}

// --- Attachments: rendered at send time through a registry ------------------------------------

export type AttachmentRenderer = (db: DB, orderId: string, refundId?: string) => Promise<{ filename: string; content: Buffer }>

const renderers = new Map<AttachmentKind, AttachmentRenderer>()

/**
 * Says how to make a kind of attachment (once, at start): `registerAttachmentRenderer('invoice',
 * (db, orderId) => renderInvoicePdf(db, writer, orderId))`. A mail naming a kind nobody registered is sent without that file. `null`
 * removes the renderer (tests).
 */
export function registerAttachmentRenderer(kind: AttachmentKind, render: AttachmentRenderer | null): void {
  if (render) renderers.set(kind, render)
  else renderers.delete(kind)
}

export function attachmentRenderer(kind: AttachmentKind): AttachmentRenderer | undefined {
  return renderers.get(kind)
}

// --- The worker's side --------------------------------------------------------------------------

export type OutboxRow = Awaited<ReturnType<typeof readMail>> & {}

export interface Backoff {
  /** The wait after the first failure; doubled for each further one. */
  baseMs: number
  /** The longest wait. */
  maxMs: number
  /** After this many failed attempts the mail is given up ('failed'; the admin may retry it). */
  maxAttempts: number
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 2_000, maxMs: 15 * 60_000, maxAttempts: 48 }

/** The wait before attempt `attempts + 1`, after `attempts` failures: base x 2^(n-1), capped. */
export function backoffMs(attempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * Claims up to `limit` due mails for `workerId` until `now + leaseMs`: pending ones whose time has
 * come, and ones another worker claimed whose lease ran out (it died). Each claim is a conditional
 * update (one statement for the whole batch), so two workers never hold the same row; the claim
 * counts as an attempt.
 */
export async function claimDueMail(
  db: DB,
  options: { workerId: string; leaseMs: number; limit: number; now?: Date },
): Promise<OutboxRow[]> {
  const now = (options.now ?? clock.now()).toISOString()
  const until = new Date(Date.parse(now) + options.leaseMs).toISOString()
  const due = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
    ])
  // One statement claims the batch: the subquery picks the oldest due rows, the outer condition
  // checks each again as it is updated (PostgreSQL re-reads a row another worker changed meanwhile),
  // so two workers never hold the same row, and the claimed rows come back without a second read.
  const claimed = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sending', claimed_by: options.workerId, claimed_until: until, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => eb.selectFrom('mail_outbox').select('id').where(due).orderBy('id').limit(options.limit))
    .where(due)
    .returningAll()
    .execute()
  return claimed.sort((a, b) => a.id - b.id)
}

/** The worker sent it: sent, if this worker still holds the claim (answers whether it did). */
export async function markMailSent(
  db: DB,
  id: number,
  workerId: string,
  sent: { via: 'smtp' | 'mailbox'; messageId: string | null; attached: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: new Date().toISOString(),
      delivered_via: sent.via,
      message_id: sent.messageId,
      attached: JSON.stringify(sent.attached),
      claimed_until: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'sending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * The send failed: the mail waits `backoffMs(attempts)` and is tried again, or is given up after
 * `maxAttempts` or at once when the failure is permanent (the server refused the address).
 */
export async function markMailFailed(
  db: DB,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  workerId: string,
  failure: { error: string; permanent?: boolean },
  backoff: Backoff = DEFAULT_BACKOFF,
): Promise<'retry' | 'failed'> {
  const giveUp = failure.permanent || row.attempts >= backoff.maxAttempts
  await db
    .updateTable('mail_outbox')
    .set({
      status: giveUp ? 'failed' : 'pending',
      next_attempt_at: new Date(clock.now().getTime() + backoffMs(row.attempts, backoff)).toISOString(),
      claimed_until: null,
      last_error: failure.error.slice(0, 500),
    })
    .where('id', '=', row.id)
    .where('claimed_by', '=', workerId)
    .where('status', '=', 'sending')
    .execute()
  return giveUp ? 'failed' : 'retry'
}

/** The admin asks for a given-up mail to be tried again now. */
export async function retryMail(db: DB, id: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: clock.iso(), last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

// --- The admin's mailbox ---------------------------------------------------------------------

export const MAILBOX_PAGE_SIZE = 30

export async function readMail(db: DB, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface MailSummary {
  id: number
  kind: string
  to: string
  subject: string
  status: MailStatus
  attempts: number
  deliveredVia: string | null
  createdAt: string
  sentAt: string | null
  lastError: string | null
}

/** Newest first, one page; the outbox is the mailbox (sent, waiting and given-up mails). */
export async function listMail(db: DB, options: { page?: number; pageSize?: number } = {}) {
  const { items: rows, total, page, pageCount } = await readPage(
    db.selectFrom('mail_outbox'),
    (all) =>
      all
        .select(['id', 'kind', 'to_address', 'subject', 'status', 'attempts', 'delivered_via', 'created_at', 'sent_at', 'last_error'])
        .orderBy('id', 'desc'),
    { page: options.page, pageSize: options.pageSize ?? MAILBOX_PAGE_SIZE },
  )
  const items: MailSummary[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    deliveredVia: r.delivered_via,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    lastError: r.last_error,
  }))
  return { items, total, page, pageCount }
}

/** One mail as the mailbox shows it; NotFound when there is none. */
export async function getMailMessage(db: DB, id: number) {
  const row = Number.isSafeInteger(id) && id > 0 ? await readMail(db, id) : undefined
  if (!row) throw new NotFound(MAIL_MESSAGES.notFound)
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    deliveredVia: row.delivered_via,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    attached: JSON.parse(row.attached) as string[],
  }
}
