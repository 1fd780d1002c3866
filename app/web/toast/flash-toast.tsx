import { lazy, Suspense, useEffect } from 'react'
import { useLocation } from 'react-router'
import { cn } from '~/lib/cn'
import { dismissToasts, loadToastLibrary, notify, useToastsWanted } from '~/web/toast/notify'
import type { Toast } from '~/web/toast/toast'

/** The toast renderer arrives with the first toast, off the first paint's critical path. */
const Toaster = lazy(() => loadToastLibrary().then((module) => ({ default: module.Toaster })))

/**
 * Where toasts go: just under the 64 px header, on every screen. Never over the header (a toast
 * that has just said 'Product is added to cart' must not cover the cart button the shopper taps
 * next), and never at the bottom, where a page's main button lives on a phone (Checkout in the
 * cart, Pay, a product's sticky add-to-cart bar, an order's status form): issue 28.
 */
function toastPlacement() {
  return { position: 'top-center' as const, containerStyle: { top: 72 } }
}

/**
 * Without JS the flashed message is a status region on the page; with JS (html.js, set by an
 * inline script before the body renders) the region is hidden and the message becomes a toast.
 */
export function FlashToast({ toast }: { toast: Toast | null }) {
  const toastsWanted = useToastsWanted()
  const { pathname } = useLocation()
  // A toast belongs to its page (notify notes which): leaving it closes the toast, before the next
  // page's own toast shows.
  useEffect(() => dismissToasts(pathname), [pathname])
  useEffect(() => {
    if (toast) notify(toast.type, toast.message, { links: toast.links })
  }, [toast])

  useEffect(() => {
    // F8 focuses the notifications, as in docs/spec.
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'F8') return
      document.querySelector<HTMLElement>('[data-toast-region] [role="status"]')?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <>
      {toast ? (
        <div
            role={toast.type === 'error' ? 'alert' : 'status'}
            data-flash={toast.type}
            className={cn(
              // Under the header, as the toasts: clear of the main button at the bottom of a phone's screen.
              'pointer-events-none fixed inset-x-3 top-[72px] z-50 mx-auto max-w-md rounded-md border p-3 text-sm shadow-lg',
              toast.type === 'error'
                ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
                : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
            )}
          >
            <span className="block">{toast.message}</span>
            {toast.links?.length ? (
              <span className="pointer-events-auto flex gap-5">
                {toast.links.map((link) => (
                  <a key={link.to} href={link.to} className="inline-flex min-h-11 items-center font-semibold underline">
                    {link.label}
                  </a>
                ))}
              </span>
            ) : null}
          </div>
      ) : null}
      <div data-toast-region>
        {toastsWanted ? (
          <Suspense fallback={null}>
            <Toaster {...toastPlacement()} toastOptions={{ className: 'text-sm' }} />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}
