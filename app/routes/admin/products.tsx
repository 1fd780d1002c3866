import { data, Link, Outlet } from 'react-router'
import { ConfirmDelete } from '~/components/admin/confirm-delete'
import { buttonClass } from '~/components/ui/button'
import { getDb } from '~/db.server'
import { responsiveImage } from '~/lib/images'
import { formatPaise } from '~/lib/money'
import { deleteProduct } from '~/services/admin-products.server'
import { listProducts } from '~/services/catalog.server'
import { DomainError } from '~/services/errors'
import { redirectWithToast } from '~/services/toast.server'
import { pageParam } from '~/schemas/pagination'
import type { Route } from './+types/products'

export const meta: Route.MetaFunction = () => [{ title: 'Products · Admin' }]

const ADMIN_PAGE_SIZE = 48

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const page = pageParam(url)
  const products = await listProducts(getDb(), { sort: 'title-atoz', page, pageSize: ADMIN_PAGE_SIZE })
  const confirmId = url.searchParams.get('delete')
  return { products, confirm: products.items.find((p) => p.id === confirmId) ?? null }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  try {
    await deleteProduct(getDb(), String(form.get('productId') ?? ''))
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ error: error.message }, { status: error.status })
  }
  return redirectWithToast('/admin/products', { type: 'success', message: 'Product deleted successfully' })
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, confirm } = loaderData
  return (
    <section className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Products</h1>
        <Link to="/admin/products/new" className={buttonClass('primary', 'sm')}>
          Add New Product
        </Link>
      </div>
      {confirm ? (
        <ConfirmDelete label="Delete product" fields={{ productId: confirm.id }} cancelTo="/admin/products">
          Delete “{confirm.title}”? Shoppers will no longer see it; past orders keep it.
        </ConfirmDelete>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
        {products.items.map((product) => {
          const image = product.image ? responsiveImage(product.image) : null
          return (
            <article key={product.id} className="flex flex-col overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
              {image ? (
                <img src={image.src} srcSet={image.srcSet} sizes="200px" width={320} height={320} alt="" loading="lazy" className="aspect-square w-full object-cover" />
              ) : (
                <div className="aspect-square w-full bg-zinc-100 dark:bg-zinc-800" />
              )}
              <div className="grid flex-1 gap-1 p-3 text-sm">
                <h2 className="line-clamp-2 font-semibold">{product.title}</h2>
                <p>
                  <span className={product.salePricePaise > 0 ? 'text-zinc-500 line-through' : 'font-semibold'}>{formatPaise(product.pricePaise)}</span>{' '}
                  {product.salePricePaise > 0 ? <span className="font-semibold">{formatPaise(product.salePricePaise)}</span> : null}
                </p>
                <p className="text-zinc-600 dark:text-zinc-400">Stock: {product.totalStock}</p>
                <div className="mt-auto flex gap-2 pt-2">
                  <Link to={`/admin/products/${product.id}/edit`} className={buttonClass('outline', 'sm', 'flex-1')}>
                    Edit
                  </Link>
                  <Link to={`/admin/products?delete=${product.id}`} className={buttonClass('destructive', 'sm', 'flex-1')}>
                    Delete
                  </Link>
                </div>
              </div>
            </article>
          )
        })}
      </div>
      {products.pageCount > 1 ? (
        <nav aria-label="Pages" className="flex justify-center gap-2">
          {Array.from({ length: products.pageCount }, (_, i) => i + 1).map((page) => (
            <Link key={page} to={`?page=${page}`} aria-current={page === products.page ? 'page' : undefined} className={buttonClass(page === products.page ? 'primary' : 'outline', 'sm')}>
              {page}
            </Link>
          ))}
        </nav>
      ) : null}
      <Outlet />
    </section>
  )
}
