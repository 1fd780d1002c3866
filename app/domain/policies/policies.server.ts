// The policy pages (issue 32, docs/decisions/081-policy-pages.md): each page's newest version, or its
// default text from the shop's settings while the owner has written none; saving a version, the
// history, and restoring an old version as a new one. Versions are only ever added.
import type { DB } from '../../../db/database'
import { Invalid, NotFound } from '~/domain/errors'
import { defaultPolicyText, type PolicyFacts } from '~/lib/policy-defaults'
import { POLICY_LIMITS, POLICY_MESSAGES, POLICY_SLUGS, POLICY_TITLES, type PolicySlug } from '~/lib/policies'

export interface PolicyPage {
  slug: PolicySlug
  title: string
  body: string
  /** When the shown version was saved; null while the page shows the default text. */
  updatedAt: string | null
  /** The shown version; null for the default text. */
  versionId: number | null
}

export interface PolicyVersion {
  id: number
  body: string
  createdAt: string
  /** The admin's name; null once that account is gone. */
  createdBy: string | null
  /** The version this one restored; null for one written in the editor. */
  restoredFrom: number | null
}

export interface PolicySummary {
  slug: PolicySlug
  title: string
  /** When the newest version was saved; null: the page shows the default text. */
  updatedAt: string | null
  versions: number
}

/** The page as shoppers see it: the newest version, else the default text from the settings. */
export async function readPolicy(db: DB, slug: PolicySlug, facts: PolicyFacts): Promise<PolicyPage> {
  const newest = await db
    .selectFrom('policy_versions')
    .select(['id', 'body', 'created_at'])
    .where('slug', '=', slug)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return {
    slug,
    title: POLICY_TITLES[slug],
    body: newest?.body ?? defaultPolicyText(slug, facts),
    updatedAt: newest?.created_at ?? null,
    versionId: newest?.id ?? null,
  }
}

/** The six pages with their newest version's date and how many versions each has, in the footer's order. */
export async function listPolicies(db: DB): Promise<PolicySummary[]> {
  const rows = await db
    .selectFrom('policy_versions')
    .select((eb) => ['slug', eb.fn.max('created_at').as('updated_at'), eb.fn.countAll<number | string>().as('versions')])
    .groupBy('slug')
    .execute()
  const bySlug = new Map(rows.map((row) => [row.slug, row]))
  return POLICY_SLUGS.map((slug) => {
    const row = bySlug.get(slug)
    return { slug, title: POLICY_TITLES[slug], updatedAt: row?.updated_at ?? null, versions: Number(row?.versions ?? 0) }
  })
}

/** A page's versions, newest first (at most POLICY_LIMITS.historyShown). */
export async function listPolicyVersions(db: DB, slug: PolicySlug): Promise<PolicyVersion[]> {
  const rows = await db
    .selectFrom('policy_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.id', 'v.body', 'v.created_at', 'v.restored_from', 'u.user_name'])
    .where('v.slug', '=', slug)
    .orderBy('v.id', 'desc')
    .limit(POLICY_LIMITS.historyShown)
    .execute()
  return rows.map((row) => ({ id: row.id, body: row.body, createdAt: row.created_at, createdBy: row.user_name, restoredFrom: row.restored_from }))
}

/** One version of a page; NotFound when the id is not one of that page's versions. */
export async function readPolicyVersion(db: DB, slug: PolicySlug, id: number): Promise<PolicyVersion> {
  const row = await db
    .selectFrom('policy_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.id', 'v.body', 'v.created_at', 'v.restored_from', 'u.user_name'])
    .where('v.slug', '=', slug)
    .where('v.id', '=', id)
    .executeTakeFirst()
  if (!row) throw new NotFound(POLICY_MESSAGES.versionNotFound)
  return { id: row.id, body: row.body, createdAt: row.created_at, createdBy: row.user_name, restoredFrom: row.restored_from }
}

/**
 * Saves the owner's text as the page's newest version. Line endings become "\n" and trailing space
 * goes; a text the page already shows (its newest version, or the default) is refused as unchanged,
 * so the history holds real changes only.
 */
export async function savePolicyVersion(
  db: DB,
  input: { slug: PolicySlug; body: string; adminId: string; facts: PolicyFacts },
): Promise<PolicyVersion> {
  const body = normalise(input.body)
  if (body === '') throw new Invalid({ body: [POLICY_MESSAGES.bodyRequired] })
  if (body.length > POLICY_LIMITS.bodyLength) throw new Invalid({ body: [POLICY_MESSAGES.bodyTooLong] })
  const shown = await readPolicy(db, input.slug, input.facts)
  if (normalise(shown.body) === body) throw new Invalid({ body: [POLICY_MESSAGES.unchanged] })
  return addVersion(db, input.slug, body, input.adminId, null)
}

/** Adds an old version's text again as the page's newest version. */
export async function restorePolicyVersion(db: DB, input: { slug: PolicySlug; versionId: number; adminId: string }): Promise<PolicyVersion> {
  const old = await readPolicyVersion(db, input.slug, input.versionId)
  return addVersion(db, input.slug, old.body, input.adminId, old.id)
}

async function addVersion(db: DB, slug: PolicySlug, body: string, adminId: string, restoredFrom: number | null): Promise<PolicyVersion> {
  const row = await db
    .insertInto('policy_versions')
    .values({ slug, body, created_by: adminId, restored_from: restoredFrom })
    .returning('id')
    .executeTakeFirstOrThrow()
  return readPolicyVersion(db, slug, row.id)
}

const normalise = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
