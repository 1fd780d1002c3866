// Every URL pattern app/routes.ts defines, with its route module, from the route config itself: a new
// route shows up here and must get a rule in the tests that enumerate routes.
import { readFileSync } from 'node:fs'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../app/routes'

export interface RoutePath {
  /** e.g. /shop/account/orders/:orderId, /api/shop/search/:keyword? */
  path: string
  /** e.g. routes/shop/order.tsx */
  file: string
  /** A pathless layout (its path is its parent's). */
  layout: boolean
}

function join(parent: string, child: string | undefined): string {
  if (!child) return parent || '/'
  return `${parent.replace(/\/$/, '')}/${child}`
}

function visit(entries: RouteConfigEntry[], parent: string, out: RoutePath[]) {
  for (const entry of entries) {
    const path = entry.index ? parent || '/' : join(parent, entry.path)
    const isLayout = !entry.index && entry.path === undefined
    out.push({ path, file: entry.file, layout: isLayout })
    if (entry.children) visit(entry.children, isLayout ? parent : path, out)
  }
}

export function routePaths(): RoutePath[] {
  const out: RoutePath[] = []
  visit(routes as RouteConfigEntry[], '', out)
  return out
}

const ACTION_EXPORT = /export (async )?function action\b|export const action\b/

/** The route modules that export an action (take non-GET requests). */
export async function moduleHasAction(file: string): Promise<boolean> {
  const { readFile } = await import('node:fs/promises')
  return ACTION_EXPORT.test(await readFile(new URL(`../../app/${file}`, import.meta.url), 'utf8'))
}

/** `moduleHasAction` for code that runs while tests are collected (one test per route). */
export function moduleHasActionSync(file: string): boolean {
  return ACTION_EXPORT.test(readFileSync(new URL(`../../app/${file}`, import.meta.url), 'utf8'))
}
