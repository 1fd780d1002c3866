// The owner's discount codes (ADR 073): list with their uses and takings, create, edit, pause.
// Checking a code against a cart is cart-discount.server.ts; counting uses, discount-uses.server.ts.
import type { Selectable } from 'kysely'
import type { DB } from '../../../db/database'
import { isUniqueViolation } from '../../../db/dialect'
import type { DiscountCodesTable } from '../../../db/schema'
import type { DiscountKind, DiscountScope, ScopeVariant } from '~/lib/discounts'
import { newId } from '~/lib/ids.server'
import type { DiscountCodeInput } from '~/schemas/discount-code'
import { clock } from '~/domain/clock'
import { Invalid, NotFound } from '~/domain/errors'
import { checkCodeVariants } from './code-variants.server'
import { usesByCode } from './discount-uses.server'

export const DISCOUNT_ADMIN_MESSAGES = {
  taken: 'A code with this name already exists',
  notFound: 'No such discount code.',
  unknownProducts: 'Choose products from the list',
  created: (code: string) => `${code} created`,
  saved: (code: string) => `${code} saved`,
  paused: (code: string) => `${code} paused`,
  resumed: (code: string) => `${code} is live again`,
} as const

export interface DiscountCodeView {
  id: string
  code: string
  kind: DiscountKind
  /** Whole percent, or paise. */
  value: number
  minOrderPaise: number
  startsOn: string | null
  endsOn: string | null
  maxUses: number | null
  maxUsesPerUser: number | null
  scope: DiscountScope
  /** Category or product ids; a variants code's products. */
  scopeItems: string[]
  /** The variants a variants code is for ([] for any other scope; ADR 084). */
  variants: ScopeVariant[]
  firstOrderOnly: boolean
  paused: boolean
  /** Paid orders that stand, and checkouts holding a use now. */
  uses: number
}

function toView(row: Selectable<DiscountCodesTable>, uses: number): DiscountCodeView {
  const variants = JSON.parse(row.scope_variants) as ScopeVariant[]
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minOrderPaise: row.min_order_paise,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    maxUses: row.max_uses,
    maxUsesPerUser: row.max_uses_per_user,
    scope: variants.length > 0 ? 'variants' : row.scope,
    scopeItems: JSON.parse(row.scope_items) as string[],
    variants,
    firstOrderOnly: row.first_order_only === 1,
    paused: row.paused === 1,
    uses,
  }
}

/** Every code, newest first, with its uses (a shop has tens of codes, not thousands). */
export async function listDiscountCodes(db: DB): Promise<DiscountCodeView[]> {
  const rows = await db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').limit(500).execute()
  const uses = await usesByCode(db, rows.map((row) => row.id))
  return rows.map((row) => toView(row, uses.get(row.id) ?? 0))
}

export async function getDiscountCode(db: DB, id: string): Promise<DiscountCodeView> {
  const row = await db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new NotFound(DISCOUNT_ADMIN_MESSAGES.notFound)
  const uses = await usesByCode(db, [row.id])
  return toView(row, uses.get(row.id) ?? 0)
}

async function checkProducts(db: DB, input: DiscountCodeInput): Promise<void> {
  if (input.scope === 'variants') return checkCodeVariants(db, input.variants)
  if (input.scope !== 'products') return
  const found = await db.selectFrom('products').select('id').where('id', 'in', input.scopeItems).where('deleted_at', 'is', null).execute()
  if (found.length !== input.scopeItems.length) throw new Invalid({ scopeItems: [DISCOUNT_ADMIN_MESSAGES.unknownProducts] })
}

function columns(input: DiscountCodeInput) {
  return {
    code: input.code,
    kind: input.type,
    value: input.value,
    min_order_paise: input.minOrder,
    starts_on: input.startsAt,
    ends_on: input.endsAt,
    max_uses: input.maxUses,
    max_uses_per_user: input.maxUsesPerUser,
    // A variants code is kept as its products with the variants beside them (ADR 084).
    scope: input.scope === 'variants' ? ('products' as const) : input.scope,
    scope_items: JSON.stringify(input.scope === 'variants' ? [...new Set(input.variants.map((variant) => variant.productId))] : input.scopeItems),
    scope_variants: JSON.stringify(input.scope === 'variants' ? input.variants : []),
    first_order_only: input.firstOrderOnly ? 1 : 0,
    paused: input.paused ? 1 : 0,
    updated_at: clock.iso(),
  }
}

async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw new Invalid({ code: [DISCOUNT_ADMIN_MESSAGES.taken] })
    throw error
  }
}

export async function createDiscountCode(db: DB, input: DiscountCodeInput): Promise<DiscountCodeView> {
  await checkProducts(db, input)
  const id = newId()
  await uniqueCode(() => db.insertInto('discount_codes').values({ id, ...columns(input) }).execute())
  return getDiscountCode(db, id)
}

/** Edits a code. Orders already placed keep what they were charged (their own snapshot). */
export async function updateDiscountCode(db: DB, id: string, input: DiscountCodeInput): Promise<DiscountCodeView> {
  await checkProducts(db, input)
  const updated = await uniqueCode(() => db.updateTable('discount_codes').set(columns(input)).where('id', '=', id).executeTakeFirst())
  if (Number(updated.numUpdatedRows) === 0) throw new NotFound(DISCOUNT_ADMIN_MESSAGES.notFound)
  return getDiscountCode(db, id)
}

/** Pauses a code (shoppers are told it is unknown; carts carrying it stop taking it off) or makes it live again. */
export async function setDiscountPaused(db: DB, id: string, paused: boolean): Promise<DiscountCodeView> {
  const updated = await db.updateTable('discount_codes').set({ paused: paused ? 1 : 0, updated_at: clock.iso() }).where('id', '=', id).executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) throw new NotFound(DISCOUNT_ADMIN_MESSAGES.notFound)
  return getDiscountCode(db, id)
}

/** The products a code may be for (the admin's picker): listed ones, by title. */
export async function productChoices(db: DB): Promise<{ id: string; title: string }[]> {
  return db.selectFrom('products').select(['id', 'title']).where('deleted_at', 'is', null).orderBy('title').limit(1000).execute()
}
