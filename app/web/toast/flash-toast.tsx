import { lazy, Suspense, useEffect } from 'react'
import { cn } from '~/lib/cn'
import { loadToastLibrary, notify, useToastsWanted } from '~/web/toast/notify'
import type { Toast } from '~/web/toast/toast'

/** The toast renderer arrives with the first toast, off the first paint's critical path. */
const Toaster = lazy(() => loadToastLibrary().then((module) => ({ default: module.Toaster })))

/**
 * Where toasts go. Never over the 64 px header: a toast that has just said 'Product is added to
 * cart' must not cover the cart button the shopper taps next. On wide screens just under the
 * header; on phones at the bottom, where they do not cover the cart's lines and prices (the
 * sheet and the cart page list them from the top), and above a product's sticky add-to-cart bar
 * (--sticky-bar, app.css). The admin area keeps them under the header on phones too: its forms end
 * with their submit button at the bottom of the screen (an order's status), which a bottom toast
 * would cover.
 */
const PHONE_QUERY = '(width < 48rem)'
function toastPlacement() {
  return window.matchMedia(PHONE_QUERY).matches && !window.location.pathname.startsWith('/admin')
    ? { position: 'bottom-center' as const, containerStyle: { bottom: 'calc(12px + var(--sticky-bar, 0px))' } }
    : { position: 'top-center' as const, containerStyle: { top: 72 } }
}

/**
 * Without JS the flashed message is a status region on the page; with JS (html.js, set by an
 * inline script before the body renders) the region is hidden and the message becomes a toast.
 */
export function FlashToast({ toast }: { toast: Toast | null }) {
  const toastsWanted = useToastsWanted()
  useEffect(() => {
    if (toast) notify(toast.type, toast.message)
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
              'pointer-events-none fixed inset-x-3 bottom-[calc(0.75rem+var(--sticky-bar,0px))] z-50 mx-auto max-w-md rounded-md border p-3 text-sm shadow-lg',
              toast.type === 'error'
                ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
                : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
            )}
          >
            {toast.message}
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
