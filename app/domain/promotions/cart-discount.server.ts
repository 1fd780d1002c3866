// A discount code on a cart (ADR 073): the shopper applies one code (case-insensitive), the cart
// keeps it, and every read checks it again against the cart as it is now, so a code that stops
// fitting (the cart changed, the code ended or was used up) says why and takes nothing off. The
// server works out the saving and each line's share; placeOrder charges what this answers.
import type { Selectable } from 'kysely'
import type { DB } from '../../../db/database'
import type { DiscountCodesTable } from '../../../db/schema'
import type { Category } from '~/lib/catalog'
import { indiaDay } from '~/lib/dates'
import { DISCOUNT_MESSAGES, discountAmount, normalizeCode, type ScopeVariant, spreadDiscount, variantCovers } from '~/lib/discounts'
import type { Cart, CartOwner } from '~/domain/cart/cart.server'
import { ownerColumn } from '~/domain/cart/cart.server'
import { clock } from '~/domain/clock'
import { Invalid } from '~/domain/errors'
import { hasOrdered, usesOf } from './discount-uses.server'

type CodeRow = Selectable<DiscountCodesTable>

/** A code that fits the cart: what it takes off, and each cart line's share (0 for lines it is not for). */
export interface AppliedDiscount {
  codeId: string
  code: string
  amountPaise: number
  /** One per cart item, in the cart's order: the shares add up to amountPaise. */
  shares: number[]
  maxUses: number | null
  maxUsesPerUser: number | null
}

/** The cart's code as the cart and checkout show it: applied, or refused with the reason. */
export type CartDiscount =
  | { code: string; applies: true; amountPaise: number; message: string; discount: AppliedDiscount }
  | { code: string; applies: false; amountPaise: 0; message: string; /** An automatic offer on the same pieces saves more (ADR 078): nothing to refuse. */ outdone?: true }

export async function findCode(db: DB, code: string): Promise<CodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('code', '=', normalizeCode(code)).executeTakeFirst()
}

/** The pieces the code is for: each line's category is today's (the cart's lines do not carry it). */
async function eligibleLines(db: DB, row: CodeRow, cart: Cart): Promise<boolean[]> {
  const items: string[] = JSON.parse(row.scope_items)
  if (row.scope === 'shop') return cart.items.map((line) => line.available)
  const variants: ScopeVariant[] = JSON.parse(row.scope_variants)
  if (variants.length > 0) return cart.items.map((line) => line.available && variants.some((variant) => variantCovers(variant, line)))
  if (row.scope === 'products') return cart.items.map((line) => line.available && items.includes(line.productId))
  const ids = [...new Set(cart.items.map((line) => line.productId))]
  const rows = ids.length ? await db.selectFrom('products').select(['id', 'category']).where('id', 'in', ids).execute() : []
  const categories = new Map<string, Category>(rows.map((r) => [r.id, r.category]))
  return cart.items.map((line) => line.available && items.includes(categories.get(line.productId) ?? ''))
}

/** Which of the cart's lines the code is for (null: no such code), as checkCode counts them. */
export async function codeLines(db: DB, code: string, cart: Cart): Promise<boolean[] | null> {
  const row = await findCode(db, code)
  return row ? eligibleLines(db, row, cart) : null
}

/**
 * Checks a code against a cart for a shopper (null: a visitor, whose own uses and first order are
 * checked at checkout), at `now`. Answers the discount, or the one message that says why not, in the
 * order a shopper can act on: unknown, dates, the pieces, the minimum, then the shopper and the caps.
 * `exceptOrderId`: the checkout being placed or paid, not counted among the uses.
 */
export async function checkCode(
  db: DB,
  input: { code: string; cart: Cart; userId: string | null; exceptOrderId?: string },
  now = clock.now(),
): Promise<{ discount: AppliedDiscount } | { refused: string }> {
  const row = await findCode(db, input.code)
  if (!row || row.paused === 1) return { refused: DISCOUNT_MESSAGES.unknown }
  const today = indiaDay(now)
  if (row.starts_on && today < row.starts_on) return { refused: DISCOUNT_MESSAGES.notStarted(row.starts_on) }
  if (row.ends_on && today > row.ends_on) return { refused: DISCOUNT_MESSAGES.ended(row.ends_on) }
  const eligible = await eligibleLines(db, row, input.cart)
  const values = input.cart.items.map((line, i) => (eligible[i] ? line.lineTotalPaise : 0))
  const eligiblePaise = values.reduce((sum, value) => sum + value, 0)
  if (eligiblePaise === 0) return { refused: DISCOUNT_MESSAGES.notForCart }
  if (eligiblePaise < row.min_order_paise) return { refused: DISCOUNT_MESSAGES.addMore(row.min_order_paise - eligiblePaise) }
  if (input.userId) {
    if (row.first_order_only === 1 && (await hasOrdered(db, input.userId, input.exceptOrderId))) return { refused: DISCOUNT_MESSAGES.firstOrderOnly }
    const uses = await usesOf(db, row.id, { userId: input.userId, exceptOrderId: input.exceptOrderId }, now.toISOString())
    if (row.max_uses_per_user !== null && uses.mine >= row.max_uses_per_user) return { refused: DISCOUNT_MESSAGES.usedByYou }
    if (row.max_uses !== null && uses.all >= row.max_uses) return { refused: DISCOUNT_MESSAGES.usedUp }
  } else if (row.max_uses !== null) {
    const uses = await usesOf(db, row.id, { userId: null }, now.toISOString())
    if (uses.all >= row.max_uses) return { refused: DISCOUNT_MESSAGES.usedUp }
  }
  const amountPaise = discountAmount(row.kind, row.value, eligiblePaise)
  return {
    discount: {
      codeId: row.id,
      code: row.code,
      amountPaise,
      shares: spreadDiscount(values, amountPaise),
      maxUses: row.max_uses,
      maxUsesPerUser: row.max_uses_per_user,
    },
  }
}

function userOf(owner: CartOwner): string | null {
  return 'userId' in owner ? owner.userId : null
}

/** The code the owner's cart carries, or null. */
async function savedCode(db: DB, owner: CartOwner): Promise<string | null> {
  const { column, value } = ownerColumn(owner)
  const row = await db.selectFrom('carts').select('discount_code').where(column, '=', value).executeTakeFirst()
  return row?.discount_code ?? null
}

/** The cart's code checked against the cart as it is now; null when it carries none. */
export async function cartDiscount(db: DB, owner: CartOwner, cart: Cart, now = clock.now()): Promise<CartDiscount | null> {
  const code = cart.items.length > 0 ? await savedCode(db, owner) : null
  if (!code) return null
  const checked = await checkCode(db, { code, cart, userId: userOf(owner) }, now)
  if ('refused' in checked) return { code, applies: false, amountPaise: 0, message: DISCOUNT_MESSAGES.noLongerApplies(code, checked.refused) }
  const { discount } = checked
  return { code, applies: true, amountPaise: discount.amountPaise, message: DISCOUNT_MESSAGES.applied(code, discount.amountPaise), discount }
}

/**
 * Applies a code to the owner's cart (replacing any other: one code per order). Invalid on `code`
 * with the reason when it does not fit; nothing is saved then.
 */
export async function applyDiscountCode(db: DB, owner: CartOwner, cart: Cart, code: string): Promise<CartDiscount & { applies: true }> {
  const typed = normalizeCode(code)
  if (!typed) throw new Invalid({ code: [DISCOUNT_MESSAGES.enterCode] })
  if (!cart.id || cart.items.length === 0) throw new Invalid({ code: [DISCOUNT_MESSAGES.notForCart] })
  const checked = await checkCode(db, { code: typed, cart, userId: userOf(owner) })
  if ('refused' in checked) throw new Invalid({ code: [checked.refused] })
  await db.updateTable('carts').set({ discount_code: checked.discount.code, updated_at: clock.iso() }).where('id', '=', cart.id).execute()
  const { discount } = checked
  return { code: discount.code, applies: true, amountPaise: discount.amountPaise, message: DISCOUNT_MESSAGES.applied(discount.code, discount.amountPaise), discount }
}

/** Takes the code off the owner's cart (nothing when it has none). */
export async function removeDiscountCode(db: DB, owner: CartOwner): Promise<void> {
  const { column, value } = ownerColumn(owner)
  await db.updateTable('carts').set({ discount_code: null, updated_at: clock.iso() }).where(column, '=', value).execute()
}
