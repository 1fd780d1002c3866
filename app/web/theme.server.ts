// The theme preference lives in a plain cookie so the server renders the right theme with no flash.
import { createCookie } from 'react-router'
import { isTheme, type Theme } from '~/lib/theme'

const themeCookie = createCookie('theme', { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 60 * 60, httpOnly: true })

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get('Cookie'))
  return isTheme(value) ? value : 'system'
}

export function themeCookieHeader(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme)
}

/** The theme a Cookie header names ('system' when none): the page cache's key (server/page-cache.ts). */
export async function themeOfCookieHeader(header: string | null): Promise<Theme> {
  const value = await themeCookie.parse(header)
  return isTheme(value) ? value : 'system'
}
