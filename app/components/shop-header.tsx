import { Link, NavLink } from 'react-router'
import { CATEGORIES } from '~/lib/catalog'
import { cn } from '~/lib/cn'
import type { Theme } from '~/lib/theme'
import type { SessionUser } from '~/lib/user'
import { CartButton } from './cart-sheet'
import { MenuIcon } from './icons'
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

function NavLinks({ className }: { className?: string }) {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded px-2 py-2 text-sm font-medium hover:text-brand-600', isActive && 'text-brand-700 dark:text-brand-500')
  return (
    <nav aria-label="Main" className={className}>
      {MAIN_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end className={linkClass}>
          {link.label}
        </NavLink>
      ))}
      {CATEGORIES.map((category) => (
        <Link
          key={category.id}
          to={`/shop/listing?category=${category.id}`}
          className="rounded px-2 py-2 text-sm font-medium text-zinc-600 hover:text-brand-600 dark:text-zinc-400"
        >
          {category.label}
        </Link>
      ))}
    </nav>
  )
}

export function ShopHeader({
  user,
  theme,
  shopName,
  cartCount,
}: {
  user: SessionUser | null
  theme: Theme
  shopName: string
  cartCount: number
}) {
  return (
    <header className="sticky top-0 z-40 w-full border-b border-zinc-200 bg-white/95 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4">
        <div className="flex items-center gap-1">
          <Disclosure
            className="lg:hidden"
            summaryLabel="Open menu"
            summaryClassName={buttonClass('ghost', 'icon', 'cursor-pointer')}
            summary={<MenuIcon />}
          >
            <div className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-zinc-200 bg-white p-4 shadow-xl dark:border-zinc-800 dark:bg-zinc-950">
              <Logo to="/shop/home" name={shopName} />
              <NavLinks className="mt-4 grid" />
            </div>
          </Disclosure>
          <Logo to="/shop/home" name={shopName} hideNameOnPhones />
        </div>
        <NavLinks className="hidden items-center gap-1 lg:flex" />
        <div className="flex items-center gap-1">
          <ThemeToggle theme={theme} />
          <CartButton count={cartCount} />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <div className="flex items-center gap-1">
              <ButtonLink to="/auth/login" variant="ghost" size="sm">
                Login
              </ButtonLink>
              <ButtonLink to="/auth/register" size="sm">
                Sign Up
              </ButtonLink>
            </div>
          )}
        </div>
      </div>
    </header>
  )
}
