// The one shape a page action answers a failed form with: Conform's SubmissionResult (see
// form-action.server.ts). Client-safe: components read the message to show from it.
import type { SubmissionResult } from '@conform-to/react'

export type FormReply = SubmissionResult<string[]>

/** The message of a failed reply: its form error, else its first field error. */
export function replyMessage(reply: FormReply | null | undefined): string | undefined {
  if (!reply?.error) return undefined
  const form = reply.error['']?.[0]
  if (form) return form
  for (const messages of Object.values(reply.error)) if (messages?.[0]) return messages[0]
  return undefined
}
