// The cart's request adapter for pages: whose cart (user or visitor cookie), and the one action of
// the cart form's intents, shared by the cart page, the product page and every fetcher.
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES, CART_NEXT_STEPS } from '~/lib/cart'
import { newId } from '~/lib/ids.server'
import { cartFormSchema } from '~/schemas/cart'
import { data, type RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { getUser } from './auth.server'
import { addToCart, removeLine, stepLineQuantity } from '~/domain/cart/cart-edits.server'
import { type CartOwner, countCartLines } from '~/domain/cart/cart.server'
import { getShopSession, sessionStorage } from './cookies.server'
import { Invalid, parseInput } from '~/domain/errors'
import { formAction } from './form-action.server'
import { parseForm } from './form-input.server'
import { redirectWithToast } from './toast/toast.server'

type Ctx = Readonly<RouterContextProvider>
type CartFormInput = z.output<typeof cartFormSchema>

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

/** What one cart intent does, and the success message it answers with. */
async function runCartIntent(owner: CartOwner, input: CartFormInput, addedMessage: string): Promise<string> {
  const db = getDb()
  switch (input.intent) {
    case 'add':
      await addToCart(db, owner, {
        productId: input.productId,
        variety: input.variety,
        option2: input.option2,
        color: input.color,
        personalization: [input.personalization0, input.personalization1, input.personalization2],
      })
      return addedMessage
    case 'increment':
    case 'decrement':
      await stepLineQuantity(db, owner, input.lineId, input.intent === 'increment' ? 1 : -1)
      return CART_MESSAGES.updated
    case 'remove':
      await removeLine(db, owner, { lineId: input.lineId })
      return CART_MESSAGES.deleted
  }
}

/**
 * The cart form's one action (add, increment, decrement, remove), answered as every page action is
 * (ADR 028, formAction). A fetcher (`_fetch`, JS) gets `{ toast }` for a success and a FormReply
 * for a refusal (useCartFetcher toasts either). A plain post goes to `back` with a flash toast on
 * success; a refusal goes back with an error flash too (`refused: 'flash'`, the cart's buttons), or
 * comes back as a FormReply with the choices made (`refused: 'reply'`, the product page).
 */
export async function cartFormAction(
  request: Request,
  context: Ctx,
  form: FormData,
  {
    back,
    addedMessage = CART_MESSAGES.addedFromCard,
    refused = 'flash',
  }: { back: string; addedMessage?: string; refused?: 'flash' | 'reply' },
) {
  const fetched = Boolean(form.get('_fetch'))
  return formAction(
    async () => {
      const input = parseInput(cartFormSchema, Object.fromEntries(form))
      const { owner, setCookie } = await cartOwnerFor(request, context, { create: input.intent === 'add' })
      if (!owner) throw new Invalid({ lineId: [CART_MESSAGES.emptyCart] })
      const message = await runCartIntent(owner, input, addedMessage)
      // An add offers the next steps (View cart, Check out) under its message, as a toast or the flash region.
      const toast = { type: 'success' as const, message, ...(input.intent === 'add' ? { links: [...CART_NEXT_STEPS] } : {}) }
      const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined
      return fetched ? data({ toast }, { headers }) : redirectWithToast(back, toast, { headers })
    },
    fetched || refused === 'reply' ? { reply: { submission: () => parseForm(form, { schema: cartFormSchema }) } } : { flash: back },
  )
}
