import { personalizationWords } from '~/lib/personalization'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { CART_MESSAGES } from '~/lib/cart'
import { formatPaise } from '~/lib/money'
import { notify } from '~/web/toast/notify'
import { useCartFetcher } from '~/web/use-cart-fetcher'
import type { Cart, CartLine } from '~/domain/cart/cart.server'
import { CartFormFields } from './cart-form-fields'
import { DiscountLine, type DiscountSummary } from './discount-line'
import { OfferNotes, type OffersSummary } from './offer-notes'
import { buttonClass } from './ui/button'
import { Picture } from './ui/picture'

/** One button that posts one change of one line (through its own fetcher with JS). */
function LineButton({
  line,
  intent,
  redirectTo,
  fetcher,
  label,
  disabled,
  className,
  children,
}: {
  line: CartLine
  intent: 'increment' | 'decrement' | 'remove'
  redirectTo: string
  fetcher: ReturnType<typeof useCartFetcher>
  label: string
  disabled?: boolean
  className: string
  children: ReactNode
}) {
  return (
    <fetcher.Form method="post" action="/shop/cart">
      <CartFormFields redirectTo={redirectTo} />
      <input type="hidden" name="lineId" value={line.id} />
      <button type="submit" name="intent" value={intent} disabled={disabled} aria-label={label} className={className}>
        {children}
      </button>
    </fetcher.Form>
  )
}

function QuantityButton({
  line,
  intent,
  redirectTo,
  fetcher,
}: {
  line: CartLine
  intent: 'increment' | 'decrement'
  redirectTo: string
  fetcher: ReturnType<typeof useCartFetcher>
}) {
  return (
    <LineButton
      line={line}
      intent={intent}
      redirectTo={redirectTo}
      fetcher={fetcher}
      disabled={intent === 'decrement' ? line.quantity <= 1 : !line.available}
      label={intent === 'increment' ? `Increase quantity of ${line.title}` : `Decrease quantity of ${line.title}`}
      className={buttonClass('outline', 'icon', 'rounded-full text-lg')}
    >
      {intent === 'increment' ? '+' : '−'}
    </LineButton>
  )
}

export function CartLineRow({ line, redirectTo, makingTime }: { line: CartLine; redirectTo: string; makingTime?: string }) {
  const remove = useCartFetcher(`cart-remove-${line.id}`)
  const increment = useCartFetcher(`cart-increment-${line.id}`)
  const decrement = useCartFetcher(`cart-decrement-${line.id}`)
  // Optimistic: show the change while the post is on its way (the answer corrects it if refused).
  if (remove.state !== 'idle') return null
  const quantity =
    line.quantity + (increment.state !== 'idle' ? 1 : 0) - (decrement.state !== 'idle' && line.quantity > 1 ? 1 : 0)
  return (
    <li className="flex gap-3 py-4">
      <Picture url={line.image} sizes="80px" width={80} height={80} className="h-20 w-20 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800" />
      <div className="grid min-w-0 flex-1 gap-1">
        <h3 className="line-clamp-2 font-semibold">{line.title}</h3>
        {line.variety && line.varietyType ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {line.optionLabel}: {line.variety}
          </p>
        ) : null}
        {line.option2 ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {line.option2Label}: {line.option2}
          </p>
        ) : null}
        {line.color ? <p className="text-xs text-zinc-500 dark:text-zinc-400">Color: {line.color}</p> : null}
        {personalizationWords(line.personalization).map((words) => (
          <p key={words} className="text-xs break-words text-zinc-500 dark:text-zinc-400">
            {words}
          </p>
        ))}
        {makingTime ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{makingTime}</p> : null}
        {line.problem ? (
          <p className="text-xs font-medium text-red-600 dark:text-red-400">{line.problem}</p>
        ) : null}
        <div className="mt-1 flex items-center gap-2">
          <QuantityButton line={{ ...line, quantity }} intent="decrement" redirectTo={redirectTo} fetcher={decrement} />
          <output className="w-6 text-center font-semibold" aria-label={`Quantity of ${line.title}`}>
            {quantity}
          </output>
          <QuantityButton line={line} intent="increment" redirectTo={redirectTo} fetcher={increment} />
        </div>
      </div>
      <div className="flex flex-col items-end justify-between">
        <p className="font-semibold">{formatPaise(line.unitPricePaise * quantity)}</p>
        <LineButton
          line={line}
          intent="remove"
          redirectTo={redirectTo}
          fetcher={remove}
          label={`Remove ${line.title}`}
          className={buttonClass('ghost', 'icon', '-mr-2 -mb-2 text-red-600')}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
          </svg>
        </LineButton>
      </div>
    </li>
  )
}

/**
 * Checkout for a shopper; for a visitor, the login that comes back to checkout. `replace`: from the
 * cart sheet, whose own history entry the next page takes (Back then returns to the page under it).
 */
function CheckoutButton({ signedIn, empty, replace }: { signedIn: boolean; empty: boolean; replace: boolean }) {
  const navigate = useNavigate()
  if (signedIn) {
    return (
      <Link
        to="/shop/checkout"
        replace={replace}
        aria-disabled={empty}
        className={buttonClass('primary', 'md', `w-full ${empty ? 'pointer-events-none opacity-50' : ''}`)}
      >
        Checkout
      </Link>
    )
  }
  const loginUrl = '/auth/login?redirectTo=%2Fshop%2Fcheckout'
  return (
    <div className="grid gap-2">
      <Link
        to={loginUrl}
        replace={replace}
        onClick={(event) => {
          event.preventDefault()
          notify('error', CART_MESSAGES.loginRequired, { page: new URL(loginUrl, window.location.href).pathname })
          navigate(loginUrl, { replace })
        }}
        className={buttonClass('primary', 'md', 'w-full')}
      >
        Checkout
      </Link>
      <p className="no-js-only text-center text-sm text-zinc-600 dark:text-zinc-400">{CART_MESSAGES.loginRequired}</p>
    </div>
  )
}

/** The cart's delivery fee (paise), exact or the lowest any address pays (`estimate`). */
export interface CartDelivery {
  feePaise: number
  estimate: boolean
}

/** The cart's lines, total and checkout: the /shop/cart page and the cart sheet (`replace`, see CheckoutButton). */
export function CartContents({
  cart,
  signedIn,
  redirectTo,
  replace = false,
  makingTimes = {},
  discount,
  offers,
  codeBox,
  delivery,
}: {
  cart: Cart
  signedIn: boolean
  redirectTo: string
  replace?: boolean
  makingTimes?: Record<string, string>
  /** The cart's code and what it takes off (ADR 073); the saving is its own line. */
  discount?: DiscountSummary | null
  /** The automatic offers in the prices and the free-delivery hint (ADR 078). */
  offers?: OffersSummary | null
  /**
   * The code box (the cart page's; checkout has its own). The sheet leaves it out, as Shopify's cart
   * drawer does, and links to the cart page: every browse page's script stays without it.
   */
  codeBox?: ReactNode
  /**
   * The delivery before checkout (issue 32: no fee only at the last step; ADR 085): the fee, or, with
   * no address chosen yet, the lowest any address pays (`estimate`), added at checkout.
   */
  delivery?: CartDelivery
}) {
  if (cart.items.length === 0) {
    return (
      <div className="grid gap-4 py-10 text-center">
        <p className="text-zinc-600 dark:text-zinc-400">{CART_MESSAGES.emptyCart}</p>
        <Link to="/shop/listing" replace={replace} className={buttonClass('outline', 'md')}>
          Browse products
        </Link>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {cart.items.map((line) => (
          <CartLineRow key={line.id} line={line} redirectTo={redirectTo} makingTime={makingTimes[line.id]} />
        ))}
      </ul>
      {codeBox ?? (
        <Link to="/shop/cart" replace={replace} className="inline-flex min-h-11 items-center justify-self-start text-sm underline">
          {discount ? 'Change the discount code' : 'Have a discount code?'}
        </Link>
      )}
      <OfferNotes offers={offers} />
      <dl className="grid gap-1 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <DiscountLine discount={discount} />
        {delivery ? (
          <div className="flex items-center justify-between text-sm">
            <dt>Delivery</dt>
            <dd>{delivery.feePaise === 0 ? 'Free' : delivery.estimate ? `from ${formatPaise(delivery.feePaise)}, for your address at checkout` : formatPaise(delivery.feePaise)}</dd>
          </div>
        ) : null}
        <div className="flex items-center justify-between text-lg font-bold">
          <dt>{delivery?.estimate && delivery.feePaise > 0 ? 'Total before delivery' : 'Total'}</dt>
          <dd>{formatPaise(cart.totalPaise - (discount?.applies ? discount.amountPaise : 0) + (delivery && !delivery.estimate ? delivery.feePaise : 0))}</dd>
        </div>
      </dl>
      <CheckoutButton signedIn={signedIn} empty={cart.totalPaise === 0} replace={replace} />
    </div>
  )
}
