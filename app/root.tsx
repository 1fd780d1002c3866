import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetcher,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { FlashToast } from './web/toast/flash-toast'
import { NavigationProgress } from './components/navigation-progress'
import { ErrorMessage } from './components/error-message'
import { toastContext } from './web/context'
import { JS_CLASS_SCRIPT } from './lib/js-class-script'
import { isTheme } from './lib/theme'
import { DEFAULT_SHOP_NAME } from './lib/shop'
import { getConfig } from './infra/config.server'
import { getUser, loadUserMiddleware } from './web/auth.server'
import { flashToastMiddleware } from './web/toast/flash.server'
import { getTheme } from './web/theme.server'
import markUrl from './lib/mark.svg?no-inline'

/**
 * The stylesheet (about 7 kB gzip) is inlined into each server-rendered page: on a slow phone link a
 * separate file costs a round trip before anything paints. Only the server build carries the text;
 * the client keeps the <style> element the server sent (React does not patch it on hydration).
 */
const inlineStyles: string = import.meta.env.SSR ? (await import('./shop.css?inline')).default : ''

export const middleware: Route.MiddlewareFunction[] = [flashToastMiddleware, loadUserMiddleware]

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    user: getUser(context),
    theme: await getTheme(request),
    toast: context.get(toastContext),
    shopName: getConfig().SHOP_NAME,
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.shopName ?? DEFAULT_SHOP_NAME },
    { name: 'description', content: 'Handmade resin art: jewellery, home decor, gifts and keepsakes, made in India.' },
  ]
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  // With JS the theme changes at once, before the post that remembers it returns.
  const pendingTheme = useFetcher({ key: 'theme' }).formData?.get('theme')
  const theme = isTheme(pendingTheme) ? pendingTheme : (data?.theme ?? 'system')
  return (
    <html lang="en-IN" data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Marks a page whose scripts run, before the body renders; the CSP allows it by its hash. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, no user input */}
        <script dangerouslySetInnerHTML={{ __html: JS_CLASS_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3b35" />
        <link rel="icon" href={markUrl} type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built stylesheet */}
        <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: inlineStyles }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <FlashToast toast={loaderData.toast} />
    </>
  )
}

/** A friendly page for anything unexpected; never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound && import.meta.env.DEV) console.error(error)
  return (
    <main className="flex min-h-dvh">
      <ErrorMessage notFound={notFound} />
    </main>
  )
}
