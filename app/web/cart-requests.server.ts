// The cart's request adapter for pages: whose cart (user or visitor cookie), and one handler for the
// cart form's intents, shared by the cart page, the product page and every fetcher.
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { newId } from '~/lib/ids.server'
import { cartFormSchema } from '~/schemas/cart'
import type { RouterContextProvider } from 'react-router'
import { getUser } from './auth.server'
import { addToCart, type CartOwner, countCartLines, removeLine, stepLineQuantity } from '../domain/cart.server'
import { getShopSession, sessionStorage } from './cookies.server'
import { DomainError, Invalid, parseInput } from '../domain/errors'

type Ctx = Readonly<RouterContextProvider>

/**
 * The cart owner for this request: the signed-in user, or the visitor's guest id. With `create`,
 * a visitor without one gets a new guest id and `setCookie` carries it.
 */
export async function cartOwnerFor(
  request: Request,
  context: Ctx,
  { create = false } = {},
): Promise<{ owner: CartOwner | null; setCookie: string | null }> {
  const user = getUser(context)
  if (user) return { owner: { userId: user.id }, setCookie: null }
  const session = await getShopSession(request)
  const guestId = session.get('guestId')
  if (guestId) return { owner: { guestId }, setCookie: null }
  if (!create) return { owner: null, setCookie: null }
  const created = newId() + newId()
  session.set('guestId', created)
  return { owner: { guestId: created }, setCookie: await sessionStorage().commitSession(session) }
}

/** The header's cart badge: how many lines this request's cart holds (0 when it has none). */
export async function cartCountFor(request: Request, context: Ctx): Promise<number> {
  const { owner } = await cartOwnerFor(request, context)
  return owner ? countCartLines(getDb(), owner) : 0
}

export interface CartFormResult {
  ok: boolean
  status: number
  message: string
  errors: Record<string, string[]>
  setCookie: string | null
}

/** Runs one cart form post (add, increment, decrement, remove) and says what happened. */
export async function handleCartForm(
  request: Request,
  context: Ctx,
  form: FormData,
  { addedMessage = CART_MESSAGES.addedFromCard as string } = {},
): Promise<CartFormResult> {
  let setCookie: string | null = null
  try {
    const input = parseInput(cartFormSchema, Object.fromEntries(form))
    const resolved = await cartOwnerFor(request, context, { create: input.intent === 'add' })
    setCookie = resolved.setCookie
    const owner = resolved.owner
    if (!owner) throw new Invalid({ lineId: [CART_MESSAGES.emptyCart] })
    const db = getDb()
    let message: string
    switch (input.intent) {
      case 'add':
        await addToCart(db, owner, { productId: input.productId, variety: input.variety, color: input.color })
        message = addedMessage
        break
      case 'increment':
      case 'decrement':
        await stepLineQuantity(db, owner, input.lineId, input.intent === 'increment' ? 1 : -1)
        message = CART_MESSAGES.updated
        break
      case 'remove':
        await removeLine(db, owner, { lineId: input.lineId })
        message = CART_MESSAGES.deleted
        break
    }
    return { ok: true, status: 200, message, errors: {}, setCookie }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    const errors = error instanceof Invalid ? error.errors : {}
    return { ok: false, status: error.status, message: error.message, errors, setCookie }
  }
}
