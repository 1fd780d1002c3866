import { Link } from 'react-router'
import { CloseIcon } from './icons'
import { ProductDetailView } from './product-detail'
import type { ProductDialogData } from './product-dialog'
import { ProductReviewsSection } from './product-reviews'
import { Modal } from './ui/modal'
import { Skeleton } from './ui/skeleton'

/** The product over the page (loaded on demand by ProductDialogProvider): a skeleton until its data arrives. */
export default function ProductDialogView({
  productId,
  data,
  onClose,
}: {
  productId: string
  data: ProductDialogData | null
  onClose: () => void
}) {
  const product = data?.product ?? null
  return (
    <Modal
      label={product?.title ?? 'Product'}
      onClose={onClose}
      className="inset-0 m-auto max-h-[92dvh] w-[min(960px,94vw)] rounded-xl p-4 sm:p-6"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        {/* Replaces the dialog's own history entry (same address), so Back still leads to the page below. */}
        <Link to={`/shop/product/${productId}`} replace className="flex min-h-11 items-center text-sm underline">
          Open product page
        </Link>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <CloseIcon />
        </button>
      </div>
      {data && product ? (
        <div className="grid gap-8">
          <ProductDetailView key={product.id} product={product} headingLevel="h2" reviewCount={data.reviews.count} dispatch={data.dispatch} />
          <ProductReviewsSection productId={product.id} reviews={data.reviews} signedIn={data.signedIn} />
        </div>
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
  )
}
