// /shop/cart: the cart as a page (the header opens it as a sheet with JS) and the one cart form action.
import { CartContents } from '~/components/cart'
import { DiscountCodeBox } from '~/components/discount-code'
import type { CartSheetData } from '~/components/cart-sheet'
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { safeRedirectPath } from '~/lib/user'
import { getUser } from '~/web/auth.server'
import { getCart } from '~/domain/cart/cart.server'
import { checkoutDispatch } from '~/domain/catalog/dispatch-dates.server'
import { cartFormAction, cartOwnerFor } from '~/web/cart-requests.server'
import { cartPricing, discountFormAction, isDiscountIntent } from '~/web/discount-requests.server'
import type { Route } from './+types/cart'

export const meta: Route.MetaFunction = () => [{ title: 'Your Cart' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner } = await cartOwnerFor(request, context)
  // The lines at the prices charged, with the code and the automatic offers settled (ADR 073, 078).
  const { cart, discount, offers, quote, delivery: charge } = await cartPricing(owner, owner ? await getCart(getDb(), owner) : { id: null, items: [], totalPaise: 0 })
  // Each made-to-order line's making time, worked out by the server (no date code in the browser; ADR 070).
  const makingTimes = cart.items.length > 0 ? (await checkoutDispatch(getDb(), cart.items)).notes : {}
  // The delivery shown before checkout (ADR 085): exact when flat, else "from" until an address is chosen.
  const delivery = { feePaise: quote.deliveryFeePaise, estimate: !charge.exact }
  return { cart, signedIn: getUser(context) !== null, makingTimes, discount, offers, delivery } satisfies CartSheetData
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  if (isDiscountIntent(form)) return discountFormAction(request, context, form, safeRedirectPath(form.get('redirectTo')) ?? '/shop/cart')
  return cartFormAction(request, context, form, {
    back: safeRedirectPath(form.get('redirectTo')) ?? '/shop/cart',
    addedMessage: form.get('source') === 'detail' ? CART_MESSAGES.addedFromDetail : undefined,
  })
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const discountReply = actionData && 'discount' in actionData ? actionData.discount : null
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">Your Cart</h1>
      <CartContents
        cart={loaderData.cart}
        signedIn={loaderData.signedIn}
        makingTimes={loaderData.makingTimes}
        redirectTo="/shop/cart"
        discount={loaderData.discount}
        offers={loaderData.offers}
        delivery={loaderData.delivery}
        codeBox={<DiscountCodeBox discount={loaderData.discount} reply={discountReply} action="/shop/cart" redirectTo="/shop/cart" />}
      />
    </section>
  )
}
