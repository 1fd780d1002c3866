// A real SMTP server for tests (smtp-server on 127.0.0.1): every mail it accepts is parsed with
// mailparser and kept, with the time it arrived. No TLS and no auth: the shop's nodemailer talks
// plain SMTP to it, as to a local relay.
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  messageId: string
  attachments: { filename: string; content: Buffer }[]
  receivedAt: number
}

export interface SmtpSink {
  port: number
  url: string
  mails: ReceivedMail[]
  /** Waits until `count` mails matching `match` arrived (default: any), or fails after `timeoutMs`. */
  waitFor(match?: (mail: ReceivedMail) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>
  stop(): Promise<void>
}

function addresses(value: ParsedMail['to']): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.flatMap((group) => group.value.map((a) => a.address ?? ''))
}

/** Listens on `port` (0: a free one). `refuse` makes it answer every RCPT with that code (e.g. 550). */
export async function startSmtpSink(options: { port?: number; refuse?: number } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.refuse) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: options.refuse })
        return callback(error)
      }
      callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: addresses(parsed.to),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', content: a.content })),
            receivedAt: Date.now(),
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, '127.0.0.1', () => done())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(match = () => true, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = mails.filter(match)
        if (found.length >= count) return found
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} matching mail(s) within ${timeoutMs} ms, got ${found.length}: ${mails.map((m) => m.subject).join(' | ')}`)
        }
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/** A port nothing listens on (yet): an SMTP server that is down. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as AddressInfo).port
      probe.close(() => done(port))
    })
  })
}
