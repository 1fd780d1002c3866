// The one home of what differs between the shop's two databases (docs/decisions/036-postgresql.md).
// Domain code and migrations write SQL once; where SQLite and PostgreSQL must differ they use a
// fragment from here, and the DialectPlugin (installed by openDatabase on every Kysely instance)
// picks the branch of the database the query runs on.
import {
  type ColumnDefinitionBuilder,
  type Expression,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  OperatorNode,
  type BinaryOperationNode,
  DataTypeNode,
  type ValueNode,
  PostgresAdapter,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  RawNode,
  type RawBuilder,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely'

export type SqlDialect = 'sqlite' | 'postgres'

/** Any shop database or transaction (migrations see Kysely<any>, the domain Kysely<Database>). */
// biome-ignore lint/suspicious/noExplicitAny: the helpers work on every schema
export type AnyKysely = Kysely<any>

/** Which database a Kysely instance (or transaction) talks to. */
export function dialectOf(db: AnyKysely): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/** Whether a connection string names PostgreSQL (else it is a SQLite file path). */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location)
}

const CHOICE = '/*dialect-choice*/'

/**
 * One SQL fragment written twice: the DialectPlugin keeps the branch of the database the query runs
 * on. Use only where the databases must differ; everything else is written once.
 */
export function dialectSql<T = unknown>(branches: { sqlite: Expression<unknown>; postgres: Expression<unknown> }): RawBuilder<T> {
  return sql<T>`${sql.raw(CHOICE)}${branches.sqlite}${branches.postgres}`
}

/** The current time as ISO-8601 text in UTC with milliseconds ('2026-11-25T11:50:00.000Z'), as JS writes it. */
export const isoNowSql = dialectSql<string>({
  sqlite: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  postgres: sql`(to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
})

/** `column in (values)` with one bound parameter, so the SQL text is the same for any number of values. */
export function inJsonList(column: string, values: readonly string[]): RawBuilder<boolean> {
  return inJsonText(column, JSON.stringify(values))
}

/** `column in (values)` for the values as a JSON array's text (a compiledOnce argument: db/compiled-once.ts). */
export function inJsonText(column: string, list: string): RawBuilder<boolean> {
  return dialectSql<boolean>({
    sqlite: sql`${sql.ref(column)} in (select value from json_each(${list}))`,
    postgres: sql`${sql.ref(column)} in (select value from json_array_elements_text(${list}::json))`,
  })
}

/** The calendar day (YYYY-MM-DD) of an ISO timestamp column shifted by `offsetMinutes` (a time zone). */
export function localDaySql(column: string, offsetMinutes: number): RawBuilder<string> {
  const shift = `${offsetMinutes >= 0 ? '+' : ''}${offsetMinutes} minutes`
  return dialectSql<string>({
    sqlite: sql`date(${sql.ref(column)}, ${shift})`,
    postgres: sql`to_char((${sql.ref(column)}::timestamptz at time zone 'UTC') + ${shift}::interval, 'YYYY-MM-DD')`,
  })
}

/** Text ordered case-insensitively (ASCII), as SQLite's `collate nocase` does. */
export function caseInsensitiveSql(column: string): RawBuilder<string> {
  return dialectSql<string>({
    sqlite: sql`${sql.ref(column)} collate nocase`,
    postgres: sql`lower(${sql.ref(column)}) collate "C"`,
  })
}

/**
 * Locks the rows of `table` with these ids until the transaction ends, in id order (no deadlocks
 * between two transactions locking overlapping sets): for a read-then-write that must not interleave
 * (read the stock, then hold it). SQLite needs nothing: one writer at a time, and Kysely runs a
 * transaction on the one connection. `column` names another unique key to find the rows by.
 */
export async function lockRows(trx: AnyKysely, table: string, ids: readonly string[], column = 'id'): Promise<void> {
  if (dialectOf(trx) !== 'postgres' || ids.length === 0) return
  const col = sql.ref(column)
  await sql`select ${col} from ${sql.table(table)} where ${col} in (${sql.join([...new Set(ids)])}) order by ${col} for update`.execute(trx)
}

/**
 * Serialises transactions that take the next number of a sequence of their own (order numbers):
 * on PostgreSQL an advisory lock held until the transaction ends; on SQLite the single writer already
 * does it.
 */
export async function lockCounter(trx: AnyKysely, name: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx)
}

/** Whether an error is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (code === '23505') return true
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true
  return String(error).includes('UNIQUE constraint failed')
}

// --- schema helpers for migrations -------------------------------------------------------------

/** An integer primary key the database numbers (SQLite autoincrement, PostgreSQL identity). */
export function autoIncrementKey(db: AnyKysely) {
  return (c: ColumnDefinitionBuilder) =>
    dialectOf(db) === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()
}

/**
 * SQLite's implicit rowid is the insertion order some queries sort by (`order by rowid`) and the key
 * the FTS5 indexes join on. On PostgreSQL the tables that need it get a real `rowid` column numbered
 * by an identity, so that SQL works unchanged. Call right after createTable.
 */
export async function addRowid(db: AnyKysely, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await sql`alter table ${sql.table(table)} add column rowid bigint generated by default as identity not null unique`.execute(db)
}

/** The tables that carry an explicit rowid on PostgreSQL (SQLite has it implicitly). */
export const ROWID_TABLES: readonly string[] = ['addresses', 'cart_lines', 'orders']

/** A double-precision float ('real' is 4 bytes on PostgreSQL, 8 on SQLite). */
export function doubleType(db: AnyKysely): 'real' | 'double precision' {
  return dialectOf(db) === 'postgres' ? 'double precision' : 'real'
}

/** Bytes (uploaded images): SQLite's blob, PostgreSQL's bytea; both read back as a Buffer. */
export function blobType(db: AnyKysely): 'blob' | 'bytea' {
  return dialectOf(db) === 'postgres' ? 'bytea' : 'blob'
}

// --- search on PostgreSQL ----------------------------------------------------------------------

/** A products column's text for search: the category as its id and its label (as FTS5 indexes it). */
const categorySearchText = (column: string) =>
  sql.raw(`(${column} || ' ' || case ${column}
    when 'jewellery' then 'Jewellery' when 'home-decor' then 'Home Decor'
    when 'gifting-memories' then 'Gifting & Memories' when 'special-occasion' then 'Special Occasion' else '' end)`)

/**
 * The 'simple' tsvector PostgreSQL searches words in: of title, description and category ('all'),
 * or of the title alone. The migration indexes exactly this expression (unqualified columns), and
 * product search queries it, so the index is used.
 */
export function postgresWordsVector(of: 'all' | 'title'): RawBuilder<unknown> {
  return of === 'title'
    ? sql`to_tsvector('simple'::regconfig, title)`
    : sql`to_tsvector('simple'::regconfig, title || ' ' || description || ' ' || ${categorySearchText('category')})`
}

/** The category's searchable text of a products row, for the PostgreSQL ILIKE search. */
export const postgresCategoryText = categorySearchText('category')

// --- the plugin ----------------------------------------------------------------------------------

class DialectTransformer extends OperationNodeTransformer {
  constructor(private readonly dialect: SqlDialect) {
    super()
  }

  protected override transformRaw(node: RawNode): RawNode {
    const [marker, sqlite, postgres] = node.parameters
    if (node.parameters.length === 3 && marker && RawNode.is(marker) && marker.sqlFragments[0] === CHOICE && sqlite && postgres) {
      return RawNode.create(['', ''], [this.transformNode(this.dialect === 'sqlite' ? sqlite : postgres)])
    }
    return super.transformRaw(node)
  }

  // SQLite's integers are 64-bit: so are PostgreSQL's columns declared 'integer' by the schema builder
  // (paise, stock, counters), read back as numbers (db/postgres.ts).
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    if (this.dialect === 'postgres' && node.dataType === 'integer') return DataTypeNode.create('bigint')
    return super.transformDataType(node)
  }

  protected override transformValue(node: ValueNode): ValueNode {
    if (typeof node.value === 'string') {
      const value = textValue(this.dialect, node.value)
      if (value !== node.value) return { ...node, value }
    }
    return super.transformValue(node)
  }

  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const out = super.transformBinaryOperation(node)
    // SQLite's LIKE ignores ASCII case; the shop's queries are written for that meaning.
    if (this.dialect === 'postgres' && OperatorNode.is(out.operator)) {
      const op = out.operator.operator
      if (op === 'like' || op === 'not like') {
        return { ...out, operator: OperatorNode.create(op === 'like' ? 'ilike' : 'not ilike') }
      }
    }
    return out
  }
}

/**
 * Whether a query's tree holds a dialectSql choice. Operation nodes are plain objects with a `kind`;
 * values (a stored file's bytes, a list of ids) are never walked.
 */
function hasChoice(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasChoice)
  if (typeof node !== 'object' || node === null) return false
  const kind = (node as { kind?: unknown }).kind
  if (typeof kind !== 'string' || kind === 'ValueNode' || kind === 'PrimitiveValueListNode') return false
  if (kind === 'RawNode' && (node as RawNode).sqlFragments[0] === CHOICE) return true
  for (const key in node) {
    if (key !== 'kind' && hasChoice((node as Record<string, unknown>)[key])) return true
  }
  return false
}

/**
 * A text value as the dialect is sent it. PostgreSQL's text cannot hold NUL, which SQLite's can: such
 * a value (a hostile id or keyword) is compared with U+FFFD instead, which no stored text holds either,
 * so it finds nothing, no error. The plugin applies it to every value; compiledOnce to its arguments.
 */
export function textValue(dialect: SqlDialect, value: string): string {
  return dialect === 'postgres' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value
}

/** Resolves dialectSql fragments (and SQLite's case-insensitive LIKE) for one database. */
export class DialectPlugin implements KyselyPlugin {
  readonly #transformer: DialectTransformer

  constructor(readonly dialect: SqlDialect) {
    this.#transformer = new DialectTransformer(dialect)
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // On SQLite only a dialect choice changes anything: most queries have none, and a read-only look
    // costs far less than the transformer's copy of every node (a few per cent of a busy request thread).
    if (this.dialect === 'sqlite' && !hasChoice(args.node)) return args.node
    return this.#transformer.transformNode(args.node)
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}
