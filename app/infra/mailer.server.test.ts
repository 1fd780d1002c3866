// The SMTP transport that speaks from a worker thread (server/smtp-thread.mjs): against a real SMTP
// server (smtp-server), a mail and its attachment arrive byte for byte, and a refusal keeps the
// response code the mail worker decides by.
import { afterEach, describe, expect, it } from 'vitest'
import { type SmtpSink, startSmtpSink } from '../../tests/helpers/smtp-sink'
import { isPermanentMailError, type MailTransport, threadedSmtpTransport } from './mailer.server'

let sink: SmtpSink | undefined
let transport: MailTransport | null = null

afterEach(async () => {
  transport?.close()
  transport = null
  await sink?.stop()
  sink = undefined
})

const mail = (n: number, content: Buffer) => ({
  from: 'shop@example.com',
  to: 'buyer@example.com',
  subject: `Order ${n}`,
  html: `<p>Order ${n}</p>`,
  text: `Order ${n}`,
  messageId: `<order-${n}@example.com>`,
  attachments: [{ filename: `INV-${n}.pdf`, content }],
})

describe('the threaded SMTP transport', () => {
  it('sends from its thread: subject, Message-ID and the attachment arrive unchanged', async () => {
    sink = await startSmtpSink()
    transport = threadedSmtpTransport(sink.url)
    expect(transport).not.toBeNull()
    const pdf = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256))
    const sent = await Promise.all([1, 2, 3].map((n) => (transport as MailTransport).send(mail(n, pdf))))
    expect(sent.map((s) => s.messageId)).toEqual(['<order-1@example.com>', '<order-2@example.com>', '<order-3@example.com>'])
    const received = await sink.waitFor(undefined, 3)
    expect(received.map((m) => m.subject).sort()).toEqual(['Order 1', 'Order 2', 'Order 3'])
    for (const m of received) {
      expect(m.attachments).toHaveLength(1)
      expect(m.attachments[0]?.content.equals(pdf)).toBe(true)
    }
  })

  it('a refusal comes back with its response code, so a 550 is given up and not retried', async () => {
    sink = await startSmtpSink({ refuse: 550 })
    transport = threadedSmtpTransport(sink.url)
    const error = await (transport as MailTransport).send(mail(1, Buffer.from('x'))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as { responseCode?: number }).responseCode).toBe(550)
    expect(isPermanentMailError(error)).toBe(true)
  })
})
