// Several workers (ADR 040): a write here that changes a browse page is told to the others through
// the primary (server/process/workers.js relays it), and theirs to this one, so no worker keeps
// serving a page another made stale; the pages' short TTL covers other machines.
import { bumpShopGeneration, onShopWrite, type ShopWrite } from '~/infra/shop-writes.server'

/** Past this many products in one turn of the event loop a write is told as a write to all. */
const MAX_PRODUCTS_TOLD = 100

/** The kinds of write confined to some products (app/infra/shop-writes.server.ts). */
const PRODUCT_WRITES = ['products', 'productPages', 'productAnswers'] as const
type ProductWrite = (typeof PRODUCT_WRITES)[number]

/** The message a worker sends its primary, and the primary on to the other workers. */
const SHOP_WRITE = 'shop-write'

/** Tells this worker's writes to its siblings (once per turn of the event loop however many rows it wrote), and theirs to this one. */
export function tellSiblings(): void {
  let queued = false
  // The products whose rows (and so the lists) changed, and those whose exact availability alone did
  // (ADR 050, 101), by kind of write; null once a write to all (or too many products) was made.
  let told: Map<ProductWrite, Set<string>> | null = new Map()
  onShopWrite((write) => {
    if ('all' in write) told = null
    for (const kind of PRODUCT_WRITES) {
      if (!told || !(kind in write)) continue
      const ids = told.get(kind) ?? new Set()
      for (const id of (write as Record<ProductWrite, string[]>)[kind]) ids.add(id)
      told = ids.size > MAX_PRODUCTS_TOLD ? null : told.set(kind, ids)
    }
    if (queued) return
    queued = true
    setImmediate(() => {
      queued = false
      const writes: ShopWrite[] = told ? [...told].map(([kind, ids]) => ({ [kind]: [...ids] }) as ShopWrite) : [{ all: true }]
      told = new Map()
      // A primary going away (a stop) leaves no channel: nothing to tell then.
      for (const write of writes) if (process.connected) process.send?.({ type: SHOP_WRITE, write }, undefined, undefined, () => {})
    })
  })
  process.on('message', (message: { type?: string; write?: ShopWrite } | undefined) => {
    if (message?.type === SHOP_WRITE) bumpShopGeneration(siblingWrite(message.write))
  })
}

/** What a sibling said it wrote: one product's rows, or their exact availability, only when it says so plainly; else all. */
export function siblingWrite(write: unknown): ShopWrite {
  const told = write as Partial<Record<ProductWrite, unknown>> | undefined
  const plain = (ids: unknown): ids is string[] => Array.isArray(ids) && ids.every((id) => typeof id === 'string')
  const kind = PRODUCT_WRITES.find((k) => plain(told?.[k]))
  return kind ? ({ [kind]: told?.[kind] } as ShopWrite) : { all: true }
}
