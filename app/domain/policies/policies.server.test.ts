// The policy pages on a fresh database (SQLite, and PostgreSQL under test:pg): the default text from
// the settings, versions saved and refused, the history, restoring, and the page cache told (ADR 081).
import { describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertUsers, owner } from '../../../tests/helpers/fixtures'
import { withTestDb } from '../../../tests/helpers/test-db'
import { Invalid, NotFound } from '~/domain/errors'
import { changedSince, shopGeneration, shopWritesPlugin } from '~/infra/shop-writes.server'
import type { PolicyFacts } from '~/lib/policy-defaults'
import { POLICY_LIMITS, POLICY_MESSAGES, POLICY_SLUGS } from '~/lib/policies'
import { listPolicies, listPolicyVersions, readPolicy, readPolicyVersion, restorePolicyVersion, savePolicyVersion } from './policies.server'

const FACTS: PolicyFacts = {
  shopName: 'Resin Craft Studio',
  legalName: 'Resin Craft Studio Pvt Ltd',
  address: ['12 Lavelle Road', 'Bengaluru 560001'],
  gstin: '29AAHCR1234M1Z3',
  email: 'hello@resincraft.studio',
  phone: '+91 98765 43210',
  deliveryFeePaise: 0,
  returnWindowDays: 7,
  returns: { reasons: ['Damaged in transit'], specialOnlyFault: true, sendTo: 'Resin Craft Studio Pvt Ltd, 12 Lavelle Road, Bengaluru 560001' },
  grievanceOfficer: { name: 'Meera Iyer', designation: 'Grievance Officer', email: 'grievance@resincraft.studio', phone: '+91 90000 22222' },
}

let db: DB
withTestDb(async (fresh) => {
  db = fresh.withPlugin(shopWritesPlugin)
  await insertUsers(db, [{ ...owner, role: 'admin' }])
})

const save = (slug: 'returns' | 'terms', body: string) => savePolicyVersion(db, { slug, body, adminId: owner.id, facts: FACTS })

async function refusal(run: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Invalid)
  return (error as Invalid).errors
}

describe('policy pages', () => {
  it('shows the default text from the settings while the owner has written none, with no date', async () => {
    const page = await readPolicy(db, 'contact', FACTS)
    expect(page).toMatchObject({ slug: 'contact', title: 'Contact Us', updatedAt: null, versionId: null })
    expect(page.body).toContain('Resin Craft Studio Pvt Ltd')
    expect(page.body).toContain('12 Lavelle Road, Bengaluru 560001')
    // The default follows the settings: a changed phone shows at once.
    expect((await readPolicy(db, 'contact', { ...FACTS, phone: '+91 91234 56789' })).body).toContain('+91 91234 56789')
  })

  it('shows the newest version with its date, and lists the six pages with their last update', async () => {
    await save('returns', '## Returns\nWithin 10 days.')
    const second = await save('returns', '## Returns\nWithin 14 days.')
    const page = await readPolicy(db, 'returns', FACTS)
    expect(page).toMatchObject({ body: '## Returns\nWithin 14 days.', versionId: second.id, updatedAt: second.createdAt })
    // Another page keeps its default.
    expect((await readPolicy(db, 'terms', FACTS)).versionId).toBeNull()
    const list = await listPolicies(db)
    expect(list.map((p) => p.slug)).toEqual([...POLICY_SLUGS])
    expect(list.find((p) => p.slug === 'returns')).toMatchObject({ versions: 2, updatedAt: second.createdAt })
    expect(list.find((p) => p.slug === 'terms')).toMatchObject({ versions: 0, updatedAt: null })
  })

  it('keeps every version, newest first, with who saved it', async () => {
    const first = await save('returns', 'One')
    const second = await save('returns', 'Two')
    const versions = await listPolicyVersions(db, 'returns')
    expect(versions.map((v) => [v.id, v.body, v.createdBy])).toEqual([
      [second.id, 'Two', owner.userName],
      [first.id, 'One', owner.userName],
    ])
    expect(await listPolicyVersions(db, 'terms')).toEqual([])
  })

  it('restores an old version as a new one, leaving the history as it was', async () => {
    const first = await save('returns', 'One')
    await save('returns', 'Two')
    const restored = await restorePolicyVersion(db, { slug: 'returns', versionId: first.id, adminId: owner.id })
    expect(restored).toMatchObject({ body: 'One', restoredFrom: first.id })
    expect((await readPolicy(db, 'returns', FACTS)).body).toBe('One')
    expect((await listPolicyVersions(db, 'returns')).map((v) => v.body)).toEqual(['One', 'Two', 'One'])
  })

  it("refuses a version of another page, or one that does not exist", async () => {
    const terms = await save('terms', 'Terms')
    await expect(restorePolicyVersion(db, { slug: 'returns', versionId: terms.id, adminId: owner.id })).rejects.toBeInstanceOf(NotFound)
    await expect(readPolicyVersion(db, 'returns', 999_999)).rejects.toBeInstanceOf(NotFound)
    expect(await listPolicyVersions(db, 'returns')).toEqual([])
  })

  it('refuses an empty text, a text over the limit, and the text the page already shows; nothing is saved', async () => {
    expect(await refusal(save('returns', '  \n '))).toEqual({ body: [POLICY_MESSAGES.bodyRequired] })
    expect(await refusal(save('returns', 'x'.repeat(POLICY_LIMITS.bodyLength + 1)))).toEqual({ body: [POLICY_MESSAGES.bodyTooLong] })
    const shown = (await readPolicy(db, 'returns', FACTS)).body
    expect(await refusal(save('returns', `${shown.replace(/\n/g, '\r\n')}  \n`))).toEqual({ body: [POLICY_MESSAGES.unchanged] })
    expect(await listPolicyVersions(db, 'returns')).toEqual([])
    await save('returns', 'Mine')
    expect(await refusal(save('returns', 'Mine\n'))).toEqual({ body: [POLICY_MESSAGES.unchanged] })
  })

  it('keeps the text as typed, markup included (the page escapes it)', async () => {
    await save('returns', '## <script>alert(1)</script>\n- <b>bold</b>')
    expect((await readPolicy(db, 'returns', FACTS)).body).toBe('## <script>alert(1)</script>\n- <b>bold</b>')
  })

  it('tells the page cache that kept pages changed when a version is saved', async () => {
    const before = shopGeneration()
    await save('terms', 'New terms')
    expect(changedSince(before)).toBe(true)
  })
})
