// Client-side toasts: one at a time, closing after 5 s (docs/spec/states.md, "Toasts").
// react-hot-toast loads with the first toast, not with the page (it is not needed for first paint).
import { useSyncExternalStore } from 'react'

export const TOAST_ID = 'shop-toast'
export const TOAST_DURATION_MS = 5000

/** The toast library, loaded once on demand. */
export const loadToastLibrary = () => import('react-hot-toast')

let toastsWanted = false
const listeners = new Set<() => void>()

/** True once a toast has been asked for: the toast renderer is mounted from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => toastsWanted,
    () => false,
  )
}

export function notify(type: 'success' | 'error', message: string): void {
  if (!toastsWanted) {
    toastsWanted = true
    for (const listener of listeners) listener()
  }
  const options = { id: TOAST_ID, duration: TOAST_DURATION_MS }
  void loadToastLibrary().then(({ default: toast }) => {
    if (type === 'error') toast.error(message, options)
    else toast.success(message, options)
  })
}

/** Closes the toast at once (its page was left: a toast must not outlive the page it belongs to). */
export function dismissToasts(): void {
  if (!toastsWanted) return
  void loadToastLibrary().then(({ default: toast }) => toast.remove(TOAST_ID))
}
