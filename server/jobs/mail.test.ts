// The mail worker against a real SMTP server (smtp-server on 127.0.0.1): sending, attachments
// through the registry, SMTP down and back, a worker that dies after its claim, two workers racing,
// a permanent refusal, and the outbox-to-SMTP latency (printed, not asserted).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { enqueueMail, type OutboxMail, readMail, registerAttachmentRenderer, retryMail } from '~/domain/messaging/mail-outbox.server'
import { type MailTransport, smtpTransport } from '~/infra/mailer.server'
import { createTestDb, type TestDb } from '../../tests/helpers/test-db'
import { expectConsole } from '../../tests/setup/console'
import { freePort, type SmtpSink, startSmtpSink } from '../../tests/helpers/smtp-sink'
import { type MailWorkerOptions, runMailWorkerOnce, startMailWorker } from './mail'

let testDb: TestDb
let db: DB
let sink: SmtpSink | undefined
const transports: MailTransport[] = []

function smtp(url: string): MailTransport {
  const transport = smtpTransport(url)
  transports.push(transport)
  return transport
}

const FROM = '"Resin Craft Studio" <hello@resincraft.studio>'
const fastBackoff = { baseMs: 40, maxMs: 200, maxAttempts: 100 }

function mail(n: number, extra: Partial<OutboxMail> = {}): OutboxMail {
  return {
    kind: 'test',
    to: `shopper${n}@example.com`,
    dedupeKey: `test:${n}`,
    subject: `Mail ${n}`,
    html: `<p>Hello <strong>${n}</strong></p>`,
    text: `Hello ${n}`,
    ...extra,
  }
}

function worker(transport: MailTransport, extra: Partial<MailWorkerOptions> = {}): MailWorkerOptions {
  return { db, transport, from: FROM, messageIdDomain: 'shop.test', backoff: fastBackoff, ...extra }
}

async function rows() {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
}

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
})

afterEach(async () => {
  registerAttachmentRenderer('invoice', null)
  for (const t of transports.splice(0)) t.close()
  await sink?.stop()
  sink = undefined
  await testDb.cleanup()
})

describe('the mail worker', () => {
  it('sends a queued mail over SMTP once, with HTML and text, and marks it sent', async () => {
    sink = await startSmtpSink()
    expect(await enqueueMail(db, mail(1))).toBe(true)
    // The same event again queues nothing.
    expect(await enqueueMail(db, mail(1, { subject: 'Again' }))).toBe(false)

    const pass = await runMailWorkerOnce(worker(smtp(sink.url)))
    expect(pass).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 })
    const [received] = await sink.waitFor()
    expect(received?.to).toEqual(['shopper1@example.com'])
    expect(received?.subject).toBe('Mail 1')
    expect(received?.html).toContain('<strong>1</strong>')
    expect(received?.text.trim()).toBe('Hello 1')
    expect(received?.from).toContain('hello@resincraft.studio')
    expect(received?.messageId).toMatch(/^<outbox-1\.[0-9a-f]{16}@shop\.test>$/)

    const [row] = await rows()
    expect(row).toMatchObject({ status: 'sent', attempts: 1, delivered_via: 'smtp', last_error: null })
    expect((await runMailWorkerOnce(worker(smtp(sink.url)))).claimed).toBe(0)
    expect(sink.mails).toHaveLength(1)
  })

  it('renders attachments at send time through the registry; a kind nobody registered is left out', async () => {
    sink = await startSmtpSink()
    await enqueueMail(db, mail(1, { attachments: [{ kind: 'invoice', orderId: 'order-7' }] }))
    await runMailWorkerOnce(worker(smtp(sink.url)))
    expect((await sink.waitFor())[0]?.attachments).toEqual([])

    const asked: string[] = []
    registerAttachmentRenderer('invoice', async (_db, orderId) => {
      asked.push(orderId)
      return { filename: `invoice-${orderId}.pdf`, content: Buffer.from('%PDF-1.4 test') }
    })
    await enqueueMail(db, mail(2, { attachments: [{ kind: 'invoice', orderId: 'order-8' }, { kind: 'credit-note', orderId: 'order-8' }] }))
    await runMailWorkerOnce(worker(smtp(sink.url)))
    const [second] = await sink.waitFor((m) => m.subject === 'Mail 2')
    expect(asked).toEqual(['order-8'])
    expect(second?.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['invoice-order-8.pdf', '%PDF-1.4 test']])
    expect(JSON.parse((await rows())[1]?.attached ?? '')).toEqual(['invoice-order-8.pdf'])
  })

  it('a renderer that fails leaves the mail to be retried', async () => {
    expectConsole('warn', /not sent, will retry \(attempt 1\): PDF engine busy/)
    sink = await startSmtpSink()
    let fail = true
    registerAttachmentRenderer('invoice', async () => {
      if (fail) throw new Error('PDF engine busy')
      return { filename: 'invoice.pdf', content: Buffer.from('pdf') }
    })
    await enqueueMail(db, mail(1, { attachments: [{ kind: 'invoice', orderId: 'o' }] }))
    expect((await runMailWorkerOnce(worker(smtp(sink.url)))).retried).toBe(1)
    expect((await rows())[0]).toMatchObject({ status: 'pending', last_error: 'PDF engine busy' })
    fail = false
    await new Promise((r) => setTimeout(r, 60))
    expect((await runMailWorkerOnce(worker(smtp(sink.url)))).sent).toBe(1)
    expect((await sink.waitFor())[0]?.attachments.map((a) => a.filename)).toEqual(['invoice.pdf'])
  })

  it('SMTP down: retried with growing waits, and delivered once when it is back', async () => {
    expectConsole('warn', /not sent, will retry \(attempt \d\): connect ECONNREFUSED/)
    const port = await freePort()
    const transport = smtp(`smtp://127.0.0.1:${port}`)
    // Waits of seconds, and the clock moved on by making the mail due: a busy CI machine can take
    // longer than a short wait between two passes, and the test must not depend on how long.
    const backoff = { baseMs: 5_000, maxMs: 60_000, maxAttempts: 100 }
    const makeDue = () => db.updateTable('mail_outbox').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).execute()
    await enqueueMail(db, mail(1))

    let before = Date.now()
    expect(await runMailWorkerOnce(worker(transport, { backoff }))).toMatchObject({ claimed: 1, retried: 1 })
    let [row] = await rows()
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i)
    const firstWait = Date.parse(row?.next_attempt_at ?? '') - before
    expect(firstWait).toBeGreaterThanOrEqual(5_000)
    // Not due again before its wait is over.
    expect((await runMailWorkerOnce(worker(transport, { backoff }))).claimed).toBe(0)

    await makeDue()
    before = Date.now()
    expect(await runMailWorkerOnce(worker(transport, { backoff }))).toMatchObject({ claimed: 1, retried: 1 })
    ;[row] = await rows()
    expect(row?.attempts).toBe(2)
    // The second wait is twice the first.
    expect(Date.parse(row?.next_attempt_at ?? '') - before).toBeGreaterThanOrEqual(10_000)

    sink = await startSmtpSink({ port })
    await makeDue()
    expect(await runMailWorkerOnce(worker(transport, { backoff }))).toMatchObject({ claimed: 1, sent: 1 })
    await sink.waitFor()
    expect(await runMailWorkerOnce(worker(transport, { backoff }))).toMatchObject({ claimed: 0 })
    await new Promise((r) => setTimeout(r, 100))
    expect(sink.mails).toHaveLength(1)
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 3, last_error: null })
  })

  it('a worker that dies after claiming: another sends the mail once, after the lease ran out', async () => {
    sink = await startSmtpSink()
    await enqueueMail(db, mail(1))
    // Worker A claims, then hangs for ever in its send: as good as killed before the SMTP transaction.
    const hung: MailTransport = { via: 'smtp', send: () => new Promise(() => {}), close: () => {} }
    void runMailWorkerOnce(worker(hung, { workerId: 'A', leaseMs: 150 }))
    await new Promise((r) => setTimeout(r, 30))
    expect((await rows())[0]).toMatchObject({ status: 'sending', claimed_by: 'A' })

    // While A's lease holds, B does not touch the mail.
    expect((await runMailWorkerOnce(worker(smtp(sink.url), { workerId: 'B' }))).claimed).toBe(0)
    await new Promise((r) => setTimeout(r, 200))
    expect(await runMailWorkerOnce(worker(smtp(sink.url), { workerId: 'B' }))).toMatchObject({ claimed: 1, sent: 1 })
    await sink.waitFor()
    expect(sink.mails).toHaveLength(1)
    expect((await rows())[0]).toMatchObject({ status: 'sent', claimed_by: 'B', attempts: 2 })
  })

  it('two workers on two connections racing over 60 mails: one send per mail', async () => {
    sink = await startSmtpSink()
    for (let n = 1; n <= 60; n++) await enqueueMail(db, mail(n))
    const other = openDatabase(testDb.path)
    try {
      const a = startMailWorker(worker(smtp(sink.url), { workerId: 'A', batch: 5, pollMs: 20 }))
      const b = startMailWorker({ ...worker(smtp(sink.url), { workerId: 'B', batch: 5, pollMs: 20 }), db: other })
      await sink.waitFor(undefined, 60, 30_000)
      await new Promise((r) => setTimeout(r, 200))
      await Promise.all([a.stop(), b.stop()])
    } finally {
      await other.destroy()
    }
    const subjects = sink.mails.map((m) => m.subject)
    expect(subjects).toHaveLength(60)
    expect(new Set(subjects).size).toBe(60)
    const all = await rows()
    expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
    const byWorker = new Set(all.map((r) => r.claimed_by))
    console.log(`Two racing workers: ${all.filter((r) => r.claimed_by === 'A').length} mails sent by A, ${all.filter((r) => r.claimed_by === 'B').length} by B`)
    expect([...byWorker].every((w) => w === 'A' || w === 'B')).toBe(true)
  })

  it('a permanent refusal (550) is given up at once; the admin can send it again', async () => {
    expectConsole('warn', /not sent, given up: .*550 Mailbox unavailable/)
    sink = await startSmtpSink({ refuse: 550 })
    await enqueueMail(db, mail(1))
    expect(await runMailWorkerOnce(worker(smtp(sink.url)))).toMatchObject({ claimed: 1, failed: 1 })
    const [row] = await rows()
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row?.last_error).toMatch(/550/)
    expect(sink.mails).toHaveLength(0)

    expect(await retryMail(db, row?.id ?? 0)).toBe(true)
    expect(await retryMail(db, row?.id ?? 0)).toBe(false)
    expect((await readMail(db, row?.id ?? 0))?.status).toBe('pending')
  })

  it('measures outbox-to-SMTP latency over 200 mails (printed, not asserted)', async () => {
    sink = await startSmtpSink()
    const running = startMailWorker(worker(smtp(sink.url)))
    const queuedAt = new Map<string, number>()
    try {
      // Events arrive over about two seconds, as payments would; the worker polls every 500 ms.
      for (let n = 1; n <= 200; n++) {
        queuedAt.set(`Mail ${n}`, Date.now())
        await enqueueMail(db, mail(n))
        await new Promise((r) => setTimeout(r, 10))
      }
      await sink.waitFor(undefined, 200, 60_000)
    } finally {
      await running.stop()
    }
    const latencies = sink.mails.map((m) => m.receivedAt - (queuedAt.get(m.subject) ?? m.receivedAt)).sort((a, b) => a - b)
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]
    console.log(`Outbox to SMTP over ${latencies.length} mails: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${latencies.at(-1)} ms`)
    expect(latencies).toHaveLength(200)
  })
})
