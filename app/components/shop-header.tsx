import { Link, NavLink } from 'react-router'
import { CategoryLinks } from './category-links'
import { cn } from '~/lib/cn'
import type { Theme } from '~/lib/theme'
import { type Personal, personalJson } from '~/web/personal'
import { CartButton } from './cart-sheet'
import { CloseIcon, MenuIcon, SearchIcon } from './icons'
import { Logo } from './logo'
import { ThemeToggle } from './theme-toggle'
import { ButtonLink, buttonClass } from './ui/button'
import { Disclosure } from './ui/disclosure'
import { UserMenu } from './user-menu'

const MAIN_LINKS = [
  { to: '/shop/home', label: 'Home' },
  { to: '/shop/listing', label: 'Products' },
  { to: '/shop/about-us', label: 'About Us' },
  { to: '/shop/search', label: 'Search' },
]

/** The wide screens' navigation: one row in the header. */
function NavBar() {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex min-h-11 items-center rounded px-2 text-sm font-medium hover:text-brand-600',
      isActive && 'text-brand-700 dark:text-brand-500',
    )
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {MAIN_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end className={linkClass}>
          {link.label}
        </NavLink>
      ))}
      <CategoryLinks className="flex min-h-11 items-center rounded px-2 text-sm font-medium text-zinc-600 hover:text-brand-600 dark:text-zinc-400" />
    </nav>
  )
}

/**
 * The phones' menu: a <details> drawer under the header (works without JS). Its summary turns into
 * the close button, and while open the summary's ::after covers the page behind, so a tap outside
 * closes it too (see app.css, [data-drawer]).
 */
function MenuDrawer({ theme }: { theme: Theme }) {
  const rowClass =
    'flex min-h-12 items-center rounded-md px-3 text-base font-medium hover:bg-zinc-100 dark:hover:bg-zinc-900'
  return (
    <Disclosure
      className="lg:hidden"
      data-drawer=""
      summaryLabel="Menu"
      summaryClassName={buttonClass('ghost', 'icon', 'cursor-pointer')}
      summary={
        <>
          <MenuIcon className="drawer-closed-icon" />
          <CloseIcon className="drawer-open-icon" />
        </>
      }
    >
      <div className="fixed inset-x-0 top-16 bottom-0 z-50 w-80 max-w-[85vw] overflow-y-auto overscroll-contain border-r border-t border-zinc-200 bg-white p-3 shadow-xl dark:border-zinc-800 dark:bg-zinc-950">
        <nav aria-label="Shop menu" className="grid gap-1">
          {MAIN_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) => cn(rowClass, isActive && 'text-brand-700 dark:text-brand-500')}
            >
              {link.label}
            </NavLink>
          ))}
          <h2 className="mt-4 px-3 pb-1 text-xs font-semibold tracking-wide text-zinc-500 dark:text-zinc-400 uppercase">Shop by Category</h2>
          <CategoryLinks className={rowClass} />
        </nav>
        {/* On phones the header has no room for the theme switch: it lives here. */}
        <div className="mt-4 flex items-center justify-between border-t border-zinc-200 px-3 pt-4 sm:hidden dark:border-zinc-800">
          <span className="text-sm text-zinc-600 dark:text-zinc-400">Theme</span>
          <ThemeToggle theme={theme} />
        </div>
      </div>
    </Disclosure>
  )
}

/**
 * The shop's header. Its shopper's pieces (the cart count, the user menu) make it the hole of a kept
 * page (ADR 076): the server renders it alone per request and splices it over the kept page's
 * `<header data-personal="">`, with the pieces in a JSON element inside it that the client hydrates from.
 */
export function ShopHeader({ personal, theme, shopName }: { personal: Personal; theme: Theme; shopName: string }) {
  const { user, cartCount } = personal
  // No backdrop-filter on the header: it would make the header the containing block of the
  // drawer's `position: fixed` and shrink the drawer to the header's 64 px.
  return (
    <header
      data-personal=""
      className="sticky top-0 z-40 w-full border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-1 px-2 sm:gap-2 sm:px-4">
        <div className="flex items-center">
          <MenuDrawer theme={theme} />
          <Logo to="/shop/home" name={shopName} hideNameOnPhones />
        </div>
        <NavBar />
        <div className="flex items-center gap-1">
          <div className="hidden sm:block">
            <ThemeToggle theme={theme} />
          </div>
          <Link to="/shop/search" aria-label="Search" className={buttonClass('ghost', 'icon', 'lg:hidden')}>
            <SearchIcon />
          </Link>
          <CartButton count={cartCount} />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <div className="flex items-center gap-1">
              <ButtonLink to="/auth/login" variant="ghost" size="sm" className="px-2.5">
                Login
              </ButtonLink>
              <ButtonLink to="/auth/register" size="sm" className="px-2.5">
                Sign Up
              </ButtonLink>
            </div>
          )}
        </div>
      </div>
      {/* A data block, never run (no CSP hash); the client reads it when the page came from the cache. */}
      {user || cartCount ? (
        <script
          type="application/json"
          id="personal"
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (personalJson)
          dangerouslySetInnerHTML={{ __html: personalJson(personal) }}
        />
      ) : null}
    </header>
  )
}
