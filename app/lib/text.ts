// Text as the shop stores it.

/**
 * A text without NUL characters: they mean nothing in a shop's text, and PostgreSQL refuses them in
 * any text column (SQLite would keep them), so every request's fields lose them before anything else.
 */
export function withoutNul(value: string): string {
  return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value
}

/** A status move the lifecycle table forbids, in the words every lifecycle uses ("An order that is shipped cannot be set to pending."). */
export function moveRefusedMessage(subject: string, fromLabel: string, toLabel: string): string {
  return `${subject} that is ${fromLabel.toLowerCase()} cannot be set to ${toLabel.toLowerCase()}.`
}
