import { NavLink, Outlet, useRouteLoaderData } from 'react-router'
import { BoxIcon, BrushIcon, CalendarIcon, DocumentIcon, GaugeIcon, ImageIcon, ListIcon, MailIcon, MenuIcon, SearchIcon, StackIcon, StarIcon, TagIcon, TruckIcon, UserIcon } from '~/components/icons'
import { Logo } from '~/components/logo'
import { ThemeToggle } from '~/components/theme-toggle'
import { buttonClass } from '~/components/ui/button'
import { Disclosure } from '~/components/ui/disclosure'
import { LogoutButton } from '~/components/user-menu'
import { cn } from '~/lib/cn'
import { DEFAULT_SHOP_NAME } from '~/lib/shop'
import type { loader as rootLoader } from '~/root'
import { requireAdmin } from '~/web/auth.server'
import type { Route } from './+types/layout'
import adminStyles from '~/admin.css?url'

/** The admin's stylesheet (the shop's and the admin's classes, ADR 075): shop pages inline the shop's alone. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

/** Every /admin page and its data: visitors go to login, shoppers to Access Denied. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }) => {
    requireAdmin(context, request)
  },
]

const LINKS = [
  { to: '/admin/dashboard', label: 'Dashboard', Icon: GaugeIcon },
  { to: '/admin/products', label: 'Products', Icon: BoxIcon },
  { to: '/admin/inventory', label: 'Inventory', Icon: StackIcon },
  { to: '/admin/orders', label: 'Orders', Icon: ListIcon },
  { to: '/admin/custom-orders', label: 'Custom orders', Icon: BrushIcon },
  { to: '/admin/reviews', label: 'Reviews', Icon: StarIcon },
  { to: '/admin/features', label: 'Features', Icon: ImageIcon },
  { to: '/admin/search-words', label: 'Search words', Icon: SearchIcon },
  { to: '/admin/dispatch', label: 'Dispatch', Icon: CalendarIcon },
  { to: '/admin/delivery', label: 'Delivery', Icon: TruckIcon },
  { to: '/admin/returns', label: 'Returns', Icon: DocumentIcon },
  { to: '/admin/discounts', label: 'Discounts', Icon: TagIcon },
  { to: '/admin/mail', label: 'Mail', Icon: MailIcon },
  { to: '/admin/policies', label: 'Policies', Icon: DocumentIcon },
  { to: '/admin/complaints', label: 'Complaints', Icon: MailIcon },
  { to: '/admin/customers', label: 'Customers', Icon: UserIcon },
]

function AdminNav() {
  return (
    <nav aria-label="Admin" className="grid gap-1">
      {LINKS.map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) =>
            cn(
              'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800',
              isActive && 'bg-zinc-100 dark:bg-zinc-800',
            )
          }
        >
          <Icon /> {label}
        </NavLink>
      ))}
    </nav>
  )
}

export default function AdminLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const shopName = root?.shopName ?? DEFAULT_SHOP_NAME
  return (
    <div className="flex min-h-dvh w-full">
      <aside className="hidden w-64 shrink-0 flex-col gap-6 border-r border-zinc-200 p-6 lg:flex dark:border-zinc-800">
        <Logo to="/admin/dashboard" name={`${shopName} Admin`} />
        <AdminNav />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center justify-between gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
          <Disclosure
            className="lg:hidden"
            summaryLabel="Toggle menu"
            summaryClassName={buttonClass('outline', 'icon', 'cursor-pointer')}
            summary={<MenuIcon />}
          >
            <div className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col gap-6 border-r border-zinc-200 bg-white p-6 shadow-xl dark:border-zinc-800 dark:bg-zinc-950">
              <Logo to="/admin/dashboard" name={`${shopName} Admin`} />
              <AdminNav />
            </div>
          </Disclosure>
          <span className="hidden lg:block" />
          <div className="flex items-center gap-2">
            <ThemeToggle theme={root?.theme ?? 'system'} />
            <LogoutButton className={buttonClass('primary', 'sm')} />
          </div>
        </header>
        <main className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
