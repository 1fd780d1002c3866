import { isRouteErrorResponse, Outlet, useLocation, useNavigation, useRouteLoaderData } from 'react-router'
import { ProductDialogProvider } from '~/components/product-dialog'
import { ProductGridSkeleton } from '~/components/product-grid-skeleton'
import { ShopFooter } from '~/components/shop-footer'
import { ShopHeader } from '~/components/shop-header'
import { ErrorMessage } from '~/components/error-message'
import { domainSettings } from '~/domain/settings.server'
import { getConfig } from '~/infra/config.server'
import { grievanceOfficer } from '~/lib/grievance-officer'
import { DEFAULT_SHOP_NAME } from '~/lib/shop'
import type { loader as rootLoader } from '~/root'
import { getUser, redirectAdminAway } from '~/web/auth.server'
import { cartCountFor } from '~/web/cart-requests.server'
import { footerDelivery } from '~/web/footer-delivery.server'
import { keptPageContext } from '~/web/context'
import { personalOf } from '~/web/personal'
import type { Route } from './+types/layout'

/** The admin is sent to the admin panel from every /shop page (docs/spec/states.md). */
export const middleware: Route.MiddlewareFunction[] = [({ context }) => redirectAdminAway(context)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getConfig()
  return {
    // A page the cache keeps is rendered for nobody: the header's pieces are spliced in per request (ADR 076).
    personal: context.get(keptPageContext) ? null : { user: getUser(context), cartCount: await cartCountFor(request, context) },
    contact: {
      shopName: config.SHOP_NAME,
      email: config.CONTACT_EMAIL,
      phone: config.CONTACT_PHONE,
      instagram: config.INSTAGRAM_URL,
      facebook: config.FACEBOOK_URL,
      whatsapp: config.WHATSAPP_URL,
      delivery: await footerDelivery(),
      seller: { ...sellerOf(domainSettings().invoice.seller), grievanceOfficer: grievanceOfficer(config) },
    },
  }
}

const sellerOf = ({ legalName, address, gstin }: { legalName: string; address: string[]; gstin: string | null }) => ({ legalName, address, gstin })

/** Pages whose product grid shows placeholders while a client navigation loads them. */
const GRID_PAGES = new Set(['/shop/home', '/shop/listing', '/shop/search'])

function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10">
      <ProductGridSkeleton count={8} />
    </div>
  )
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const personal = personalOf(loaderData.personal)
  const navigation = useNavigation()
  const location = useLocation()
  const loadingGrid =
    navigation.state === 'loading' &&
    navigation.location.pathname !== location.pathname &&
    GRID_PAGES.has(navigation.location.pathname)
  return (
    <div className="flex min-h-dvh flex-col">
      <ShopHeader personal={personal} theme={root?.theme ?? 'system'} shopName={loaderData.contact.shopName} />
      <ProductDialogProvider>
        <main className="flex-1">{loadingGrid ? <PageSkeleton /> : <Outlet />}</main>
      </ProductDialogProvider>
      <ShopFooter contact={loaderData.contact} />
    </div>
  )
}

/** Errors inside the shop (e.g. an unknown product) keep the shop's header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <div className="flex min-h-dvh flex-col">
      <ShopHeader
        personal={{ user: root?.user ?? null, cartCount: 0 }}
        theme={root?.theme ?? 'system'}
        shopName={root?.shopName ?? DEFAULT_SHOP_NAME}
      />
      <main className="flex flex-1">
        <ErrorMessage notFound={notFound} />
      </main>
    </div>
  )
}
