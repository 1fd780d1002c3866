import { ButtonLink } from '~/components/ui/button'
import type { Route } from './+types/unauth-page'

export const meta: Route.MetaFunction = () => [{ title: 'Access Denied' }]

export default function AccessDenied() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Access Denied</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        You’re not authorized to access this page. Please log in with the correct account or contact the administrator
      </p>
      <ButtonLink to="/">Go to Homepage</ButtonLink>
    </main>
  )
}
