import { data } from 'react-router'
import { ProductForm } from '~/components/admin/product-form'
import { ProductSheet } from '~/components/admin/product-sheet'
import { getDb } from '~/infra/db.server'
import { saveProductForm } from '~/web/admin-product-form.server'
import { toProductFormValues } from '~/domain/admin-products.server'
import { getProduct } from '~/domain/catalog.server'
import { NotFound } from '~/domain/errors'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/product-edit'

export const meta: Route.MetaFunction = () => [{ title: 'Edit Product · Admin' }]

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return { values: toProductFormValues(await getProduct(getDb(), params.id)) }
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 })
    throw error
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await saveProductForm(await request.formData(), params.id)
  if (outcome.ok) return redirectWithToast('/admin/products', { type: 'success', message: outcome.message })
  return data(outcome.reply, { status: outcome.status })
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductSheet title="Edit Product">
      <ProductForm mode="edit" lastResult={actionData} defaultValue={loaderData.values} />
    </ProductSheet>
  )
}
