// Several workers (ADR 040): a write here that changes a browse page is told to the others through
// the primary (server/process/workers.js relays it), and theirs to this one, so no worker keeps
// serving a page another made stale; the pages' short TTL covers other machines.
import { bumpShopGeneration, onShopWrite, type ShopWrite } from '~/infra/shop-writes.server'

/** Past this many products in one turn of the event loop a write is told as a write to all. */
const MAX_PRODUCTS_TOLD = 100

/** The message a worker sends its primary, and the primary on to the other workers. */
const SHOP_WRITE = 'shop-write'

/** Tells this worker's writes to its siblings (once per turn of the event loop however many rows it wrote), and theirs to this one. */
export function tellSiblings(): void {
  let queued = false
  // The products whose rows (and so the lists) changed, and those whose exact availability alone did (ADR 050).
  let products: Set<string> | null = new Set()
  let productPages: Set<string> | null = new Set()
  onShopWrite((write) => {
    if ('all' in write) products = productPages = null
    else if ('products' in write) for (const id of write.products) products?.add(id)
    else for (const id of write.productPages) productPages?.add(id)
    if (products && products.size > MAX_PRODUCTS_TOLD) products = null
    if (productPages && productPages.size > MAX_PRODUCTS_TOLD) productPages = null
    if (queued) return
    queued = true
    setImmediate(() => {
      queued = false
      const told: ShopWrite[] =
        products && productPages
          ? [...(products.size ? [{ products: [...products] }] : []), ...(productPages.size ? [{ productPages: [...productPages] }] : [])]
          : [{ all: true }]
      products = new Set()
      productPages = new Set()
      // A primary going away (a stop) leaves no channel: nothing to tell then.
      for (const write of told) if (process.connected) process.send?.({ type: SHOP_WRITE, write }, undefined, undefined, () => {})
    })
  })
  process.on('message', (message: { type?: string; write?: ShopWrite } | undefined) => {
    if (message?.type === SHOP_WRITE) bumpShopGeneration(siblingWrite(message.write))
  })
}

/** What a sibling said it wrote: one product's rows, or their exact availability, only when it says so plainly; else all. */
export function siblingWrite(write: unknown): ShopWrite {
  const told = write as { products?: unknown; productPages?: unknown } | undefined
  const plain = (ids: unknown): ids is string[] => Array.isArray(ids) && ids.every((id) => typeof id === 'string')
  if (plain(told?.products)) return { products: told.products }
  if (plain(told?.productPages)) return { productPages: told.productPages }
  return { all: true }
}
