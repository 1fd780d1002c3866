import { createContext, lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { useHistoryLayer } from '~/lib/use-history-layer'
import type { ProductDetail } from '~/domain/catalog/catalog.server'
import type { ProductDispatch } from '~/domain/catalog/dispatch-dates.server'
import type { ProductReviews } from './product-reviews'

/**
 * The dialog's code (the product detail, its gallery and carousel) is not needed to browse: it
 * loads when a shopper shows intent to open a product (hover, touch, focus) or at the latest on
 * the click, alongside the product's data.
 */
const loadDialogView = () => import('./product-dialog-view')
const ProductDialogView = lazy(loadDialogView)

export function preloadProductDialog(): void {
  void loadDialogView()
}

/** What the product page's loader gives the dialog. */
export interface ProductDialogData {
  product: ProductDetail
  reviews: ProductReviews
  signedIn: boolean
  /** When the product, or each option, is expected to leave the studio (ADR 070). */
  dispatch?: ProductDispatch
}

type OpenProduct = (event: MouseEvent<HTMLAnchorElement>, productId: string) => void

const ProductDialogContext = createContext<OpenProduct | null>(null)

/**
 * With JS, a product link opens the product over the page in a native <dialog>, with data from the
 * product page's own loader, and the address bar shows the product's own page (a history entry:
 * the phone's Back button closes the dialog and leaves the shopper where they were). Without JS
 * (or with a modifier key) the link opens the product page.
 */
export function ProductDialogProvider({ children }: { children: ReactNode }) {
  const [productId, setProductId] = useState<string | null>(null)
  const fetcher = useFetcher<ProductDialogData>({ key: 'product-dialog' })
  const location = useLocation()
  const { load } = fetcher
  const layer = useHistoryLayer(() => setProductId(null))
  const { push, forget } = layer

  const open = useCallback<OpenProduct>(
    (event, id) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
      event.preventDefault()
      setProductId(id)
      preloadProductDialog()
      void load(`/shop/product/${id}`)
      push(`/shop/product/${id}`)
    },
    [load, push],
  )

  // Following a link out of the dialog closes it (the link took over the dialog's history entry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    forget()
    setProductId(null)
  }, [location.key])

  const data = fetcher.data?.product.id === productId ? fetcher.data : null
  return (
    <ProductDialogContext.Provider value={open}>
      {children}
      {productId ? (
        <Suspense fallback={<div aria-hidden="true" className="fixed inset-0 z-50 bg-black/60" />}>
          <ProductDialogView productId={productId} data={data ?? null} onClose={layer.close} />
        </Suspense>
      ) : null}
    </ProductDialogContext.Provider>
  )
}

/** The click handler that opens a product in the dialog, when a dialog provider is present. */
export function useOpenProduct(): OpenProduct | null {
  return useContext(ProductDialogContext)
}
