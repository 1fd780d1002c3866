// Which writes change what an anonymous browse page shows: a Kysely plugin on the process's database
// handle counts every insert, update or delete of a table a browse page reads (the catalogue, stock,
// reviews, banners, users for reviewers' names, orders becoming delivered). The page cache
// (server/page-cache.ts, ADR 042) keeps a page only while no write since its render could change it:
// a write confined to one product's own rows leaves the other products' pages (ADR 046). Stock holds
// are not seen by the plugin, nor is the stock a payment takes (marked AVAILABILITY_TOLD): the domain
// tells each change of availability (availabilityChanged), and only a change of what a page shows (out
// of stock, 'Only N items left') reaches the lists (ADR 050); a sale within its hold changes nothing.
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'
import type { AvailabilityChange } from '~/domain/cart/availability.server'
import { AVAILABILITY_TOLD, LOW_STOCK_THRESHOLD } from '~/lib/catalog'

/**
 * Tables no browse page reads for a visitor without a session. A write to any other table changes
 * the generation. Every table is a decision (ADR 114): shop-writes.server.test.ts lists the tables a
 * browse page reads, each with what it shows, and fails on a table in neither list.
 */
export const UNSEEN_TABLES: ReadonlySet<string> = new Set([
  // Holds change availability: the domain tells those changes (availabilityChanged, ADR 050).
  'stock_holds',
  // Written only with their order's insert; an order's lines matter once it is delivered (ordersWriteSeen).
  'order_lines',
  'auth_sessions',
  'carts',
  'cart_lines',
  'addresses',
  'payments',
  'refunds',
  'order_status_history',
  'webhook_events',
  'rate_limit_counters',
  'rate_limit_known',
  'document_counters',
  'invoices',
  'mail_outbox',
  'password_resets',
  'custom_requests',
  'custom_request_photos',
  'stored_files',
  // Names of files erased with an account, for the caches' sweep (ADR 095).
  'erased_files',
  // Written with the stock change it records (products, product_variants), which is seen.
  'stock_movements',
  // Who waits for a shelf's stock: no page shows it (a visitor's request must not drop every page).
  'stock_alerts',
  // A shopper's return requests (ADR 099): only her order page and the admin show them. Its restock
  // writes product_variants/products, which are seen; the owner's return_settings are (the Returns page).
  'returns',
  // Its photos, exchanges and pickups, and partial refunds: her order page and the admin.
  'return_photos',
  'return_exchanges',
  'return_pickups',
  'return_pickup_events',
  'partial_refunds',
  // The offers an order took (ADR 084): the admin's revenue by offer reads them; an offer has no cap
  // of uses a page could show running out. Written with each order an offer priced (issue 29).
  'order_offers',
  // A code's uses are counted from its orders; no browse page shows a code.
  'discount_codes',
  // Parcels, their scans, undelivered and returned parcels: the shopper's order page and the admin.
  'shipments',
  'shipment_events',
  'parcel_ndrs',
  'parcel_rtos',
  // A custom order's payment links and the quote links' uses: her request's page and the admin.
  'custom_payment_links',
  'custom_quote_link_uses',
  // Her marketing-mail choice (written at sign-up) and grievances: her account and the admin.
  'consents',
  'complaints',
])

/**
 * The tables of one product's own rows, by the column naming the product. A write confined to one
 * product's rows (an update or delete whose WHERE says `<column> = <id>`, an insert whose rows all
 * name their product) changes that product and the pages listing products, not another product's
 * own page: no browse page shows one product's details on another's page.
 */
const PRODUCT_ROWS = new Map([
  ['products', 'id'],
  ['product_images', 'product_id'],
  ['product_colors', 'product_id'],
  ['product_varieties', 'product_id'],
  ['product_variants', 'product_id'],
  ['product_options2', 'product_id'],
])

/**
 * What a write changed: everything a browse page shows; one product's own rows (its pages and every
 * list: a list may show it, or no longer); only the exact availability of these products, where
 * their own pages show each variant sold out or not (`productPages`: their pages and the answers
 * carrying the number; a list shows no more than 'Only N items left'); or only the exact
 * availability of products without variants (`productAnswers`: the /api answers carrying the number,
 * not their pages, which show no more than a list does; ADR 103).
 */
export type ShopWrite = { all: true } | { products: string[] } | { productPages: string[] } | { productAnswers: string[] }

/** Every write counted so far (the generation): each write below gets the next number. */
let generation = 0
/** The number of the last write that changed a list (anything but productPages), and of the last that was not confined to products. */
let lastAny = 0
let lastAll = 0
/** The number of the last productPages write: a page showing exact availability on a list (an /api list) is stale after it. */
let lastExact = 0
/** The last write to each product's own rows (bounded: past the bound it counts as a write to all). */
const lastProduct = new Map<string, number>()
/** The last productAnswers write of each product (bounded the same way). */
const lastAnswer = new Map<string, number>()
const MAX_PRODUCTS_REMEMBERED = 20_000

const listeners = new Set<(write: ShopWrite) => void>()

let externalVersion: (() => number) | null = null
let lastExternal = 0

/**
 * SQLite: how many commits other connections (a script, a test, the CLI) made to the file, read from
 * `PRAGMA data_version` on the shop's own connection (its own commits leave it unchanged).
 */
export function watchExternalCommits(read: () => number): void {
  externalVersion = read
  lastExternal = read()
}

/** The number of shop writes seen so far by this process (and told to it by its siblings or the file). */
export function shopGeneration(): number {
  if (externalVersion) {
    const now = externalVersion()
    if (now !== lastExternal) {
      lastExternal = now
      record({ all: true })
    }
  }
  return generation
}

/**
 * Whether a page rendered at `since` (its shopGeneration() when the render began) may show something
 * changed since: a page about one product (`product`) only by a write to all or to that product's
 * rows (its exact availability included); any other page by any write but one changing only some
 * products' exact availability, unless it shows exact availability of several products itself
 * (`exactStock`: the /api lists carry each product's number).
 */
export function changedSince(since: number, product?: string | null, { exactStock = false }: { exactStock?: boolean } = {}): boolean {
  shopGeneration()
  if (!product) return lastAny > since || (exactStock && lastExact > since)
  return lastAll > since || (lastProduct.get(product) ?? 0) > since || (exactStock && (lastAnswer.get(product) ?? 0) > since)
}

/** Notes `generation` as the last write of each product in `last`; past the bound, a write to all. */
function remember(last: Map<string, number>, ids: string[]): void {
  for (const id of ids) {
    last.delete(id)
    last.set(id, generation)
  }
  if (last.size > MAX_PRODUCTS_REMEMBERED) {
    last.clear()
    lastAll = generation
  }
}

function record(write: ShopWrite): void {
  generation++
  if ('productPages' in write || 'productAnswers' in write) lastExact = generation
  else lastAny = generation
  if ('all' in write) lastAll = generation
  else if ('products' in write) remember(lastProduct, write.products)
  else if ('productPages' in write) remember(lastProduct, write.productPages)
  else remember(lastAnswer, write.productAnswers)
}

/** Counts a change made elsewhere (another process, another connection), as precisely as it was told. */
export function bumpShopGeneration(write: ShopWrite = { all: true }): void {
  record(write)
}

/** Called after each local write that changes the generation (server/app.ts tells sibling workers). */
export function onShopWrite(listener: (write: ShopWrite) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A write made here: counted, and told to the listeners. */
function tell(write: ShopWrite): void {
  record(write)
  for (const listener of listeners) listener(write)
}

/**
 * What a browse page shows of a product's availability: none (out of stock, and out of the in-stock
 * filter), how many when below LOW_STOCK_THRESHOLD (the card's 'Only N items left'), else only that
 * there are plenty (app/components/product-card.tsx).
 */
export function shownAvailability(available: number): number {
  return Math.min(Math.max(0, available), LOW_STOCK_THRESHOLD)
}

/**
 * The domain's changes of availability (holds made, ended or expired, stock taken at payment: the
 * AvailabilityWatcher of stock-holds.server.ts): a product whose shown availability changed drops
 * its pages and the lists; one whose number alone changed, only its own pages (ADR 050), and of a
 * product without variants only its /api answers (ADR 103).
 */
export function availabilityChanged(changes: readonly AvailabilityChange[]): void {
  const shown = new Set(changes.filter((c) => shownAvailability(c.before) !== shownAvailability(c.after)).map((c) => c.productId))
  const counted = changes.filter((c) => c.before !== c.after && !shown.has(c.productId))
  const ids = (list: readonly AvailabilityChange[]) => [...new Set(list.map((c) => c.productId))]
  if (shown.size) tell({ products: [...shown] })
  // A variant may have sold out (or come back) on its page while the product's total shows the same.
  const byVariant = ids(counted.filter((c) => c.byVariant))
  const plain = ids(counted.filter((c) => !c.byVariant))
  if (byVariant.length) tell({ productPages: byVariant })
  if (plain.length) tell({ productAnswers: plain })
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null
  const any = node as unknown as Record<string, unknown>
  if (node.kind === 'TableNode') return ((any.table as { identifier?: { name?: string } })?.identifier?.name ?? null) as string | null
  if (node.kind === 'AliasNode') return tableName(any.node as OperationNode)
  return null
}

/** The tables an insert, update or delete writes; null for a read; ['?'] for raw SQL that writes. */
export function writtenTables(node: RootOperationNode): string[] | null {
  const any = node as unknown as Record<string, unknown>
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(any.into as OperationNode) ?? '?']
    case 'UpdateQueryNode':
      return [tableName(any.table as OperationNode) ?? '?']
    case 'DeleteQueryNode': {
      const froms = ((any.from as { froms?: OperationNode[] })?.froms ?? []).map((f) => tableName(f) ?? '?')
      return froms.length ? froms : ['?']
    }
    case 'RawNode': {
      const text = ((any.sqlFragments as string[]) ?? []).join(' ').trimStart().toLowerCase()
      return /^(insert|update|delete|replace)\b/.test(text) ? ['?'] : null
    }
    default:
      return null
  }
}

type Node = Record<string, unknown> & { kind?: string }

/** The value of `column = <value>` among the AND-ed conditions of a WHERE (a plain value only). */
function equalityOn(node: unknown, column: string): string | null {
  const n = node as Node | undefined
  if (!n) return null
  if (n.kind === 'WhereNode') return equalityOn(n.where, column)
  if (n.kind === 'ParensNode') return equalityOn(n.node, column)
  if (n.kind === 'AndNode') return equalityOn(n.left, column) ?? equalityOn(n.right, column)
  if (n.kind !== 'BinaryOperationNode' || (n.operator as Node | undefined)?.operator !== '=') return null
  const left = n.leftOperand as Node
  const right = n.rightOperand as Node
  const name = left?.kind === 'ReferenceNode' ? ((left.column as Node)?.column as Node | undefined)?.name : undefined
  if (name !== column || right?.kind !== 'ValueNode' || typeof right.value !== 'string') return null
  return right.value
}

/** The plain values a column takes in an insert's rows, or null when a row does not give one plainly. */
function insertedValues(node: Node, column: string): unknown[] | null {
  const columns = ((node.columns as Node[] | undefined) ?? []).map((c) => (c.column as Node | undefined)?.name)
  const at = columns.indexOf(column)
  const values = (node.values as Node | undefined)?.values as Node[] | undefined
  if (at === -1 || !values?.length) return null
  return values.map((row) =>
    row.kind === 'PrimitiveValueListNode'
      ? (row.values as unknown[])[at]
      : row.kind === 'ValueListNode' && (row.values as Node[])[at]?.kind === 'ValueNode'
        ? (row.values as Node[])[at]?.value
        : undefined,
  )
}

/** The plain value an update sets `column` to: undefined when it does not set it, null when not plainly. */
/**
 * The column an update's `set` names: a ColumnNode (`.set({ col: value })`) or a ReferenceNode
 * holding one (`.set('col', value)`); undefined when it is neither.
 */
function updatedColumn(update: Node): string | undefined {
  let column = update.column as Node | undefined
  if (column?.kind === 'ReferenceNode') column = column.column as Node | undefined
  const name = column?.kind === 'ColumnNode' ? (column.column as Node | undefined)?.name : undefined
  return typeof name === 'string' ? name : undefined
}

/** Whether an insert may change rows already there: an upsert, or SQLite's INSERT OR REPLACE (any OR action counts). */
function insertMayReplace(node: Node): boolean {
  return Boolean(node.onConflict || node.replace || node.orAction)
}

function updatedValue(node: Node, column: string): unknown {
  for (const update of (node.updates as Node[] | undefined) ?? []) {
    if (updatedColumn(update) !== column) continue
    const value = update.value as Node | undefined
    return value?.kind === 'ValueNode' ? value.value : null
  }
  return undefined
}

/** A plain order status other than delivered (an order moving between such statuses is on no browse page). */
const notDelivered = (status: unknown) => typeof status === 'string' && status !== 'delivered'

/**
 * Whether a write to orders may change a browse page: only an order becoming delivered or ceasing
 * to be ('Verified buyer', ADR 041). A checkout's insert (pending), its gateway ids, payment
 * status, updated_at and client address, and a move between other statuses, change none; anything
 * less plain (a delete, raw SQL, a status that is not a plain value) counts.
 */
function ordersWriteSeen(node: RootOperationNode): boolean {
  const any = node as unknown as Node
  if (node.kind === 'InsertQueryNode') {
    const statuses = insertMayReplace(any) ? null : insertedValues(any, 'order_status')
    return !statuses?.every(notDelivered)
  }
  if (node.kind === 'UpdateQueryNode') {
    const to = updatedValue(any, 'order_status')
    if (to === undefined) return false
    return !(notDelivered(to) && notDelivered(equalityOn(any.where, 'order_status')))
  }
  return true
}

/** Columns of users no browse page shows (a review shows its writer's name). */
const UNSEEN_USER_COLUMNS = new Set(['email', 'password_hash', 'session_version'])

/**
 * Whether a write to users may change a browse page: a review shows its writer's name. A plain
 * insert (a sign-up) adds someone who has written nothing yet; an update of unseen columns only (a
 * password, 'log out everywhere') shows nowhere; a delete, an upsert or a rename may.
 */
function usersWriteSeen(node: RootOperationNode): boolean {
  const any = node as unknown as Node
  if (node.kind === 'InsertQueryNode') return insertMayReplace(any)
  if (node.kind !== 'UpdateQueryNode') return true
  const columns = ((any.updates as Node[] | undefined) ?? []).map(updatedColumn)
  return columns.length === 0 || columns.some((column) => column === undefined || !UNSEEN_USER_COLUMNS.has(column))
}

/** Whether a write to `table` may change a browse page at all. */
function seen(node: RootOperationNode, table: string): boolean {
  if (UNSEEN_TABLES.has(table)) return false
  if (table === 'orders') return ordersWriteSeen(node)
  return table !== 'users' || usersWriteSeen(node)
}

/** The products whose own rows an insert writes, or null when a row does not name its product plainly. */
function insertedProducts(node: Node, column: string): string[] | null {
  const values = insertedValues(node, column)
  if (!values?.every((value): value is string => typeof value === 'string')) return null
  return [...new Set(values)]
}

/** What a write to `table` changes: one product's rows when the statement says which, else all. */
export function writeScope(node: RootOperationNode, table: string): ShopWrite {
  const column = PRODUCT_ROWS.get(table)
  if (!column) return { all: true }
  const any = node as unknown as Node
  if (node.kind === 'InsertQueryNode') {
    const ids = insertMayReplace(any) ? null : insertedProducts(any, column)
    return ids ? { products: ids } : { all: true }
  }
  const id = equalityOn(any.where, column)
  return id === null ? { all: true } : { products: [id] }
}

/** The scope of a whole statement: all as soon as one of its tables says so. */
function statementScope(node: RootOperationNode, tables: string[]): ShopWrite {
  const products = new Set<string>()
  for (const table of tables) {
    if (!seen(node, table)) continue
    const scope = writeScope(node, table)
    if (!('products' in scope)) return { all: true }
    for (const id of scope.products) products.add(id)
  }
  return { products: [...products] }
}

/**
 * Whether the statement carries AVAILABILITY_TOLD: a stock write the domain tells the cache about
 * itself (the stock a payment takes, whose hold already counted it), left out here so that a sale
 * changing no badge drops no page (issue 29).
 */
export function availabilityTold(node: RootOperationNode): boolean {
  const modifiers = (node as unknown as { endModifiers?: readonly OperationNode[] }).endModifiers ?? []
  return modifiers.some((modifier) => modifier.kind === 'RawNode' && ((modifier as unknown as { sqlFragments?: string[] }).sqlFragments ?? []).join('').includes(AVAILABILITY_TOLD))
}

const pending = new WeakMap<object, ShopWrite>()

/** The plugin getDb() installs: a write to a seen table bumps the generation once it has run. */
export const shopWritesPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node)
    if (tables?.some((t) => seen(args.node, t)) && !availabilityTold(args.node)) pending.set(args.queryId, statementScope(args.node, tables))
    return args.node
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Once the statement has run: a page whose render began before is not kept (PageCache.set), and
    // a statement that changed no row (the hold sweep finding nothing expired) changes nothing.
    const write = pending.get(args.queryId)
    if (write && args.result.numAffectedRows !== BigInt(0)) {
      pending.delete(args.queryId)
      tell(write)
    } else if (write) pending.delete(args.queryId)
    return args.result
  },
}
