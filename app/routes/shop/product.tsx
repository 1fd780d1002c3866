// A product's own page: the shareable, server-rendered detail (the listings open it as a dialog with JS).
import { Link } from 'react-router'
import { ProductDetailView } from '~/components/product-detail'
import type { ProductDialogData } from '~/components/product-dialog'
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { getProduct } from '~/domain/catalog.server'
import { cartFormAction } from '~/web/cart-requests.server'
import { orNotFound } from '~/web/form-action.server'
import { cartRefusal } from '~/web/use-cart-fetcher'
import type { Route } from './+types/product'

export async function loader({ params }: Route.LoaderArgs) {
  return { product: await orNotFound(getProduct(getDb(), params.id)) } satisfies ProductDialogData
}

/** Add to cart from the product page (and its dialog): a refusal comes back next to the choices. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData()
  const back = `/shop/product/${params.id}`
  return cartFormAction(request, context, form, { back, addedMessage: CART_MESSAGES.addedFromDetail, refused: 'reply' })
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.product.title }, { name: 'description', content: loaderData.product.description }]
    : [{ title: 'Page Not Found' }]

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  // Without JS a refused add renders the page again: the message, and the choices the shopper made.
  const refusal = cartRefusal(actionData)
  const formError = refusal?.error?.['']?.[0]
  const chosen = refusal ? { variety: String(refusal.initialValue?.variety ?? ''), color: String(refusal.initialValue?.color ?? '') } : undefined
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-zinc-500">
        <Link to="/shop/listing" className="inline-flex min-h-11 items-center hover:underline">
          Products
        </Link>{' '}
        / <span>{loaderData.product.title}</span>
      </nav>
      {formError ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <ProductDetailView product={loaderData.product} errors={refusal?.error} chosen={chosen} />
    </section>
  )
}
