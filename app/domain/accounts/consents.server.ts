// A shopper's consents (DPDP Act 2023, ADR 089): each given or withdrawn is a new row with its time;
// her choice for a purpose is its newest row, and no row means not given (every purpose is opt-in).
import type { DB } from '../../../db/database'
import { CONSENT_PURPOSES, type ConsentPurpose } from '~/lib/consents'
import { clock } from '~/domain/clock'

export interface ConsentRecord {
  id: number
  purpose: ConsentPurpose
  given: boolean
  at: string
}

/** Records her choice for `purpose`, unless it is already her choice (the record holds changes only). */
export async function recordConsent(db: DB, userId: string, purpose: ConsentPurpose, given: boolean): Promise<boolean> {
  const current = await currentConsents(db, userId)
  if (current[purpose] === given) return false
  await db.insertInto('consents').values({ user_id: userId, purpose, given: given ? 1 : 0, created_at: clock.now().toISOString() }).execute()
  return true
}

/** Her record, oldest first. */
export async function consentHistory(db: DB, userId: string): Promise<ConsentRecord[]> {
  const rows = await db.selectFrom('consents').select(['id', 'purpose', 'given', 'created_at']).where('user_id', '=', userId).orderBy('id').execute()
  return rows.map((row) => ({ id: Number(row.id), purpose: row.purpose, given: Number(row.given) === 1, at: row.created_at }))
}

/** Her current choice for each purpose (false where she never gave one). */
export async function currentConsents(db: DB, userId: string): Promise<Record<ConsentPurpose, boolean>> {
  const history = await consentHistory(db, userId)
  const current = Object.fromEntries(CONSENT_PURPOSES.map((p) => [p, false])) as Record<ConsentPurpose, boolean>
  for (const record of history) current[record.purpose] = record.given
  return current
}
