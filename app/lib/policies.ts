// The shop's policy pages (issue 32, docs/decisions/081-policy-pages.md): which pages there are, their
// titles, the limits of the owner's text, the words the pages and the admin say, and how the owner's
// plain text reads as headings, paragraphs and bullets. Shown through React, so every character of
// the text is escaped: there is no way to write HTML into a policy.

export const POLICY_SLUGS = ['terms', 'privacy', 'refunds', 'shipping', 'returns', 'contact'] as const
export type PolicySlug = (typeof POLICY_SLUGS)[number]

export const POLICY_TITLES: Record<PolicySlug, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  refunds: 'Refund and Cancellation',
  shipping: 'Shipping and Delivery',
  returns: 'Returns',
  contact: 'Contact Us',
}

export function isPolicySlug(value: string): value is PolicySlug {
  return (POLICY_SLUGS as readonly string[]).includes(value)
}

/** A policy page's address. */
export function policyPath(slug: PolicySlug): string {
  return `/shop/policies/${slug}`
}

/** The studio's opening hours, as the footer and Contact Us say them. */
export const STUDIO_HOURS = '10 AM to 8 PM, Monday to Saturday'

export const POLICY_LIMITS = {
  /** Characters of one version's text. */
  bodyLength: 20_000,
  /** Versions the admin's history lists, newest first. */
  historyShown: 50,
} as const

export const POLICY_MESSAGES = {
  bodyRequired: 'Write the page, or restore an earlier version.',
  bodyTooLong: `A page may be at most ${POLICY_LIMITS.bodyLength.toLocaleString('en-IN')} characters.`,
  saved: 'Saved: the page shows the new version.',
  restored: 'Restored as the newest version.',
  unchanged: 'That is the text the page already shows: nothing saved.',
  versionNotFound: 'That version is not in this page\'s history.',
  defaultText: 'The shop\'s default text, written from its settings',
} as const

export type PolicyBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; items: string[] }

/**
 * The owner's text as blocks: a line starting with "## " is a heading, lines starting with "- " make
 * a bulleted list, other lines run into a paragraph (a blank line ends it; its line breaks are kept).
 */
export function parsePolicyText(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = []
  let open: PolicyBlock | null = null
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd()
    if (line.trim() === '') {
      open = null
    } else if (line.startsWith('## ')) {
      blocks.push({ kind: 'heading', text: line.slice(3).trim() })
      open = null
    } else if (/^\s*- /.test(line)) {
      const item = line.replace(/^\s*- /, '').trim()
      if (open?.kind === 'list') open.items.push(item)
      else {
        open = { kind: 'list', items: [item] }
        blocks.push(open)
      }
    } else if (open?.kind === 'paragraph') {
      open.lines.push(line.trim())
    } else {
      open = { kind: 'paragraph', lines: [line.trim()] }
      blocks.push(open)
    }
  }
  return blocks
}
