// The mail worker: runs in the server process (started by server/process/serve.ts), claims due mails from
// the outbox, renders their attachments, sends them and marks them sent; a failure waits with
// exponential backoff. docs/decisions/034-mail-outbox.md.
import { createHash, randomBytes } from 'node:crypto'
import type { DB } from '../../db/database'
import { getConfig, publicUrl } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { isPermanentMailError, type MailTransport, senderFromConfig, transportFromConfig } from '~/infra/mailer.server'
import { invoiceWriter } from '~/infra/pdf/pdf-thread.server'
import {
  attachmentRenderer,
  type Backoff,
  claimDueMail,
  DEFAULT_BACKOFF,
  type MailAttachmentRef,
  markMailFailed,
  markMailSent,
  onMailQueued,
  type OutboxRow,
  registerAttachmentRenderer,
} from '~/domain/messaging/mail-outbox.server'
import { renderCreditNotePdf, renderInvoicePdf } from '~/domain/orders/invoices.server'

export interface MailWorkerOptions {
  db: DB
  transport: MailTransport
  from: string
  /** The domain of Message-IDs (the shop's host). */
  messageIdDomain?: string
  /** Names this worker's claims; unique per process by default. */
  workerId?: string
  /** How long a claim holds before another worker may take the mail (the sender died). */
  leaseMs?: number
  /** Mails claimed and sent at once (startMailWorker: the most in flight). */
  batch?: number
  /** The wait between looks at an empty outbox. */
  pollMs?: number
  backoff?: Backoff
}

export interface WorkerPass {
  claimed: number
  sent: number
  retried: number
  failed: number
}

const DEFAULT_LEASE_MS = 2 * 60_000
/** Mails per pass: one claim statement for all; they share the SMTP pool (app/infra/mailer.server.ts). */
const DEFAULT_BATCH = 20

/** A Message-ID that is the same for every attempt at one outbox row. */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'dedupe_key'>, domain: string): string {
  const hash = createHash('sha256').update(row.dedupe_key).digest('hex').slice(0, 16)
  return `<outbox-${row.id}.${hash}@${domain}>`
}

async function sendOne(options: MailWorkerOptions, workerId: string, row: OutboxRow): Promise<'sent' | 'retry' | 'failed'> {
  const { db, transport } = options
  try {
    const refs = JSON.parse(row.attachments) as MailAttachmentRef[]
    const attachments: { filename: string; content: Buffer }[] = []
    for (const ref of refs) {
      const render = attachmentRenderer(ref.kind)
      if (render) attachments.push(await render(db, ref.orderId, ref.refundId))
    }
    const { messageId } = await transport.send({
      from: options.from,
      to: row.to_address,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: outboxMessageId(row, options.messageIdDomain ?? 'localhost'),
      attachments,
    })
    const marked = await markMailSent(db, row.id, workerId, { via: transport.via, messageId, attached: attachments.map((a) => a.filename) })
    if (!marked) console.warn(`Mail ${row.id} was sent after its claim ran out (another worker may send it too)`)
    return 'sent'
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const outcome = await markMailFailed(db, row, workerId, { error: message, permanent: isPermanentMailError(error) }, options.backoff ?? DEFAULT_BACKOFF)
    console.warn(`Mail ${row.id} (${row.kind}) not sent, ${outcome === 'retry' ? `will retry (attempt ${row.attempts})` : 'given up'}: ${message}`)
    return outcome
  }
}

/** One pass: claims up to `batch` due mails and sends them side by side. Tests call it directly. */
export async function runMailWorkerOnce(options: MailWorkerOptions): Promise<WorkerPass> {
  const workerId = options.workerId ?? defaultWorkerId
  const rows = await claimDueMail(options.db, { workerId, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, limit: options.batch ?? DEFAULT_BATCH })
  const outcomes = await Promise.all(rows.map((row) => sendOne(options, workerId, row)))
  return {
    claimed: rows.length,
    sent: outcomes.filter((o) => o === 'sent').length,
    retried: outcomes.filter((o) => o === 'retry').length,
    failed: outcomes.filter((o) => o === 'failed').length,
  }
}

const defaultWorkerId = `${process.pid}-${randomBytes(4).toString('hex')}`

export interface MailWorker {
  /** Stops claiming; resolves when the mails in flight have been sent (or failed). */
  stop(): Promise<void>
  /** Looks at the outbox now instead of at the next poll. */
  wake(): void
}

/**
 * Runs until stopped, keeping up to `batch` mails in flight: as soon as there is room it claims
 * more (one statement), so one slow mail never holds up the next ones (no pass waits for its
 * slowest send). It looks at the outbox again at new mail, when a send frees a slot of a full
 * worker, or every `pollMs`.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const pollMs = options.pollMs ?? 500
  const workerId = options.workerId ?? defaultWorkerId
  const batch = options.batch ?? DEFAULT_BATCH
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  const inFlight = new Set<Promise<unknown>>()
  let running = true
  let timer: NodeJS.Timeout | undefined
  let wakeUp: (() => void) | undefined
  let nudged = false
  const wake = () => {
    nudged = true
    wakeUp?.()
  }
  // New mail in this process wakes the worker at once; mail from elsewhere waits for the poll.
  const unsubscribe = onMailQueued(wake)
  const loop = (async () => {
    while (running) {
      nudged = false
      let claimed = 0
      if (inFlight.size < batch) {
        try {
          const rows = await claimDueMail(options.db, { workerId, leaseMs, limit: batch - inFlight.size })
          claimed = rows.length
          for (const row of rows) {
            const sending: Promise<unknown> = sendOne(options, workerId, row)
              .catch((error) => console.error(`The mail worker failed on mail ${row.id}`, error))
              .finally(() => {
                const wasFull = inFlight.size >= batch
                inFlight.delete(sending)
                if (wasFull) wake()
              })
            inFlight.add(sending)
          }
        } catch (error) {
          console.error('The mail worker could not read the outbox', error)
        }
      }
      if (!running) break
      // Claimed some and has room: more may be due. Otherwise wait for a reason to look again.
      if ((claimed > 0 && inFlight.size < batch) || nudged) continue
      await new Promise<void>((done) => {
        wakeUp = done
        timer = setTimeout(done, pollMs)
        timer.unref?.()
      })
      wakeUp = undefined
      if (timer) clearTimeout(timer)
    }
    await Promise.all(inFlight)
  })()
  return {
    async stop() {
      running = false
      unsubscribe()
      if (timer) clearTimeout(timer)
      wakeUp?.()
      await loop
    },
    wake,
  }
}

/** The server's worker, from the configuration (SMTP_URL or the mailbox, MAIL_FROM, PUBLIC_URL). */
export function startMailWorkerFromConfig(): MailWorker {
  const config = getConfig()
  const url = publicUrl(config)
  // The confirmation carries the GST invoice, a refund's mail the credit note (ADR 035).
  registerAttachmentRenderer('invoice', (db, orderId) => renderInvoicePdf(db, invoiceWriter(), orderId))
  registerAttachmentRenderer('credit-note', (db, orderId, refundId) => renderCreditNotePdf(db, invoiceWriter(), orderId, refundId))
  const transport = transportFromConfig(config)
  const worker = startMailWorker({ db: getDb(), transport, from: senderFromConfig(config), messageIdDomain: new URL(url).hostname })
  console.log(config.SMTP_URL ? 'Mail goes out over SMTP_URL.' : 'No SMTP_URL: mail goes to the mailbox at /admin/mail.')
  return {
    wake: worker.wake,
    async stop() {
      await worker.stop()
      transport.close()
    },
  }
}
