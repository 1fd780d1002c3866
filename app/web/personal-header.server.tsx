// The shop header rendered alone for one shopper, to splice into a kept page (ADR 076): the same
// component and props the page's own render would use, inside a router at the page's URL, so the
// bytes are those the client hydrates.
import { renderToString } from 'react-dom/server.edge'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { ShopHeader } from '~/components/shop-header'
import type { Theme } from '~/lib/theme'
import type { Personal } from './personal'

export interface HeaderInput {
  /** The URL the kept page was rendered for: its path and canonical query (its links are paths). */
  url: string
  theme: Theme
  shopName: string
  personal: Personal
}

/** The `<header>` element of a shop page for these pieces, as HTML. */
export async function renderShopHeader({ url, theme, shopName, personal }: HeaderInput): Promise<string> {
  const routes = [{ path: '*', element: <ShopHeader personal={personal} theme={theme} shopName={shopName} /> }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(url, 'http://localhost')))
  if (context instanceof Response) throw new Error('The header route answered a Response')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)
}
