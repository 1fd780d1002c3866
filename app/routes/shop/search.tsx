import { Form } from 'react-router'
import { Input } from '~/components/ui/field'
import type { Route } from './+types/search'

export const meta: Route.MetaFunction = () => [{ title: 'Search' }]

export function loader({ request }: Route.LoaderArgs) {
  return { keyword: new URL(request.url).searchParams.get('keyword') ?? '' }
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <Form method="get" role="search" className="mx-auto max-w-xl">
        <Input type="search" name="keyword" defaultValue={loaderData.keyword} placeholder="Search Products..." aria-label="Search Products" />
      </Form>
    </section>
  )
}
