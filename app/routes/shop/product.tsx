// A product's own page: the shareable, server-rendered detail (the listings open it as a dialog with JS).
import { data, Link } from 'react-router'
import { ProductDetailView } from '~/components/product-detail'
import type { ProductDialogData } from '~/components/product-dialog'
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { getProduct } from '~/domain/catalog.server'
import { handleCartForm } from '~/web/cart-requests.server'
import { orNotFound } from '~/web/form-action.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import type { Route } from './+types/product'

export async function loader({ params }: Route.LoaderArgs) {
  return { product: await orNotFound(getProduct(getDb(), params.id)) } satisfies ProductDialogData
}

/** Add to cart from the product page (and its dialog): errors come back next to the choices. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData()
  const result = await handleCartForm(request, context, form, { addedMessage: CART_MESSAGES.addedFromDetail })
  const headers = result.setCookie ? { 'Set-Cookie': result.setCookie } : undefined
  if (result.ok && !form.get('_fetch')) {
    return redirectWithToast(`/shop/product/${params.id}`, { type: 'success', message: result.message }, { headers })
  }
  const chosen = { variety: String(form.get('variety') ?? ''), color: String(form.get('color') ?? '') }
  return data({ ok: result.ok, message: result.message, errors: result.errors, chosen }, { status: result.status, headers })
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.product.title }, { name: 'description', content: loaderData.product.description }]
    : [{ title: 'Page Not Found' }]

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-zinc-500">
        <Link to="/shop/listing" className="inline-flex min-h-11 items-center hover:underline">
          Products
        </Link>{' '}
        / <span>{loaderData.product.title}</span>
      </nav>
      {actionData && !actionData.ok && !Object.keys(actionData.errors).length ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      <ProductDetailView product={loaderData.product} errors={actionData?.errors} chosen={actionData?.chosen} />
    </section>
  )
}
