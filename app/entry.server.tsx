// Server rendering: React Router's default entry for a runtime with web streams, plus the response's
// CSP nonce on every inline script React and React Router write (hydration data, module loader,
// scroll restoration). React's edge build, not its Node build: the Node build runs every render inside
// an AsyncLocalStorage, and in Node 20 that turns on promise hooks for the whole process, so every
// promise anywhere (each query, each request) paid for them: a sixth of the shop's CPU on a sale day
// (docs/decisions/111-edge-renderer.md).
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server.edge'
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from 'react-router'
import { cspNonceContext } from './web/context'
import { withoutModulePreloads } from './web/module-preloads.server'

export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.get(cspNonceContext) ?? undefined
  let shellRendered = false
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    // Whatever is still pending then is left to the client (React Router's streamTimeout, plus a second).
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      responseStatusCode = 500
      if (shellRendered) console.error(error)
    },
  })
  shellRendered = true
  // Crawlers get the whole page at once.
  const userAgent = request.headers.get('user-agent')
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady
  responseHeaders.set('Content-Type', 'text/html')
  // No modulepreload links: the main picture first (web/module-preloads.server.ts).
  return new Response(body.pipeThrough(withoutModulePreloads()), { headers: responseHeaders, status: responseStatusCode })
}

/**
 * Logs real server errors only: a 4xx the router answers itself (405 for a POST to a page without an
 * action, 404) and requests the client aborted are the client's doing, not the server's.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  console.error(error)
}
