// Complaints: a ticket at once with the acknowledgement and the owner's copy queued in the same
// transaction; an order only a signed-in shopper's own; the admin's moves with a mailed resolution;
// the dashboard's list of complaints nearing one month unresolved.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DB } from '../../../db/database'
import { insertUsers } from '../../../tests/helpers/fixtures'
import { insertOrder } from '../../../tests/helpers/order-fixtures'
import { rejection } from '../../../tests/helpers/rejection'
import { createTestDb, type TestDb } from '../../../tests/helpers/test-db'
import { setClock, setDomainSettings } from '../../../tests/helpers/domain-settings'
import { complaintIdOfTicket } from '~/lib/complaints'
import { complaintSchema, complaintUpdateSchema } from '~/schemas/complaint'
import { Conflict, Invalid, NotFound } from '~/domain/errors'
import { complaintsNearingDeadline, fileComplaint, listComplaints, listComplaintsOf, updateComplaint } from './complaints.server'

let testDb: TestDb
let db: DB
const asha = { id: 'u-asha', userName: 'Asha', email: 'asha@example.com' }
const ravi = { id: 'u-ravi', userName: 'Ravi', email: 'ravi@example.com' }

beforeEach(async () => {
  testDb = await createTestDb()
  db = testDb.db
  setDomainSettings({ mail: { shopName: 'Resin Craft Studio', publicUrl: 'https://shop.example.in', ownerEmail: 'owner@studio.example' } })
  setClock('2026-11-27T06:00:00Z')
  await insertUsers(db, [
    { id: asha.id, userName: asha.userName, email: asha.email },
    { id: ravi.id, userName: ravi.userName, email: ravi.email },
  ])
  await insertOrder(db, { id: 'o-asha', user: asha, date: new Date('2026-11-20T06:00:00Z') })
})

afterEach(async () => {
  setClock()
  await testDb.cleanup()
})

const complaint = (over: Record<string, unknown> = {}) =>
  complaintSchema.parse({ name: 'Asha Rao', email: 'Asha@Example.com', message: 'The pendant arrived cracked.', ...over })

const mails = () => db.selectFrom('mail_outbox').select(['kind', 'to_address', 'subject', 'text']).orderBy('id').execute()

describe('filing a complaint', () => {
  it('gives a ticket at once and queues the acknowledgement to her and the copy to the owner', async () => {
    const { id, ticket } = await fileComplaint(db, complaint({ phone: '98450 12345' }), null)
    expect(ticket).toBe(`RC-2026-${String(id).padStart(6, '0')}`)
    expect(complaintIdOfTicket(ticket)).toBe(id)
    const sent = await mails()
    expect(sent.map((m) => [m.kind, m.to_address])).toEqual([
      ['complaint-received', 'asha@example.com'],
      ['complaint-owner', 'owner@studio.example'],
    ])
    expect(sent[0]?.subject).toContain(ticket)
    // The acknowledgement repeats nothing she typed but the ticket; the owner's copy has it all.
    expect(sent[0]?.text).not.toContain('cracked')
    expect(sent[1]?.text).toContain('The pendant arrived cracked.')
    expect(sent[1]?.text).toContain('9845012345')
  })

  it("takes a signed-in shopper's own order, and refuses another's or a visitor's, changing nothing", async () => {
    const mine = await fileComplaint(db, complaint({ orderId: 'o-asha' }), asha.id)
    expect((await listComplaintsOf(db, asha.id)).map((c) => [c.id, c.orderId])).toEqual([[mine.id, 'o-asha']])
    const theirs = await rejection(fileComplaint(db, complaint({ orderId: 'o-asha' }), ravi.id))
    expect(theirs).toBeInstanceOf(Invalid)
    expect((theirs as Invalid).errors).toMatchObject({ orderId: ['Choose one of your orders'] })
    expect(await rejection(fileComplaint(db, complaint({ orderId: 'o-asha' }), null))).toBeInstanceOf(Invalid)
    expect((await listComplaints(db)).total).toBe(1)
    expect(await mails()).toHaveLength(2)
  })

  it('refuses an empty message and a bad phone in the schema, each with its message', () => {
    const result = complaintSchema.safeParse({ name: '', email: 'nope', phone: '12', message: ' ' })
    const fields = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])
    expect(fields).toMatchObject({ name: 'Name is required', email: 'Enter a valid email address', message: 'Your complaint is required' })
    expect(fields.phone).toBeDefined()
  })
})

describe("the admin's moves", () => {
  it('moves open -> in progress -> resolved, mails the resolution once, and then refuses any move', async () => {
    const { id } = await fileComplaint(db, complaint(), asha.id)
    expect((await updateComplaint(db, id, complaintUpdateSchema.parse({ status: 'inProgress' }))).status).toBe('inProgress')
    const noNote = await rejection(updateComplaint(db, id, complaintUpdateSchema.parse({ status: 'resolved' })))
    expect((noNote as Invalid).errors).toMatchObject({ resolution: ['Say how the complaint was resolved'] })
    const resolved = await updateComplaint(db, id, complaintUpdateSchema.parse({ status: 'resolved', resolution: 'A new pendant went out today.' }))
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'A new pendant went out today.', resolvedAt: '2026-11-27T06:00:00.000Z' })
    const last = (await mails()).at(-1)
    expect(last).toMatchObject({ kind: 'complaint-resolved', to_address: 'asha@example.com' })
    expect(last?.text).toContain('A new pendant went out today.')
    expect(await rejection(updateComplaint(db, id, complaintUpdateSchema.parse({ status: 'open' })))).toBeInstanceOf(Conflict)
    expect(await rejection(updateComplaint(db, 9999, complaintUpdateSchema.parse({ status: 'open' })))).toBeInstanceOf(NotFound)
  })
})

describe('the dashboard', () => {
  it('lists unresolved complaints three weeks old or older, not newer or resolved ones', async () => {
    setClock('2026-11-01T06:00:00Z')
    const old = await fileComplaint(db, complaint(), null)
    const oldResolved = await fileComplaint(db, complaint(), null)
    await updateComplaint(db, oldResolved.id, complaintUpdateSchema.parse({ status: 'resolved', resolution: 'Refunded.' }))
    setClock('2026-11-20T06:00:00Z')
    await fileComplaint(db, complaint(), null)
    setClock('2026-11-27T06:00:00Z')
    expect((await complaintsNearingDeadline(db)).map((c) => c.id)).toEqual([old.id])
  })
})
