import type { Route } from './+types/features'

export const meta: Route.MetaFunction = () => [{ title: 'Feature Images · Admin' }]

export default function AdminFeatures() {
  return (
    <section className="grid gap-4">
      <h1 className="text-2xl font-bold">Feature Images</h1>
    </section>
  )
}
