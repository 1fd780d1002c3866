// The mail vocabulary the admin's mailbox shows (the outbox: app/domain/messaging/mail-outbox.server.ts).

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Waiting to be sent',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent (given up)',
}

export const MAIL_MESSAGES = {
  notFound: 'Mail not found.',
  retried: 'The mail will be sent again.',
  notRetried: 'Only a mail that was given up can be sent again.',
} as const

/** A plain-text mail cut into text and http(s) links, so the mailbox can make the links clickable. */
export function linkify(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = []
  let last = 0
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const index = match.index ?? 0
    if (index > last) parts.push({ text: text.slice(last, index) })
    parts.push({ text: match[0], href: match[0] })
    last = index + match[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}
