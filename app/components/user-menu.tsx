import { Form, Link } from 'react-router'
import type { SessionUser } from '~/lib/user'
import { LogOutIcon, UserIcon } from './icons'
import { Disclosure } from './ui/disclosure'

/** Avatar with the user's initial; opens 'Logged in as {name}', Account and Logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  return (
    <Disclosure
      className="relative"
      summaryLabel="Open user menu"
      summaryClassName="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-zinc-900 font-extrabold text-white uppercase dark:bg-zinc-100 dark:text-zinc-900"
      summary={<span>{user.userName.charAt(0) || '?'}</span>}
    >
      <div className="absolute right-0 z-50 mt-2 w-56 rounded-md border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
        <p className="truncate px-2 py-2 text-sm font-semibold">Logged in as {user.userName}</p>
        <hr className="my-1 border-zinc-200 dark:border-zinc-800" />
        <Link
          to="/shop/account"
          className="flex min-h-11 items-center gap-2 rounded px-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <UserIcon /> Account
        </Link>
        <LogoutButton className="flex min-h-11 w-full items-center gap-2 rounded px-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800" />
      </div>
    </Disclosure>
  )
}

/** Logout is a POST (never a state change on GET). */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/auth/logout">
      <button type="submit" className={className}>
        <LogOutIcon /> Logout
      </button>
    </Form>
  )
}
