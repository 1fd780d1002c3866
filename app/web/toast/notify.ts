// Client-side toasts: one at a time, closing after 5 s (docs/spec/states.md, "Toasts").
// react-hot-toast loads with the first toast, not with the page (it is not needed for first paint).
import { createElement, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import type { ToastLink } from './toast'

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

/** The page the toast on screen belongs to (a path): leaving it closes the toast. */
let toastPage: string | null = null

/**
 * Shows a toast for the page it is said on, or for `page` when it announces the page a navigation
 * is going to (the cart's 'User login required...' for the login page). Under the header, except
 * over the open cart sheet, whose lines and prices start under its title and whose Checkout follows
 * them: there at the bottom (flash-toast.tsx). A product's dialog keeps its Add to Cart at the bottom.
 */
export function notify(type: 'success' | 'error', message: string, { page, links }: { page?: string; links?: ToastLink[] } = {}): void {
  if (!toastsWanted) {
    toastsWanted = true
    for (const listener of listeners) listener()
  }
  toastPage = page ?? window.location.pathname
  const overSheet = document.querySelector('dialog[open][aria-label="Your Cart"]') !== null
  const options = { id: TOAST_ID, duration: TOAST_DURATION_MS, ...(overSheet ? { position: 'bottom-center' as const } : {}) }
  const content = links?.length ? withLinks(message, links) : message
  void loadToastLibrary().then(({ default: toast }) => {
    if (type === 'error') toast.error(content, options)
    else toast.success(content, options)
  })
}

/** The message with its links under it ('Added to cart': View cart, Check out), each a 44 px tap target. */
function withLinks(message: string, links: ToastLink[]) {
  const anchors = links.map(({ to, label }) => createElement(Link, { key: to, to, className: 'inline-flex min-h-11 items-center font-semibold underline' }, label))
  return createElement('span', { className: 'grid' }, createElement('span', null, message), createElement('span', { className: 'flex gap-5' }, anchors))
}

/** Closes the toast at once when the page it belongs to was left (`pathname`: where the shopper is now). */
export function dismissToasts(pathname: string): void {
  if (!toastsWanted || toastPage === null || toastPage === pathname) return
  toastPage = null
  void loadToastLibrary().then(({ default: toast }) => toast.remove(TOAST_ID))
}
