import { ProductForm } from '~/components/admin/product-form'
import { ProductSheet } from '~/components/admin/product-sheet'
import { productFormAction } from '~/web/admin-product-form.server'
import type { Route } from './+types/product-new'

export const meta: Route.MetaFunction = () => [{ title: 'Add New Product · Admin' }]

export async function action({ request }: Route.ActionArgs) {
  return productFormAction(await request.formData(), null)
}

export default function NewProduct({ actionData }: Route.ComponentProps) {
  return (
    <ProductSheet title="Add New Product">
      <ProductForm mode="add" lastResult={actionData} />
    </ProductSheet>
  )
}
