import { lazy, Suspense, useEffect } from 'react'
import { cn } from '~/lib/cn'
import { loadToastLibrary, notify, useToastsWanted } from '~/lib/notify'
import type { Toast } from '~/lib/toast'

/** The toast renderer arrives with the first toast, off the first paint's critical path. */
const Toaster = lazy(() => loadToastLibrary().then((module) => ({ default: module.Toaster })))

/**
 * Toasts sit just under the 64 px header (shop and admin alike): a toast that has just said
 * 'Product is added to cart' must not cover the cart button the shopper taps next.
 */
const BELOW_THE_HEADER = { top: 72 }

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
    // F8 focuses the notifications, as in SPEC.md.
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
              'pointer-events-none fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-md border p-3 text-sm shadow-lg',
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
            <Toaster
              position="top-center"
              containerStyle={BELOW_THE_HEADER}
              toastOptions={{ className: 'text-sm' }}
            />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}
