import { ProductForm } from '~/components/admin/product-form'
import { ProductSheet } from '~/components/admin/product-sheet'
import { useGridPath } from '~/web/admin-product-grid'
import { productFormAction } from '~/web/admin-product-form.server'
import type { Route } from './+types/product-new'

export const meta: Route.MetaFunction = () => [{ title: 'Add New Product · Admin' }]

export async function action({ request }: Route.ActionArgs) {
  return productFormAction(await request.formData(), null, new URL(request.url))
}

export default function NewProduct({ actionData }: Route.ComponentProps) {
  const grid = useGridPath()
  return (
    <ProductSheet title="Add New Product" closeTo={grid}>
      <ProductForm mode="add" lastResult={actionData} cancelTo={grid} />
    </ProductSheet>
  )
}
