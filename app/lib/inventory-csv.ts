// The inventory CSV's vocabulary (issue 27, ADR 065): its columns, limits and the words the owner
// reads, shared by the export, the import's dry run and the body limit in server/http-guards.ts.
import { MAX_STOCK } from './inventory'
import { PACKAGE_MESSAGES } from './product-package'
import { PRODUCT_FACTS_LIMITS } from './product-facts'

/**
 * The product's own columns (issue 30, ADR 100): its packed weight and box (ADR 085; empty for the
 * category's usual packed piece), its country of origin and materials (ADR 083). The same on every
 * row of a product; an import without one leaves it as it is.
 */
export const PRODUCT_CSV_COLUMNS = ['weight_grams', 'length_cm', 'breadth_cm', 'height_cm', 'country_of_origin', 'materials'] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]

/** The columns, in the export's order; an import names them in its header, in any order. */
export const CSV_COLUMNS = [
  'product_id',
  'title',
  'category',
  'option_label',
  'option',
  'option2_label',
  'option2',
  'colour',
  'price',
  'sale_price',
  'stock',
  'sku',
  ...PRODUCT_CSV_COLUMNS,
] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number]

/** The columns an import needs: which shelf, and its new stock (`option2`, the second group's option, only for pieces that have one: ADR 077). */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ['product_id', 'option', 'colour', 'stock']

/**
 * Columns an import reads but does not write (they change in the product form). An import writes the
 * stock and, when the file has the columns, the SKU and a colour's own price and sale price (ADR 071).
 */
export const IGNORED_CSV_COLUMNS: readonly CsvColumn[] = ['title', 'category', 'option_label', 'option2_label']

/** Rupees as a cell holds them: up to 2 decimals, no grouping ('' where the column says none). */
export const RUPEES_PATTERN = /^\d{1,7}(\.\d{1,2})?$/

/** A SKU as the import takes it: up to 40 letters, digits, spaces and - _ . / ('' for none). */
export const SKU_PATTERN = /^[A-Za-z0-9 ._/-]{0,40}$/

export const MAX_CSV_MB = 1
export const MAX_CSV_BYTES = MAX_CSV_MB * 1024 * 1024
/** Data rows (the header not counted) one import may hold. */
export const MAX_CSV_ROWS = 5000

/** One row of the file as the dry run reads it. */
export interface ImportRow {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number
  productId: string
  /** The product's title in the shop ('' when unknown). */
  title: string
  variety: string
  /** The second group's option (ADR 077); '' for none. */
  option2: string
  color: string
  /** The shelf's stock now, and the file's; null where the row does not say (problems). */
  from: number | null
  to: number | null
  /** The SKU now and the file's, when the file changes it ('' for none). */
  sku?: { from: string; to: string }
  /** The price and sale price it sells at now and the file's (rupees as written, '' for no sale), when the file changes them. */
  price?: { from: string; to: string }
  salePrice?: { from: string; to: string }
  /** The product's own columns the file changes (on the product's first row), as shown: label, now, the file's. */
  product?: { label: string; from: string; to: string }[]
  problems: string[]
}

/** The import page's answer to a post: a dry run (with the changes the confirm carries), or a refusal. */
export type ImportAnswer =
  | { stage: 'dry-run'; fileName: string; fileErrors: string[]; notices: string[]; rows: ImportRow[]; unchanged: number; carried: string; changes: number }
  | { stage: 'refused'; message: string; rows: ImportRow[] }

const grouped = new Intl.NumberFormat('en-IN')

export const CSV_MESSAGES = {
  chooseFile: 'Please choose a CSV file.',
  tooLarge: `A CSV file can be at most ${MAX_CSV_MB} MB. Please split it into smaller files.`,
  empty: 'The file is empty. Please export the inventory and edit that file.',
  notUtf8: 'The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8" and try again.',
  notCsv: 'The file is not a CSV file (it holds binary data). Please choose the CSV you exported.',
  unreadable: (line: number, reason: string) => `The file could not be read as CSV (line ${line}): ${reason}`,
  tooManyRows: (rows: number) => `The file has ${grouped.format(rows)} rows; an import can take at most ${grouped.format(MAX_CSV_ROWS)}. Please split it into smaller files.`,
  missingColumns: (names: readonly string[]) => `Missing columns: ${names.join(', ')}. The header row must name ${REQUIRED_CSV_COLUMNS.join(', ')}.`,
  unknownColumns: (names: readonly string[]) => `Unknown columns: ${names.join(', ')}. The columns are ${CSV_COLUMNS.join(', ')}.`,
  repeatedColumns: (names: readonly string[]) => `Columns named twice: ${names.join(', ')}.`,
  ignoredColumns: (names: readonly string[]) =>
    `The ${names.join(', ')} ${names.length === 1 ? 'column is ignored: change it' : 'columns are ignored: change them'} in the product form.`,
  noRows: 'The file has a header but no rows.',
  cellCount: (cells: number, header: number) => `This row has ${cells} cells; the header has ${header}.`,
  noProductId: 'product_id is empty.',
  sku: 'A SKU can be at most 40 letters, digits, spaces and - _ . /',
  unknownProduct: 'Unknown product: add it in the product form first.',
  unknownShelf: (option: string, colour: string) =>
    option === '' && colour === ''
      ? 'This product keeps its stock per option or colour: fill in the option and colour of the row.'
      : `This product has no ${[option && `option "${option}"`, colour && `colour "${colour}"`].filter(Boolean).join(' in ')}: add it in the product form first.`,
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK}.`,
  price: 'A price must be rupees with at most 2 decimals (e.g. 1249.50), more than 0.',
  salePrice: 'A sale price must be rupees with at most 2 decimals, or empty for none.',
  saleNotBelow: 'The sale price must be less than the price.',
  ownPriceOnlyByColour: (option: string) =>
    option === '' ? "Change the product's price in the product form." : `Change the price of option "${option}" in the product form.`,
  weight_grams: `weight_grams: ${PACKAGE_MESSAGES.weightGrams}, or empty for the category's default.`,
  length_cm: `length_cm: ${PACKAGE_MESSAGES.lengthCm}, or empty for the category's default.`,
  breadth_cm: `breadth_cm: ${PACKAGE_MESSAGES.breadthCm}, or empty for the category's default.`,
  height_cm: `height_cm: ${PACKAGE_MESSAGES.heightCm}, or empty for the category's default.`,
  countryLong: `country_of_origin: at most ${PRODUCT_FACTS_LIMITS.countryOfOrigin} characters.`,
  countryControl: 'country_of_origin: one line without control characters.',
  materialsLong: `materials: at most ${PRODUCT_FACTS_LIMITS.materials} characters.`,
  materialsControl: 'materials: one line without control characters.',
  materialsNotAsked: 'materials: only jewellery names its materials; leave the cell empty for this piece.',
  productDiffers: (column: ProductCsvColumn, row: number) => `${column} is not the same as on row ${row}: give every row of a piece the same ${column}.`,
  duplicate: (rows: readonly number[]) =>
    `${rows.length === 1 ? 'Row' : 'Rows'} ${rows.slice(0, 5).join(', ')}${rows.length > 5 ? '...' : ''} ${rows.length === 1 ? 'is' : 'are'} for the same piece, option and colour: keep one row for each.`,
  nothingToChange: 'Every stock in the file is already what the shop has: nothing to import.',
  applied: (shelves: number, products = 0) =>
    `Imported: ${[
      shelves > 0 || products === 0 ? (shelves === 1 ? '1 stock' : `${grouped.format(shelves)} stocks`) : '',
      products > 0 ? (products === 1 ? '1 product' : `${grouped.format(products)} products`) : '',
    ]
      .filter(Boolean)
      .join(' and ')} changed.`,
  productMoved: 'Changed since the dry run (the product form or another import); check it and upload the file again',
  moved: 'Nothing was imported: some stocks or products changed since the dry run (a sale or another edit). Check them and upload the file again.',
  planUnreadable: 'The import could not be read. Please upload the file again.',
} as const
