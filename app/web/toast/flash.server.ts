// Root middleware that hands a flashed toast to the page once and then clears its cookie.
import type { MiddlewareFunction } from 'react-router'
import { toastContext } from '~/web/context'
import { readToast } from './toast.server'

export const flashToastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Only a page view consumes the toast; a form post leaves it for the page it redirects to.
  if (request.method !== 'GET') return next()
  const { toast, headers } = await readToast(request)
  context.set(toastContext, toast)
  const response = await next()
  const clear = headers?.get('Set-Cookie')
  const setsNewToast = response.headers.getSetCookie().some((c) => c.startsWith('__toast='))
  if (clear && !setsNewToast) response.headers.append('Set-Cookie', clear)
  return response
}
