import { Link, Outlet } from 'react-router'
import { Logo } from '~/components/logo'
import { getConfig } from '~/infra/config.server'
import { redirectSignedInAway } from '~/web/auth.server'
import type { Route } from './+types/layout'

/** Login and register are for visitors: a signed-in user goes to their home. */
// A reset link works signed in too (the demo's admin opens it from /admin/mail).
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }) => (new URL(request.url).pathname === '/auth/reset-password' ? undefined : redirectSignedInAway(context, request)),
]

export function loader() {
  return { shopName: getConfig().SHOP_NAME }
}

export default function AuthLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh w-full">
      <div className="hidden w-1/2 items-center justify-center bg-black px-12 lg:flex">
        <div className="max-w-md space-y-6 text-center text-white">
          <h1 className="text-4xl font-extrabold tracking-tight">Craft Your Style!</h1>
          <p className="text-lg text-zinc-300">Discover {loaderData.shopName}</p>
        </div>
      </div>
      <main className="flex flex-1 flex-col items-center justify-center gap-8 px-4 py-12 sm:px-6 lg:px-8">
        <Link to="/shop/home" className="-my-3 self-start rounded-md px-2 py-3 text-sm font-medium text-zinc-700 hover:underline dark:text-zinc-300">
          <span aria-hidden="true">← </span>Back to the shop
        </Link>
        <Logo to="/shop/home" name={loaderData.shopName} />
        <Outlet />
      </main>
    </div>
  )
}
