// A product's own page: the shareable, server-rendered detail (the listings open it as a dialog with
// JS), with its reviews (?reviews=2 pages them) and schema.org Product data for search engines.
import { data, Link } from 'react-router'
import { ProductDetailView } from '~/components/product-detail'
import type { ProductDialogData } from '~/components/product-dialog'
import { ProductReviewsSection } from '~/components/product-reviews'
import { StockAlertForm } from '~/components/stock-alert-form'
import { getConfig } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { CART_MESSAGES } from '~/lib/cart'
import { formatDate } from '~/lib/dates'
import { getProduct } from '~/domain/catalog/catalog.server'
import { productDispatch } from '~/domain/catalog/dispatch-dates.server'
import { productReviews } from '~/domain/catalog/reviews.server'
import { productJsonLd } from '~/lib/product-json-ld'
import { pageSchema } from '~/schemas/pagination'
import { getUser } from '~/web/auth.server'
import { cartFormAction } from '~/web/cart-requests.server'
import { type SoldOutChoice, soldOutChoices, STOCK_ALERT_INTENT } from '~/lib/stock-alerts'
import { stockAlertFormAction } from '~/web/stock-alert-form.server'
import { orNotFound } from '~/web/form-action.server'
import type { FormReply } from '~/web/form-reply'
import { isReviewIntent, reviewFormAction } from '~/web/review-forms.server'
import { keptPageContext } from '~/web/context'
import { deliveryCheckFor } from '~/web/delivery-check.server'
import { type DeliveryCheck, DeliveryCheckForm } from '~/components/delivery-check'
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
  const dispatch = await productDispatch(db, product)
  const jsonLd = productJsonLd(product, reviews, getConfig().PUBLIC_URL ?? url.origin)
  const shown = { ...reviews, items: reviews.items.map((review) => ({ ...review, date: formatDate(review.createdAt) })) }
  // The signed-in shopper's address for 'Notify me' (a visitor's page, the one the page cache keeps, has none),
  // and its sold-out choices with their words (worked out here, so the rule stays out of the page's JavaScript).
  // A kept page for signed-in shoppers (ADR 076) says 'signed in' for whoever it goes to, and names no one's address.
  const signedIn = user !== null || context.get(keptPageContext)?.signedIn === true
  // Delivery to the pincode given (?pincode=, never kept) or remembered (ADR 085). A kept page, rendered
  // for nobody, says `undefined`: a shopper's remembered line is spliced into its hole (ADR 106).
  const kept = context.get(keptPageContext) !== null
  const { check, setCookie } = kept ? { check: undefined, setCookie: null } : await deliveryCheckFor(request, product.id)
  const page = { product, reviews: shown, signedIn, email: user?.email, soldOut: soldOutChoices(product), dispatch, jsonLd, delivery: check } satisfies ProductDialogData & {
    jsonLd: unknown
    email: string | undefined
    soldOut: SoldOutChoice[]
    delivery: DeliveryCheck | null | undefined
  }
  return data(page, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
}

/** Add to cart (a refusal comes back next to the choices), and the shopper's review forms. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData()
  if (isReviewIntent(form.get('intent'))) return reviewFormAction(request, context, params.id, form)
  const back = `/shop/product/${params.id}`
  if (form.get('intent') === STOCK_ALERT_INTENT) return stockAlertFormAction(form, params.id, back)
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

/** The reply of the form that echoes `intent` (a review's, 'Notify me''s), apart from the cart form's. */
function replyOf(actionData: unknown, intent: string): FormReply | undefined {
  const reply = actionData as FormReply | undefined
  const echoed = (reply?.initialValue as Record<string, unknown> | null | undefined)?.intent
  return reply && 'status' in reply && echoed === intent ? reply : undefined
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const review = replyOf(actionData, 'review')
  const notify = replyOf(actionData, STOCK_ALERT_INTENT)
  // Without JS a refused add renders the page again: the message, and the choices the shopper made.
  const refusal = review || notify ? undefined : cartRefusal(actionData)
  const formError = refusal?.error?.['']?.[0]
  const typed = (key: string) => String(refusal?.initialValue?.[key] ?? '')
  const chosen = refusal
    ? { variety: typed('variety'), option2: typed('option2'), color: typed('color'), personalization: [0, 1, 2].map((i) => typed(`personalization${i}`)) }
    : undefined
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-6">
      <div>
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-zinc-500 dark:text-zinc-400">
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
        <ProductDetailView
          product={loaderData.product}
          errors={refusal?.error}
          chosen={chosen}
          reviewCount={loaderData.reviews.count}
          dispatch={loaderData.dispatch}
        />
      </div>
      <DeliveryCheckForm check={loaderData.delivery} />
      <StockAlertForm choices={loaderData.soldOut} email={loaderData.email} reply={notify} />
      <ProductReviewsSection productId={loaderData.product.id} reviews={loaderData.reviews} signedIn={loaderData.signedIn} reply={review} />
    </section>
  )
}
