import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import { useHistoryLayer } from '~/lib/use-history-layer'
import type { Cart } from '~/domain/cart/cart.server'
import type { CartDelivery } from './cart'
import type { DiscountSummary } from './discount-line'
import type { OffersSummary } from './offer-notes'
import { CartIcon, CloseIcon } from './icons'
import { buttonClass } from './ui/button'
import { Modal } from './ui/modal'
import { Skeleton } from './ui/skeleton'

/**
 * The sheet's lines, total and Checkout: the cart page's own component, loaded when the sheet first
 * opens, beside its data (ADR 016: every browse page carried it in the shell before).
 */
const CartContents = lazy(() => import('./cart').then((module) => ({ default: module.CartContents })))

/**
 * The header's cart button with the number of distinct lines. Without JS it is a link to the cart
 * page; with JS it opens 'Your Cart' as a sheet from the right, with the cart page's own data, and
 * a history entry of its own: the phone's Back button closes the sheet.
 */
/** What the cart page's loader gives the sheet. */
export interface CartSheetData {
  cart: Cart
  signedIn: boolean
  /** Each made-to-order line's making time by line id ('Made to order: ships in 5 working days'). */
  makingTimes?: Record<string, string>
  /** The cart's discount code, checked on this read (ADR 073). */
  discount?: DiscountSummary | null
  /** The automatic offers in the prices and the free-delivery hint (ADR 078). */
  offers?: OffersSummary | null
  /** The delivery fee or its estimate (ADR 085). */
  delivery?: CartDelivery
}

export function CartButton({ count }: { count: number }) {
  const [open, setOpen] = useState(false)
  const fetcher = useFetcher<CartSheetData>({ key: 'cart-sheet' })
  const location = useLocation()
  const { load } = fetcher
  const layer = useHistoryLayer(() => setOpen(false))
  const { forget } = layer

  // Loaded when opened; React Router revalidates it after every cart post.
  useEffect(() => {
    if (open) void load('/shop/cart')
  }, [open, load])

  // Leaving the page (e.g. Checkout, which takes over the sheet's history entry) closes the sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    forget()
    setOpen(false)
  }, [location.key])

  return (
    <>
      <Link
        to="/shop/cart"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
          event.preventDefault()
          if (open) return
          setOpen(true)
          layer.push()
        }}
        className={buttonClass('outline', 'icon', 'relative')}
        aria-label={`Cart, ${count} items`}
      >
        <CartIcon />
        <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs leading-5 font-bold text-white">
          {count}
        </span>
      </Link>
      {open ? (
        <Modal label="Your Cart" onClose={layer.close} className="inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-md p-5">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-xl font-bold">Your Cart</h2>
            <button type="button" aria-label="Close" onClick={layer.close} className={buttonClass('ghost', 'icon')}>
              <CloseIcon />
            </button>
          </div>
          <Suspense fallback={<CartSkeleton />}>
            {fetcher.data ? (
              <CartContents
                cart={fetcher.data.cart}
                signedIn={fetcher.data.signedIn}
                makingTimes={fetcher.data.makingTimes}
                discount={fetcher.data.discount}
                offers={fetcher.data.offers}
                delivery={fetcher.data.delivery}
                redirectTo={location.pathname + location.search}
                replace
              />
            ) : (
              <CartSkeleton />
            )}
          </Suspense>
        </Modal>
      ) : null}
    </>
  )
}

/** What the sheet shows while its lines (and their code) load. */
function CartSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  )
}
