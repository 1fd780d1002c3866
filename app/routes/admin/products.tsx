import { Form, Link, Outlet } from 'react-router'
import { ConfirmDelete } from '~/components/admin/confirm-delete'
import { TrashIcon } from '~/components/icons'
import { Pager } from '~/components/pager'
import { buttonClass } from '~/components/ui/button'
import { SearchInput } from '~/components/ui/field'
import { getDb } from '~/infra/db.server'
import { Picture } from '~/components/ui/picture'
import { formatPaise } from '~/lib/money'
import { isOnSale } from '~/lib/pricing'
import { deleteProduct } from '~/domain/catalog/admin-products.server'
import { listProducts } from '~/domain/catalog/catalog.server'
import { formAction } from '~/web/form-action.server'
import { redirectWithToast } from '~/web/toast/toast.server'
import { gridPlace, gridSearch, PRODUCTS_PATH } from '~/web/admin-product-grid'
import type { Route } from './+types/products'
import { PRODUCT_MESSAGES } from '~/lib/catalog'

export const meta: Route.MetaFunction = () => [{ title: 'Products · Admin' }]

const ADMIN_PAGE_SIZE = 48

// The grid's place (search and page) rides in its links, in the sheet's url over it and in the
// delete round trip, so every way back lands on the same search (app/web/admin-product-grid.ts).
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { q, page } = gridPlace(url.searchParams)
  const products = await listProducts(getDb(), { sort: 'title-atoz', page, pageSize: ADMIN_PAGE_SIZE, titleOrCategory: q, stock: 'shelf' })
  const confirmId = url.searchParams.get('delete')
  return { q, products, confirm: products.items.find((p) => p.id === confirmId) ?? null }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const place = gridPlace(new URL(request.url).searchParams)
  return formAction(async () => {
    await deleteProduct(getDb(), String(form.get('productId') ?? ''))
    return redirectWithToast(`${PRODUCTS_PATH}${gridSearch(place)}`, { type: 'success', message: PRODUCT_MESSAGES.deleted })
  }, { reply: {} })
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { q, products, confirm } = loaderData
  const here = gridSearch({ q, page: products.page })
  return (
    <section className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Products</h1>
        <Link to={`/admin/products/new${here}`} className={buttonClass('primary', 'md')}>
          Add New Product
        </Link>
      </div>
      {/* A GET form: the search lives in the url (?q=), works without JS and starts again at page 1. */}
      <Form method="get" role="search" className="flex gap-2">
        <SearchInput name="q" defaultValue={q} key={q} placeholder="Title or category" label="Search products by title or category" className="min-w-0 flex-1" />
        <button type="submit" className={buttonClass('outline', 'md')}>
          Search
        </button>
      </Form>
      {confirm ? (
        <ConfirmDelete label="Delete product" fields={{ productId: confirm.id }} cancelTo={`${PRODUCTS_PATH}${here}`}>
          Delete “{confirm.title}”? Shoppers will no longer see it; past orders keep it.
        </ConfirmDelete>
      ) : null}
      {q ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status">
          {products.total} product{products.total === 1 ? '' : 's'} match “{q}”.{' '}
          <Link to="/admin/products" className="font-medium underline">
            Show all products
          </Link>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {products.items.map((product) => (
          <article key={product.id} className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
            <Picture url={product.image} sizes="200px" width={320} height={320} className="aspect-square w-full bg-zinc-100 object-cover dark:bg-zinc-800" />
            <div className="grid flex-1 gap-1 p-3 text-sm">
              <h2 className="line-clamp-2 font-semibold">{product.title}</h2>
              <p>
                <span className={isOnSale(product) ? 'text-zinc-500 dark:text-zinc-400 line-through' : 'font-semibold'}>{formatPaise(product.pricePaise)}</span>{' '}
                {isOnSale(product) ? <span className="font-semibold">{formatPaise(product.salePricePaise)}</span> : null}
              </p>
              <p className="text-zinc-600 dark:text-zinc-400">Stock: {product.totalStock}</p>
              {/* Edit is the everyday action; Delete stays a quiet text button (it still asks first). */}
              <div className="mt-auto grid gap-1 pt-2">
                <Link to={`/admin/products/${product.id}/edit${here}`} className={buttonClass('outline', 'md')}>
                  Edit
                </Link>
                <Link
                  to={`${PRODUCTS_PATH}${gridSearch({ q, page: products.page }, { delete: product.id })}`}
                  className={buttonClass('ghost', 'md', 'text-red-700 dark:text-red-400')}
                >
                  <TrashIcon width={16} height={16} />
                  Delete
                </Link>
              </div>
            </div>
          </article>
        ))}
      </div>
      <Pager page={products.page} pageCount={products.pageCount} href={(page) => `${PRODUCTS_PATH}${gridSearch({ q, page }) || '?page=1'}`} />
      <Outlet />
    </section>
  )
}
