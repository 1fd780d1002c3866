// Values the server puts in each request's router context.
import { createContext } from 'react-router'
import type { Toast } from './toast/toast'
import type { SessionUser } from '~/lib/user'

/** The signed-in user (from the session cookie or a Bearer token), or null. Set by the root middleware. */
export const userContext = createContext<SessionUser | null>(null)

/** The id of the login session behind this request, if any. */
export const authSessionIdContext = createContext<string | null>(null)

/** The client's IP address as the Node server saw it. */
export const clientIpContext = createContext<string>('unknown')

/** The toast flashed by the previous response, read once by the root middleware. */
export const toastContext = createContext<Toast | null>(null)

/**
 * This response's Content-Security-Policy nonce (set by the Express server), for inline scripts;
 * null under `npm run dev`, whose Vite server sends no policy.
 */
export const cspNonceContext = createContext<string | null>(null)

/**
 * Set when this render is of a page the page cache keeps (server/page-cache): rendered for nobody, its
 * personal pieces left for the server to splice in per request (ADR 076). `signedIn`: the variant of
 * a product page every signed-in shopper without a review area of her own sees.
 */
export const keptPageContext = createContext<{ signedIn: boolean } | null>(null)
