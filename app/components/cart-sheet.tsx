import { useEffect, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import type { loader as cartLoader } from '~/routes/shop/cart'
import { CartContents } from './cart'
import { CartIcon, CloseIcon } from './icons'
import { buttonClass } from './ui/button'
import { Modal } from './ui/modal'
import { Skeleton } from './ui/skeleton'

/**
 * The header's cart button with the number of distinct lines. Without JS it is a link to the cart
 * page; with JS it opens 'Your Cart' as a sheet from the right, with the cart page's own data.
 */
export function CartButton({ count }: { count: number }) {
  const [open, setOpen] = useState(false)
  const fetcher = useFetcher<typeof cartLoader>({ key: 'cart-sheet' })
  const location = useLocation()
  const { load } = fetcher

  // Loaded when opened; React Router revalidates it after every cart post.
  useEffect(() => {
    if (open) void load('/shop/cart')
  }, [open, load])

  // Leaving the page (e.g. Checkout) closes the sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    setOpen(false)
  }, [location.key])

  return (
    <>
      <Link
        to="/shop/cart"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
          event.preventDefault()
          setOpen(true)
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
        <Modal label="Your Cart" onClose={() => setOpen(false)} className="inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-md p-5">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-xl font-bold">Your Cart</h2>
            <button type="button" aria-label="Close" onClick={() => setOpen(false)} className={buttonClass('ghost', 'icon')}>
              <CloseIcon />
            </button>
          </div>
          {fetcher.data ? (
            <CartContents
              cart={fetcher.data.cart}
              signedIn={fetcher.data.signedIn}
              redirectTo={location.pathname + location.search}
            />
          ) : (
            <div className="grid gap-3" aria-busy="true">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          )}
        </Modal>
      ) : null}
    </>
  )
}
