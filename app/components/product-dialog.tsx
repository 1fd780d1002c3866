import { createContext, type MouseEvent, type ReactNode, useCallback, useContext, useEffect, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import type { loader as productLoader } from '~/routes/shop/product'
import { CloseIcon } from './icons'
import { ProductDetailView } from './product-detail'
import { Modal } from './ui/modal'
import { Skeleton } from './ui/skeleton'

type OpenProduct = (event: MouseEvent<HTMLAnchorElement>, productId: string) => void

const ProductDialogContext = createContext<OpenProduct | null>(null)

/**
 * With JS, a product link opens the product over the page in a native <dialog>, with data from the
 * product page's own loader. Without JS (or with a modifier key) the link opens the product page.
 */
export function ProductDialogProvider({ children }: { children: ReactNode }) {
  const [productId, setProductId] = useState<string | null>(null)
  const fetcher = useFetcher<typeof productLoader>({ key: 'product-dialog' })
  const location = useLocation()
  const { load } = fetcher

  const open = useCallback<OpenProduct>(
    (event, id) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
      event.preventDefault()
      setProductId(id)
      void load(`/shop/product/${id}`)
    },
    [load],
  )

  // Following a link out of the dialog closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    setProductId(null)
  }, [location.key])

  const product = fetcher.data?.product.id === productId ? fetcher.data?.product : null
  return (
    <ProductDialogContext.Provider value={open}>
      {children}
      {productId ? (
        <Modal
          label={product?.title ?? 'Product'}
          onClose={() => setProductId(null)}
          className="inset-0 m-auto max-h-[92dvh] w-[min(960px,94vw)] rounded-xl p-4 sm:p-6"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <Link to={`/shop/product/${productId}`} className="text-sm underline">
              Open product page
            </Link>
            <button
              type="button"
              onClick={() => setProductId(null)}
              aria-label="Close"
              className="flex h-10 w-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <CloseIcon />
            </button>
          </div>
          {product ? (
            <ProductDetailView key={product.id} product={product} headingLevel="h2" />
          ) : (
            <div className="grid gap-6 md:grid-cols-2" aria-busy="true">
              <Skeleton className="aspect-square w-full" />
              <div className="grid content-start gap-3">
                <Skeleton className="h-8 w-3/4" />
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-10 w-1/3" />
              </div>
            </div>
          )}
        </Modal>
      ) : null}
    </ProductDialogContext.Provider>
  )
}

/** The click handler that opens a product in the dialog, when a dialog provider is present. */
export function useOpenProduct(): OpenProduct | null {
  return useContext(ProductDialogContext)
}
