import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { notify } from './toast/notify'

/** What the cart form actions answer to a fetcher. */
export interface CartActionData {
  ok: boolean
  message: string
  errors: Record<string, string[]>
}

/**
 * A fetcher for the cart form that toasts the server's answer once (success or destructive).
 * Forms rendered with it carry `_fetch=1`, so the action answers data instead of a redirect.
 */
export function useCartFetcher(key?: string) {
  const fetcher = useFetcher<CartActionData>(key ? { key } : undefined)
  const data = fetcher.data
  useEffect(() => {
    if (data?.message) notify(data.ok ? 'success' : 'error', data.message)
  }, [data])
  return fetcher
}
