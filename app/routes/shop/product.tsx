// A product's own page: the shareable, server-rendered detail (the listings open it as a dialog with
// JS), with its reviews (?reviews=2 pages them) and schema.org Product data for search engines.
import { Link } from 'react-router'
import { ProductDetailView } from '~/components/product-detail'
import type { ProductDialogData } from '~/components/product-dialog'
import { ProductReviewsSection } from '~/components/product-reviews'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { formatDate } from '~/lib/dates'
import { getProduct } from '~/domain/catalog/catalog.server'
import { productReviews } from '~/domain/catalog/reviews.server'
import { productJsonLd } from '~/lib/product-json-ld'
import { pageSchema } from '~/schemas/pagination'
import { getUser } from '~/web/auth.server'
import { cartFormAction } from '~/web/cart-requests.server'
import { orNotFound } from '~/web/form-action.server'
import type { FormReply } from '~/web/form-reply'
import { isReviewIntent, reviewFormAction } from '~/web/review-forms.server'
import { cartRefusal } from '~/web/use-cart-fetcher'
import type { Route } from './+types/product'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const parsedPage = pageSchema.safeParse(url.searchParams.get('reviews') ?? undefined)
  const user = getUser(context)
  const db = getDb()
  const [product, reviews] = await Promise.all([
    orNotFound(getProduct(db, params.id)),
    orNotFound(productReviews(db, params.id, { page: parsedPage.success ? parsedPage.data : 1, viewerId: user?.id ?? null })),
  ])
  // Built here, not in meta (the builder stays out of the page's JavaScript), and the dates read as words.
  const jsonLd = productJsonLd(product, reviews, getConfig().PUBLIC_URL ?? url.origin)
  const shown = { ...reviews, items: reviews.items.map((review) => ({ ...review, date: formatDate(review.createdAt) })) }
  return { product, reviews: shown, signedIn: user !== null, jsonLd } satisfies ProductDialogData & { jsonLd: unknown }
}

/** Add to cart (a refusal comes back next to the choices), and the shopper's review forms. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData()
  if (isReviewIntent(form.get('intent'))) return reviewFormAction(request, context, params.id, form)
  const back = `/shop/product/${params.id}`
  return cartFormAction(request, context, form, { back, addedMessage: CART_MESSAGES.addedFromDetail, refused: 'reply' })
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.product.title },
        { name: 'description', content: loaderData.product.description },
        { 'script:ld+json': loaderData.jsonLd },
      ]
    : [{ title: 'Page Not Found' }]

/** The reply of a review form (it echoes intent=review), apart from the cart form's. */
function reviewReply(actionData: unknown): FormReply | undefined {
  const reply = actionData as FormReply | undefined
  const intent = (reply?.initialValue as Record<string, unknown> | null | undefined)?.intent
  return reply && 'status' in reply && intent === 'review' ? reply : undefined
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const review = reviewReply(actionData)
  // Without JS a refused add renders the page again: the message, and the choices the shopper made.
  const refusal = review ? undefined : cartRefusal(actionData)
  const formError = refusal?.error?.['']?.[0]
  const chosen = refusal ? { variety: String(refusal.initialValue?.variety ?? ''), color: String(refusal.initialValue?.color ?? '') } : undefined
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-6">
      <div>
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
        <ProductDetailView product={loaderData.product} errors={refusal?.error} chosen={chosen} reviewCount={loaderData.reviews.count} />
      </div>
      <ProductReviewsSection productId={loaderData.product.id} reviews={loaderData.reviews} signedIn={loaderData.signedIn} reply={review} />
    </section>
  )
}
