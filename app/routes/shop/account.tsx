import type { Route } from './+types/account'

export const meta: Route.MetaFunction = () => [{ title: 'Account' }]

export default function Account() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">Account</h1>
    </section>
  )
}
