import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { type FormReply, replyMessage } from './form-reply'
import { notify } from './toast/notify'
import type { Toast } from './toast/toast'

/**
 * What the cart form action answers a fetcher (app/web/cart-requests.server.ts): the success toast,
 * or the FormReply every page action refuses with (ADR 028).
 */
export type CartFetcherData = { toast: Omit<Toast, 'id'> } | FormReply

/** The refusal in a cart answer, if it is one (its field errors go next to the choices). */
export function cartRefusal(answer: CartFetcherData | null | undefined): FormReply | undefined {
  return answer && !('toast' in answer) ? answer : undefined
}

/**
 * A fetcher for the cart form that toasts the server's answer once (success or destructive).
 * Forms rendered with it carry `_fetch=1`, so the action answers data instead of a redirect.
 */
export function useCartFetcher(key?: string) {
  const fetcher = useFetcher<CartFetcherData>(key ? { key } : undefined)
  const answer = fetcher.data
  useEffect(() => {
    if (!answer) return
    if ('toast' in answer) notify(answer.toast.type, answer.toast.message, { links: answer.toast.links })
    else {
      const message = replyMessage(answer)
      if (message) notify('error', message)
    }
  }, [answer])
  return fetcher
}
