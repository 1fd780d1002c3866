// Which writes change what an anonymous browse page shows: a Kysely plugin on the process's database
// handle counts every insert, update or delete of a table a browse page reads (the catalogue, stock
// and holds, reviews, banners, orders for "verified buyer", users for reviewers' names). The page
// cache (server/page-cache.ts, ADR 042) keeps a page only while this generation is unchanged.
import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'

/**
 * Tables no browse page reads for a visitor without a session. A write to any other table (a table
 * added later included) changes the generation: forgetting a table here costs cache hits, never
 * freshness.
 */
const UNSEEN_TABLES = new Set([
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
])

let generation = 0
const listeners = new Set<() => void>()

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
      generation++
    }
  }
  return generation
}

/** Counts a change made elsewhere (another process, another connection): every cached page is stale. */
export function bumpShopGeneration(): void {
  generation++
}

/** Called after each local write that changes the generation (server/app.ts tells sibling workers). */
export function onShopWrite(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
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

const pending = new WeakSet<object>()

/** The plugin getDb() installs: a write to a seen table bumps the generation once it has run. */
export const shopWritesPlugin: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node)
    if (tables?.some((t) => !UNSEEN_TABLES.has(t))) pending.add(args.queryId)
    return args.node
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Once the statement has run: a page whose render began before is not kept (PageCache.set), and
    // a statement that changed no row (the hold sweep finding nothing expired) changes nothing.
    if (pending.delete(args.queryId) && args.result.numAffectedRows !== BigInt(0)) {
      generation++
      for (const listener of listeners) listener()
    }
    return args.result
  },
}
