// How mail leaves the shop: nodemailer over SMTP_URL, or (without it, the demo default) nowhere:
// the outbox row itself, marked delivered to the mailbox, is what the admin reads at /admin/mail.
import nodemailer from 'nodemailer'
import { type Config, mailFrom } from './config.server'

export interface OutgoingMail {
  from: string
  to: string
  subject: string
  html: string
  text: string
  /** Stable per outbox row, so a receiver can drop the copy a crash after sending may cause. */
  messageId: string
  attachments: { filename: string; content: Buffer }[]
}

export interface MailTransport {
  via: 'smtp' | 'mailbox'
  /** Resolves once the server accepted the mail; rejects otherwise (see isPermanentMailError). */
  send(mail: OutgoingMail): Promise<{ messageId: string | null }>
  close(): void
}

/**
 * SMTP through a pool of connections. Timeouts are short so a hung server frees the worker well
 * within its claim's lease (server/jobs/mail.ts). Eight connections: under load each mail's SMTP
 * round trips wait behind requests on the event loop, so the worker's rate grows with the mails in
 * flight (three managed ~8 mails/s in the load stress test). A provider that allows fewer says so
 * in the URL: `smtp://…?maxConnections=2` (the URL's options win).
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 8,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    via: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(mail)
      return { messageId: typeof info.messageId === 'string' ? info.messageId : mail.messageId }
    },
    close: () => transporter.close(),
  }
}

/** No SMTP server: the mail stays in the outbox as the admin's mailbox. */
export function mailboxTransport(): MailTransport {
  return {
    via: 'mailbox',
    send: async (mail) => ({ messageId: mail.messageId }),
    close: () => {},
  }
}

export function transportFromConfig(config: Config): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : mailboxTransport()
}

export function senderFromConfig(config: Config): string {
  return mailFrom(config)
}

/** A refusal that a retry will not change: the server answered 5xx (e.g. no such mailbox). */
export function isPermanentMailError(error: unknown): boolean {
  const code = typeof error === 'object' && error && 'responseCode' in error ? Number(error.responseCode) : 0
  return code >= 500 && code < 600
}
