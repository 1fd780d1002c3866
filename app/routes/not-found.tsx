// Every path no other route matches: the not-found page with HTTP 404.
import { data } from 'react-router'
import { ButtonLink } from '~/components/ui/button'
import type { Route } from './+types/not-found'

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found' }]

export function loader() {
  return data(null, { status: 404 })
}

export function action() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="text-zinc-600 dark:text-zinc-400">Sorry, we couldn’t find the page you’re looking for.</p>
      <ButtonLink to="/">Go back home</ButtonLink>
    </main>
  )
}
