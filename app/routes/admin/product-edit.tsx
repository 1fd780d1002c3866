import { ProductForm } from '~/components/admin/product-form'
import { ProductSheet } from '~/components/admin/product-sheet'
import { getDb } from '~/infra/db.server'
import { useGridPath } from '~/web/admin-product-grid'
import { productFormAction } from '~/web/admin-product-form.server'
import { toProductFormValues } from '~/domain/catalog/admin-products.server'
import { getProduct } from '~/domain/catalog/catalog.server'
import { orNotFound } from '~/web/form-action.server'
import { requireAdmin } from '~/web/auth.server'
import type { Route } from './+types/product-edit'

export const meta: Route.MetaFunction = () => [{ title: 'Edit Product · Admin' }]

export async function loader({ params }: Route.LoaderArgs) {
  return { values: toProductFormValues(await orNotFound(getProduct(getDb(), params.id, 'shelf'))) }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request)
  return productFormAction(await request.formData(), params.id, new URL(request.url), admin.id)
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const grid = useGridPath()
  return (
    <ProductSheet title="Edit Product" closeTo={grid}>
      <ProductForm mode="edit" lastResult={actionData} defaultValue={loaderData.values} cancelTo={grid} />
    </ProductSheet>
  )
}
