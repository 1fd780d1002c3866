// The owner's automatic offers (ADR 078): list, create, edit, pause, end; the offers running at a
// moment, as every price read takes them; and whether one started or ended between two moments (the
// page cache's timed drop). What an offer does to a cart is cart-offers.server.ts.
import type { Selectable } from 'kysely'
import { compiledOnce } from '../../../db/compiled-once'
import type { DB } from '../../../db/database'
import type { OffersTable } from '../../../db/schema'
import type { Category } from '~/lib/catalog'
import { newId } from '~/lib/ids.server'
import { type LiveOffers, NO_OFFERS, type OfferKind, type OfferScope } from '~/lib/offers'
import type { OfferInput } from '~/schemas/offer'
import { clock } from '~/domain/clock'
import { Invalid, NotFound } from '~/domain/errors'

export const OFFER_ADMIN_MESSAGES = {
  notFound: 'No such offer.',
  unknownProducts: 'Choose products from the list',
  created: (name: string) => `${name} created`,
  saved: (name: string) => `${name} saved`,
  paused: (name: string) => `${name} paused`,
  resumed: (name: string) => `${name} is live again`,
  ended: (name: string) => `${name} ended`,
} as const

export type OfferState = 'live' | 'scheduled' | 'paused' | 'ended'

export interface OfferView {
  id: string
  name: string
  kind: OfferKind
  percent: number
  minOrderPaise: number
  scope: OfferScope
  /** Category ids or product ids, by the scope ([] for the whole shop). */
  scopeItems: string[]
  startsAt: string
  endsAt: string
  paused: boolean
  stackable: boolean
  state: OfferState
}

type OfferRow = Selectable<OffersTable>

function stateOf(row: OfferRow, at: string): OfferState {
  if (row.ends_at <= at) return 'ended'
  if (row.paused === 1) return 'paused'
  return row.starts_at <= at ? 'live' : 'scheduled'
}

function toView(row: OfferRow, at: string): OfferView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    percent: row.percent,
    minOrderPaise: row.min_order_paise,
    scope: row.scope,
    scopeItems: JSON.parse(row.scope_items) as string[],
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    paused: row.paused === 1,
    stackable: row.stackable === 1,
    state: stateOf(row, at),
  }
}

// Compiled once: every cart, checkout and priced page asks it, several times a request (ADR 118).
const liveOfferRows = compiledOnce((db: DB, { at }: { at: string }) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('paused', '=', 0)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('created_at')
    .orderBy('id')
    .limit(100),
)

/**
 * The offers running at `now` (from starts_at, included, to ends_at, excluded; not paused): every
 * percent-off offer, and the free-delivery offer with the lowest amount. One small query per read.
 */
export async function liveOffers(db: DB, now = clock.now()): Promise<LiveOffers> {
  const rows = await liveOfferRows(db, { at: now.toISOString() })
  if (rows.length === 0) return NO_OFFERS
  const offers: LiveOffers = { percentOff: [], freeDelivery: null }
  for (const row of rows) {
    if (row.kind === 'percent_off') {
      const items = JSON.parse(row.scope_items) as string[]
      offers.percentOff.push({
        id: row.id,
        name: row.name,
        percent: row.percent,
        categories: row.scope === 'categories' ? (items as Category[]) : null,
        products: row.scope === 'products' ? items : null,
        stackable: row.stackable === 1,
      })
    } else if (!offers.freeDelivery || row.min_order_paise < offers.freeDelivery.minOrderPaise) {
      offers.freeDelivery = { id: row.id, name: row.name, minOrderPaise: row.min_order_paise }
    }
  }
  return offers
}

/** Whether an offer started or ended in (from, to]: the prices of browse pages changed without a write. */
export async function offerScheduleTurned(db: DB, from: Date, to: Date): Promise<boolean> {
  const [after, until] = [from.toISOString(), to.toISOString()]
  const row = await db
    .selectFrom('offers')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('starts_at', '>', after), eb('starts_at', '<=', until)]), eb.and([eb('ends_at', '>', after), eb('ends_at', '<=', until)])]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Every offer, the newest first (a shop runs a handful a season). */
export async function listOffers(db: DB): Promise<OfferView[]> {
  const rows = await db.selectFrom('offers').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(500).execute()
  const at = clock.iso()
  return rows.map((row) => toView(row, at))
}

export async function getOffer(db: DB, id: string): Promise<OfferView> {
  const row = await db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound(OFFER_ADMIN_MESSAGES.notFound)
  return toView(row, clock.iso())
}

function columns(input: OfferInput) {
  return {
    name: input.name,
    kind: input.kind,
    percent: input.percent,
    min_order_paise: input.minOrderPaise,
    scope: input.scope,
    scope_items: JSON.stringify(input.scopeItems),
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    paused: input.paused ? 1 : 0,
    stackable: input.stackable ? 1 : 0,
    updated_at: clock.iso(),
  }
}

async function checkProducts(db: DB, input: OfferInput): Promise<void> {
  if (input.scope !== 'products') return
  const found = await db.selectFrom('products').select('id').where('id', 'in', input.scopeItems).where('deleted_at', 'is', null).execute()
  if (found.length !== input.scopeItems.length) throw new Invalid({ scopeItems: [OFFER_ADMIN_MESSAGES.unknownProducts] })
}

export async function createOffer(db: DB, input: OfferInput): Promise<OfferView> {
  await checkProducts(db, input)
  const id = newId()
  await db.insertInto('offers').values({ id, ...columns(input) }).execute()
  return getOffer(db, id)
}

/** Edits an offer: carts take it at their next read; orders placed keep the prices they were sold at. */
export async function updateOffer(db: DB, id: string, input: OfferInput): Promise<OfferView> {
  await checkProducts(db, input)
  const updated = await db.updateTable('offers').set(columns(input)).where('id', '=', id).executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) throw new NotFound(OFFER_ADMIN_MESSAGES.notFound)
  return getOffer(db, id)
}

export async function setOfferPaused(db: DB, id: string, paused: boolean): Promise<OfferView> {
  const updated = await db.updateTable('offers').set({ paused: paused ? 1 : 0, updated_at: clock.iso() }).where('id', '=', id).executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) throw new NotFound(OFFER_ADMIN_MESSAGES.notFound)
  return getOffer(db, id)
}

/** Ends an offer now (its end moves to now; one not yet started ends before it starts). */
export async function endOffer(db: DB, id: string): Promise<OfferView> {
  const row = await db.selectFrom('offers').select(['starts_at', 'ends_at']).where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound(OFFER_ADMIN_MESSAGES.notFound)
  const now = clock.iso()
  if (row.ends_at > now) {
    // One not yet started never starts: its start moves to now as well.
    const ended = row.starts_at > now ? { starts_at: now, ends_at: now } : { ends_at: now }
    await db.updateTable('offers').set({ ...ended, updated_at: now }).where('id', '=', id).execute()
  }
  return getOffer(db, id)
}
