import { useCallback, useEffect, useRef } from 'react'

/**
 * A layer over the page (the product dialog, the cart sheet) with its own history entry, so the
 * phone's Back button closes it instead of leaving the page.
 *
 * `push(url)` adds the entry (at `url`, e.g. the product's shareable address, or at the same
 * address); Back, or `close()`, takes it off again and calls `onClosed`. The router never hears
 * of the entry: the popstate that returns to the page below is stopped before React Router's own
 * listener (a capture listener on window runs first), so the page is not reloaded, keeps its
 * scroll position and its place (listing page 2 stays page 2).
 *
 * A link inside the layer should navigate with `replace`, taking over the layer's entry; call
 * `forget()` then (the layer closes with the navigation).
 */
export function useHistoryLayer(onClosed: () => void) {
  const below = useRef<{ key: unknown; href: string } | null>(null)
  const closed = useRef(onClosed)
  closed.current = onClosed

  useEffect(() => {
    function onPopState(event: PopStateEvent) {
      const page = below.current
      if (!page) return
      below.current = null
      // Back to the very page under the layer: nothing for the router to do.
      if (window.location.href === page.href && window.history.state?.key === page.key) event.stopImmediatePropagation()
      closed.current()
    }
    window.addEventListener('popstate', onPopState, { capture: true })
    return () => window.removeEventListener('popstate', onPopState, { capture: true })
  }, [])

  const push = useCallback((url?: string) => {
    if (below.current) return
    const state = window.history.state as { key?: unknown; idx?: number } | null
    below.current = { key: state?.key, href: window.location.href }
    // Shaped like React Router's own entries, in case the shopper comes Forward to it later.
    const entry = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }
    window.history.pushState(entry, '', url ?? window.location.href)
  }, [])

  const close = useCallback(() => {
    if (below.current) window.history.back()
    else closed.current()
  }, [])

  const forget = useCallback(() => {
    below.current = null
  }, [])

  return { push, close, forget }
}
