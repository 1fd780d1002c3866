// Every path no other route matches: the not-found page with HTTP 404.
import { data } from 'react-router'
import { ErrorMessage } from '~/components/error-message'
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
    <main className="flex min-h-dvh">
      <ErrorMessage notFound />
    </main>
  )
}
