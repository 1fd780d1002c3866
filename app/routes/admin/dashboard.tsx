import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin' }]

export default function AdminDashboard() {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Dashboard</h1>
    </section>
  )
}
