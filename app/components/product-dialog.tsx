import { createContext, type MouseEvent, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import type { loader as productLoader } from '~/routes/shop/product'
import { CloseIcon } from './icons'
import { ProductDetailView } from './product-detail'
import { Skeleton } from './ui/skeleton'

type OpenProduct = (event: MouseEvent<HTMLAnchorElement>, productId: string) => void

const ProductDialogContext = createContext<OpenProduct | null>(null)

/**
 * With JS, a product link opens the product over the page in a native <dialog>, with data from the
 * product page's own loader. Without JS (or with a modifier key) the link opens the product page.
 */
export function ProductDialogProvider({ children }: { children: ReactNode }) {
  const [productId, setProductId] = useState<string | null>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  const fetcher = useFetcher<typeof productLoader>({ key: 'product-dialog' })
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

  useEffect(() => {
    if (productId && !dialog.current?.open) dialog.current?.showModal()
  }, [productId])

  const product = fetcher.data?.product.id === productId ? fetcher.data?.product : null
  return (
    <ProductDialogContext.Provider value={open}>
      {children}
      {productId ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the dialog closes on Escape by itself
        <dialog
          ref={dialog}
          aria-label={product?.title ?? 'Product'}
          onClose={() => setProductId(null)}
          // A click on the backdrop closes it; Escape and the Close button work natively.
          onClick={(event) => {
            if (event.target === dialog.current) dialog.current?.close()
          }}
          className="m-auto max-h-[92dvh] w-[min(960px,94vw)] overflow-y-auto rounded-xl bg-white p-4 text-zinc-900 shadow-2xl backdrop:bg-black/60 sm:p-6 dark:bg-zinc-950 dark:text-zinc-100"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <Link to={`/shop/product/${productId}`} className="text-sm underline">
              Open product page
            </Link>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
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
        </dialog>
      ) : null}
    </ProductDialogContext.Provider>
  )
}

/** The click handler that opens a product in the dialog, when a dialog provider is present. */
export function useOpenProduct(): OpenProduct | null {
  return useContext(ProductDialogContext)
}
