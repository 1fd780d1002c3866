import { data } from 'react-router'
import { ProductForm } from '~/components/admin/product-form'
import { ProductSheet } from '~/components/admin/product-sheet'
import { saveProductForm } from '~/web/admin-product-form.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/product-new'

export const meta: Route.MetaFunction = () => [{ title: 'Add New Product · Admin' }]

export async function action({ request }: Route.ActionArgs) {
  const outcome = await saveProductForm(await request.formData(), null)
  if (outcome.ok) return redirectWithToast('/admin/products', { type: 'success', message: outcome.message })
  return data(outcome.reply, { status: outcome.status })
}

export default function NewProduct({ actionData }: Route.ComponentProps) {
  return (
    <ProductSheet title="Add New Product">
      <ProductForm mode="add" lastResult={actionData} />
    </ProductSheet>
  )
}
