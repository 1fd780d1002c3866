// How mail leaves the shop: nodemailer over SMTP_URL, or (without it, the demo default) nowhere:
// the outbox row itself, marked delivered to the mailbox, is what the admin reads at /admin/mail.
import { existsSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import nodemailer from 'nodemailer'
import { type Config, mailFrom } from './config.server'
import { startThread } from './threads.server'

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
 * The SMTP thread's young generation: a few mails in flight need little, and the process's flag
 * would give it the request thread's 16 MB (startThread, ADR 117).
 */
const SMTP_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 }

const SMTP_OPTIONS = {
  pool: true,
  maxConnections: 8,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
}

/**
 * SMTP through a pool of connections, spoken from a worker thread (server/smtp-thread.mjs) so that
 * a busy server's requests do not slow each round trip; from this thread if that cannot start.
 * Timeouts are short so a hung server frees the worker well within its claim's lease
 * (server/jobs/mail.ts). Eight connections, for the mails the worker keeps in flight; a provider
 * that allows fewer says so in the URL: `smtp://…?maxConnections=2` (the URL's options win).
 */
export function smtpTransport(url: string): MailTransport {
  return threadedSmtpTransport(url) ?? inProcessSmtpTransport(url)
}

function inProcessSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_OPTIONS } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    via: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail(mail)
      return { messageId: typeof info.messageId === 'string' ? info.messageId : mail.messageId }
    },
    close: () => transporter.close(),
  }
}

/**
 * The thread's file, from this module: both app/infra/ (sources, tests) and build/server/ (the
 * built server) are two folders below the project. A variable, so the bundler leaves it alone.
 */
const SMTP_THREAD = '../../server/smtp-thread.mjs'

type ThreadReply = { id: number; messageId?: string | null; error?: { message: string; responseCode?: number; code?: string } }

/** The thread's transport; null if it cannot start (exported for its tests). */
export function threadedSmtpTransport(url: string): MailTransport | null {
  const file = new URL(SMTP_THREAD, import.meta.url)
  if (!existsSync(file)) return null
  let thread: Worker
  try {
    thread = startThread(file, { workerData: { options: { url, ...SMTP_OPTIONS } }, resourceLimits: SMTP_THREAD_LIMITS })
  } catch (error) {
    console.error('The SMTP thread could not start; mail is sent from the main thread', error)
    return null
  }
  const pending = new Map<number, { resolve: (sent: { messageId: string | null }) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let closed = false
  let fallback: MailTransport | null = null
  // The thread died: its mails in flight fail (the worker retries them), later ones go from here.
  const lose = (error: Error) => {
    if (closed) return
    fallback ??= inProcessSmtpTransport(url)
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  }
  thread.on('message', (reply: ThreadReply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), { responseCode: reply.error.responseCode, code: reply.error.code }))
    else waiting.resolve({ messageId: reply.messageId ?? null })
  })
  thread.on('error', (error) => {
    console.error('The SMTP thread failed; mail is sent from the main thread', error)
    lose(error)
  })
  thread.on('exit', (code) => lose(new Error(`The SMTP thread stopped (exit code ${code})`)))
  return {
    via: 'smtp',
    send(mail) {
      if (fallback) return fallback.send(mail)
      return new Promise((resolve, reject) => {
        const id = ++nextId
        pending.set(id, { resolve, reject })
        thread.postMessage({ id, mail })
      })
    },
    close() {
      closed = true
      fallback?.close()
      thread.postMessage({ type: 'close' })
      thread.unref()
    },
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
