// The inventory as a CSV file (issue 27, ADR 065): the export (one row per shelf, safe to open in a
// spreadsheet) and the import's dry run, which reads an uploaded file and says, row by row, what
// would change and what is wrong, changing nothing. The import itself is setStockCounts with the
// stocks the dry run saw, so a sale meanwhile stops it (all or none).
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { DB } from '../../../db/database'
import {
  CSV_COLUMNS,
  CSV_MESSAGES,
  type CsvColumn,
  type ImportRow,
  IGNORED_CSV_COLUMNS,
  type ProductCsvColumn,
  MAX_CSV_BYTES,
  MAX_CSV_ROWS,
  REQUIRED_CSV_COLUMNS,
  RUPEES_PATTERN,
  SKU_PATTERN,
} from '~/lib/inventory-csv'
import { MAX_STOCK } from '~/lib/inventory'
import { linePrices, type Priced } from '~/lib/pricing'
import { rupeesToPaise } from '~/lib/money'
import { categoryLabel, optionLabelOf } from '~/lib/catalog'
import { inJsonList } from '../../../db/dialect'
import { clock } from '~/domain/clock'
import { type StockCount, writeStockCounts } from './inventory.server'
import { differingColumns, type FactChanges, factCells, factChanges, factsOf, PRODUCT_FACT_COLUMNS, type ProductFacts, readFactCells, shownFactChanges, writeFactChanges } from './inventory-csv-product.server'
import { planPrice, type SellAt, shelfPrices } from './variant-prices.server'
import { PRODUCT_STOCK, stockKey, type VariantKey } from '~/domain/cart/variant-stock.server'

export type { ImportRow }

/** A cell a spreadsheet would run as a formula (OWASP, CSV injection): = + - @ tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/

/** A cell as written: a would-be formula gets a leading single quote, which spreadsheets show as text. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** A cell as read back: the export's quote before a would-be formula comes off again (round trip). */
export function readCell(value: string): string {
  const trimmed = value.trim()
  return trimmed.startsWith("'") && FORMULA_START.test(trimmed.slice(1)) ? trimmed.slice(1) : trimmed
}

const rupees = (paise: number) => (paise / 100).toFixed(2)

/** The whole inventory as CSV text: UTF-8 with a BOM (Excel), CRLF, RFC 4180 quoting, formulas neutralised. */
export async function exportInventoryCsv(db: DB): Promise<string> {
  const products = await db
    .selectFrom('products')
    .select(['id', 'title', 'category', 'option_label', 'option2_label', 'variety_type', 'price_paise', 'sale_price_paise', 'total_stock', 'sku', ...PRODUCT_FACT_COLUMNS])
    .where('deleted_at', 'is', null)
    .orderBy('title')
    .orderBy('id')
    .execute()
  const ids = products.map((product) => product.id)
  const [variants, options] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('product_variants')
            .select(['product_id', 'variety_name', 'option2', 'color', 'stock', 'price_paise', 'sale_price_paise', 'sku'])
            .where(inJsonList('product_id', ids))
            .orderBy('product_id')
            .orderBy('position')
            .execute(),
          db.selectFrom('product_varieties').select(['product_id', 'name', 'price_paise', 'sale_price_paise']).where(inJsonList('product_id', ids)).execute(),
        ])
  const variantsOf = groupBy(variants, (variant) => variant.product_id)
  const optionsOf = groupBy(options, (option) => option.product_id)
  const records: string[][] = [[...CSV_COLUMNS]]
  for (const product of products) {
    const label = optionLabelOf(product.option_label, product.variety_type)
    const facts = factCells(factsOf(product))
    const own = variantsOf.get(product.id) ?? []
    const shelves = own.length > 0 ? own : [{ variety_name: '', option2: '', color: '', stock: product.total_stock, price_paise: null, sale_price_paise: null, sku: product.sku }]
    for (const shelf of shelves) {
      const option = (optionsOf.get(product.id) ?? []).find((row) => row.name === shelf.variety_name)
      // What a line of it costs (ADR 071's one rule): the variant's own price, else the option's, else the product's.
      const sells = linePrices(
        { pricePaise: product.price_paise, salePricePaise: product.sale_price_paise },
        option ? { pricePaise: option.price_paise, salePricePaise: option.sale_price_paise } : null,
        { pricePaise: shelf.price_paise, salePricePaise: shelf.sale_price_paise },
      )
      const priced = { price: sells.pricePaise, sale: sells.salePricePaise }
      const row: Record<CsvColumn, string> = {
        product_id: product.id,
        title: product.title,
        category: categoryLabel(product.category),
        option_label: shelf.variety_name ? label : '',
        option: shelf.variety_name,
        option2_label: shelf.option2 ? product.option2_label : '',
        option2: shelf.option2,
        colour: shelf.color,
        price: rupees(priced.price),
        sale_price: priced.sale > 0 ? rupees(priced.sale) : '',
        stock: String(shelf.stock),
        sku: shelf.sku ?? '',
        ...facts,
      }
      records.push(CSV_COLUMNS.map((column) => safeCell(row[column])))
    }
  }
  return stringify(records, { bom: true, record_delimiter: 'windows' })
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/** What an import would do: the file's problems, each row, and the counts to apply with what was seen. */
export interface ImportPlan {
  /** Problems of the whole file (size, encoding, columns): no row is read then. */
  fileErrors: string[]
  /** Things the owner should know that stop nothing (columns ignored). */
  notices: string[]
  /** Rows that change a stock or have a problem, in the file's order. */
  rows: ImportRow[]
  /** Rows that would change nothing. */
  unchanged: number
  /** The changes, with the stock the dry run saw (for setStockCounts' `seen`); empty unless the file is good. */
  counts: ImportCount[]
}

/** A shelf's count and, on the product's first row, the product's own columns it changes (with what the dry run saw). */
export interface ImportCount extends StockCount {
  facts?: FactChanges
}

const failed = (...fileErrors: string[]): ImportPlan => ({ fileErrors, notices: [], rows: [], unchanged: 0, counts: [] })

/** The dry run: reads the file and answers what the import would do. Changes nothing. */
export async function planInventoryImport(db: DB, file: Uint8Array): Promise<ImportPlan> {
  const read = readCsv(file)
  if ('error' in read) return failed(read.error)
  const [header = [], ...lines] = read.records
  // Blank lines are skipped but counted, so that row numbers are the spreadsheet's.
  const records = lines.map((cells, index) => ({ cells, row: index + 2 })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
  const columns = header.map((name) => name.trim().toLowerCase())
  const headerError = checkHeader(columns)
  if (headerError) return failed(headerError)
  if (records.length === 0) return failed(CSV_MESSAGES.noRows)
  if (records.length > MAX_CSV_ROWS) return failed(CSV_MESSAGES.tooManyRows(records.length))
  const present = IGNORED_CSV_COLUMNS.filter((column) => columns.includes(column))
  const notices = present.length > 0 ? [CSV_MESSAGES.ignoredColumns(present)] : []

  const at = (record: { cells: string[] }, column: CsvColumn) => readCell(record.cells[columns.indexOf(column)] ?? '')
  const ids = [...new Set(records.map((record) => at(record, 'product_id')).filter((id) => id !== '' && id.length <= 100))]
  const [shelves, prices] = await Promise.all([shelvesOf(db, ids), shelfPrices(db, ids)])
  const pricing = columns.includes('price') || columns.includes('sale_price')
  const keyOfRecord = (record: { cells: string[] }) => ({ variety: at(record, 'option'), option2: columns.includes('option2') ? at(record, 'option2') : '', color: at(record, 'colour') })
  const keys = records.map((record) => `${at(record, 'product_id')}\u0000${shelfKey(keyOfRecord(record))}`)
  const rowsOf = groupBy(
    keys.map((key, index) => ({ key, row: records[index]?.row ?? 0 })),
    (entry) => entry.key,
  )
  // The product's own columns are the same on each of its rows: the first row of a piece carries its changes.
  const firstOf = new Map<string, { row: number; wanted: Partial<ProductFacts> }>()
  const productCell = (record: { cells: string[] }) => (column: ProductCsvColumn) => (columns.includes(column) ? at(record, column) : null)
  const rows: (ImportRow & { sellAt?: SellAt; facts?: FactChanges })[] = records.map((record, index) => {
    const row = record.row
    const productId = at(record, 'product_id')
    const key = keyOfRecord(record)
    const { variety, option2, color } = key
    const product = shelves.get(productId)
    const shelf = product?.shelves.get(shelfKey(key))
    const from = shelf?.stock ?? null
    const stockCell = at(record, 'stock')
    const to = /^\d{1,6}$/.test(stockCell) && Number(stockCell) <= MAX_STOCK ? Number(stockCell) : null
    const problems: string[] = []
    if (record.cells.length !== header.length) problems.push(CSV_MESSAGES.cellCount(record.cells.length, header.length))
    if (productId === '') problems.push(CSV_MESSAGES.noProductId)
    else if (!product) problems.push(CSV_MESSAGES.unknownProduct)
    else if (from === null) problems.push(CSV_MESSAGES.unknownShelf([variety, option2].filter(Boolean).join(' / '), color))
    if (to === null) problems.push(CSV_MESSAGES.stock)
    // The SKU, when the file has the column: a change is shown and carried with the stock.
    const skuTo = columns.includes('sku') ? at(record, 'sku') : null
    if (skuTo !== null && !SKU_PATTERN.test(skuTo)) problems.push(CSV_MESSAGES.sku)
    const sku = skuTo !== null && shelf && skuTo !== shelf.sku ? { from: shelf.sku, to: skuTo } : undefined
    // The price it is to sell at, when the file has the columns (ADR 071): an empty price is the one it inherits.
    const sellAt = pricing ? readSellAt(at(record, 'price'), at(record, 'sale_price'), problems) : null
    const priced = sellAt && shelf ? prices.get(stockKey(productId, key)) : undefined
    const price = sellAt && priced ? planPrice(priced, sellAt, key) : {}
    if (price.problem) problems.push(price.problem)
    const changes = price.wanted && priced ? priceChanges(priced.sellsAt, price.wanted) : {}
    const wanted = readFactCells(productCell(record), product ?? null, problems)
    const first = product ? firstOf.get(productId) : undefined
    if (first) for (const column of differingColumns(first.wanted, wanted)) problems.push(CSV_MESSAGES.productDiffers(column, first.row))
    else if (product) firstOf.set(productId, { row, wanted })
    const facts = product && !first ? factChanges(product.facts, wanted) : undefined
    // A few of the others are enough to name (5,000 copies of one row must not cost 25 million steps).
    const others = (rowsOf.get(keys[index] ?? '') ?? []).slice(0, 7).map((entry) => entry.row).filter((other) => other !== row).slice(0, 6)
    if (productId !== '' && others.length > 0) problems.push(CSV_MESSAGES.duplicate(others))
    return {
      row,
      productId,
      title: product?.title ?? '',
      variety,
      option2,
      color,
      from,
      to,
      ...(sku ? { sku } : {}),
      ...changes,
      ...(facts ? { product: shownFactChanges(facts), facts } : {}),
      ...(price.own ? { sellAt: sellAt as SellAt } : {}),
      problems,
    }
  })
  const shown = rows.filter((row) => row.problems.length > 0 || row.from !== row.to || row.sku !== undefined || row.sellAt !== undefined || row.facts !== undefined)
  const good = shown.every((row) => row.problems.length === 0)
  const counts = good
    ? shown.map((row) => ({
        productId: row.productId,
        variety: row.variety,
        option2: row.option2,
        color: row.color,
        stock: row.to ?? 0,
        seen: row.from ?? 0,
        ...(row.sku ? { sku: row.sku.to } : {}),
        ...(row.sellAt ? { sellAt: row.sellAt } : {}),
        ...(row.facts ? { facts: row.facts } : {}),
      }))
    : []
  return { fileErrors: [], notices, rows: shown.map(({ sellAt: _, facts: __, ...row }) => row), unchanged: rows.length - shown.length, counts }
}

/**
 * Applies a dry run's counts and the products' own columns, all or none, in one transaction; a shelf
 * whose stock moved since, or a product changed since, refuses them all (Invalid, keyed by index).
 * Answers how many shelves and how many products changed.
 */
export function applyInventoryImport(db: DB, counts: readonly ImportCount[], by: { actorId: string; fileName: string }): Promise<{ stocks: number; products: number }> {
  const withFacts = counts.flatMap((count, index) => (count.facts ? [{ key: String(index), productId: count.productId, changes: count.facts }] : []))
  return db.transaction().execute(async (trx) => {
    let products = 0
    const stocks = await writeStockCounts(trx, counts, { actorId: by.actorId, reason: 'import', note: `CSV import: ${by.fileName}`.slice(0, 200) }, async (locked) => {
      const written = await writeFactChanges(locked, withFacts, clock.iso())
      products = written.changed
      return written.errors
    })
    return { stocks, products }
  })
}

/** csv-parse's errors in the owner's words (others keep the library's). */
const PARSE_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote (") opens a cell and is never closed.',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell has more text after its closing quote.',
}

/** The file's records, or the one message saying why it cannot be read. */
function readCsv(file: Uint8Array): { records: string[][] } | { error: string } {
  if (file.byteLength > MAX_CSV_BYTES) return { error: CSV_MESSAGES.tooLarge }
  if (file.byteLength === 0) return { error: CSV_MESSAGES.empty }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file)
  } catch {
    return { error: CSV_MESSAGES.notUtf8 }
  }
  // Control characters other than tab and line ends: a binary file that happens to be valid UTF-8.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return { error: CSV_MESSAGES.notCsv }
  if (text.trim() === '') return { error: CSV_MESSAGES.empty }
  try {
    const records = parse(text, { bom: true, relax_column_count: true }) as string[][]
    return { records }
  } catch (error) {
    const line = typeof error === 'object' && error !== null && 'lines' in error ? Number(error.lines) : 0
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
    const reason = PARSE_ERRORS[code] ?? (error instanceof Error ? error.message.replace(/^[^:]*: /, '').slice(0, 200) : 'unknown error')
    return { error: CSV_MESSAGES.unreadable(line, reason) }
  }
}

/** The header's one problem (missing, unknown or repeated columns), or null. */
function checkHeader(columns: readonly string[]): string | null {
  const known = new Set<string>(CSV_COLUMNS)
  const unknown = columns.filter((name) => !known.has(name))
  if (unknown.length > 0) return CSV_MESSAGES.unknownColumns(unknown.map((name) => name || '(empty)').slice(0, 10))
  const missing = REQUIRED_CSV_COLUMNS.filter((name) => !columns.includes(name))
  if (missing.length > 0) return CSV_MESSAGES.missingColumns(missing)
  const repeated = [...new Set(columns.filter((name, index) => columns.indexOf(name) !== index))]
  return repeated.length > 0 ? CSV_MESSAGES.repeatedColumns(repeated) : null
}

/** A row's price cells as the price it is to sell at, or null (and a problem) when they are not rupees. */
function readSellAt(price: string, sale: string, problems: string[]): SellAt | null {
  const paise = (cell: string) => (RUPEES_PATTERN.test(cell) && Number(cell) <= 1_000_000 ? rupeesToPaise(Number(cell)) : null)
  const [pricePaise, salePricePaise] = [price === '' ? null : paise(price), sale === '' ? 0 : paise(sale)]
  if (price !== '' && (pricePaise === null || pricePaise <= 0)) problems.push(CSV_MESSAGES.price)
  if (salePricePaise === null) problems.push(CSV_MESSAGES.salePrice)
  return (price === '' || (pricePaise !== null && pricePaise > 0)) && salePricePaise !== null ? { pricePaise, salePricePaise } : null
}

const shownRupees = (paise: number) => (paise > 0 ? (paise / 100).toFixed(2) : '')

/** The price and sale price a row changes, as the dry run shows them (rupees; '' for no sale). */
function priceChanges(now: Priced, wanted: Priced): Pick<ImportRow, 'price' | 'salePrice'> {
  const change = (from: number, to: number) => (from === to ? undefined : { from: shownRupees(from), to: shownRupees(to) })
  const [price, salePrice] = [change(now.pricePaise, wanted.pricePaise), change(now.salePricePaise, wanted.salePricePaise)]
  return { ...(price ? { price } : {}), ...(salePrice ? { salePrice } : {}) }
}

const shelfKey = (key: VariantKey) => `${key.variety}\u0000${key.option2}\u0000${key.color}`

type Shelf = { stock: number; sku: string }
type ShelvedProduct = { title: string; category: string; facts: ProductFacts; shelves: Map<string, Shelf> }

/** Each product's title, category and own columns, and the stock and SKU ('' for none) of each of its shelves (variants, or its own stock), by shelfKey. */
async function shelvesOf(db: DB, ids: readonly string[]): Promise<Map<string, ShelvedProduct>> {
  const byId = new Map<string, ShelvedProduct>()
  if (ids.length === 0) return byId
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'title', 'category', 'total_stock', 'sku', ...PRODUCT_FACT_COLUMNS])
      .where(inJsonList('id', ids))
      .where('deleted_at', 'is', null)
      .execute(),
    db.selectFrom('product_variants').select(['product_id', 'variety_name', 'option2', 'color', 'stock', 'sku']).where(inJsonList('product_id', ids)).execute(),
  ])
  for (const product of products) byId.set(product.id, { title: product.title, category: product.category, facts: factsOf(product), shelves: new Map() })
  for (const variant of variants) byId.get(variant.product_id)?.shelves.set(shelfKey({ variety: variant.variety_name, option2: variant.option2, color: variant.color }), { stock: variant.stock, sku: variant.sku ?? '' })
  for (const product of products) {
    const own = byId.get(product.id)
    if (own && own.shelves.size === 0) own.shelves.set(shelfKey(PRODUCT_STOCK), { stock: product.total_stock, sku: product.sku ?? '' })
  }
  return byId
}
