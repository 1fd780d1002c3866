// Flash toasts: a message set by one response and read (once) by the next page.
import { createCookieSessionStorage, redirect } from 'react-router'
import { newId } from '~/lib/ids.server'
import type { Toast } from '~/web/toast/toast'
import { signedCookieOptions } from '~/web/cookies.server'

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>
let storage: ToastStorage | undefined

function toastStorage(): ToastStorage {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: { name: '__toast', ...signedCookieOptions() },
  })
  return storage
}

/** A Set-Cookie header that flashes this toast to the next page. */
export async function toastHeader(toast: Omit<Toast, 'id'>): Promise<string> {
  const session = await toastStorage().getSession()
  session.flash('toast', { id: newId(), ...toast })
  return toastStorage().commitSession(session)
}

export async function redirectWithToast(url: string, toast: Omit<Toast, 'id'>, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { ...init, headers })
}

/** The flashed toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookie = request.headers.get('Cookie')
  if (!cookie?.includes('__toast=')) return { toast: null, headers: null }
  const session = await toastStorage().getSession(cookie)
  const toast = session.get('toast') ?? null
  const headers = new Headers({ 'Set-Cookie': await toastStorage().destroySession(session) })
  return { toast, headers }
}
