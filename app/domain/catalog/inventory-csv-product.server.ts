// The inventory CSV's product columns (issue 30, ADR 100): the packed weight and box (ADR 085) and the
// country of origin and materials (ADR 083), one value per product on each of its rows. The export's
// cells, the dry run's reading of them (as the product sheet reads its boxes: empty measures are the
// category's, an empty country is India) and the import's write, in the transaction of the stocks,
// refused when the product changed since the dry run.
import type { Trx } from '../../../db/database'
import { inJsonList } from '../../../db/dialect'
import { CSV_MESSAGES, type ImportRow, PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from '~/lib/inventory-csv'
import { asksMaterials, cleanFact, DEFAULT_COUNTRY_OF_ORIGIN, PRODUCT_FACTS_LIMITS, PRODUCT_FACTS_WORDS } from '~/lib/product-facts'
import { PACKAGE_LABELS, type PackageField, readMeasure } from '~/lib/product-package'
import { textLength } from '~/lib/personalization'
import type { FieldErrors } from '~/domain/errors'

/** A product's own values as the columns carry them (a measure null: the category's). */
export interface ProductFacts {
  weightGrams: number | null
  lengthCm: number | null
  breadthCm: number | null
  heightCm: number | null
  countryOfOrigin: string
  materials: string
}
export type ProductFact = keyof ProductFacts

/** Each column's value in ProductFacts. */
const FACT_OF: Record<ProductCsvColumn, ProductFact> = {
  weight_grams: 'weightGrams',
  length_cm: 'lengthCm',
  breadth_cm: 'breadthCm',
  height_cm: 'heightCm',
  country_of_origin: 'countryOfOrigin',
  materials: 'materials',
}

const MEASURES: Partial<Record<ProductCsvColumn, PackageField>> = { weight_grams: 'weightGrams', length_cm: 'lengthCm', breadth_cm: 'breadthCm', height_cm: 'heightCm' }

/** The products table's columns that hold them, for a select: the CSV's names are the table's. */
export const PRODUCT_FACT_COLUMNS = PRODUCT_CSV_COLUMNS
type FactRow = { weight_grams: number | null; length_cm: number | null; breadth_cm: number | null; height_cm: number | null; country_of_origin: string; materials: string }

export function factsOf(row: FactRow): ProductFacts {
  return {
    weightGrams: row.weight_grams,
    lengthCm: row.length_cm,
    breadthCm: row.breadth_cm,
    heightCm: row.height_cm,
    countryOfOrigin: row.country_of_origin,
    materials: row.materials,
  }
}

/** The export's cells: a measure empty where the category's stands in. */
export function factCells(facts: ProductFacts): Record<ProductCsvColumn, string> {
  const cell = (value: number | string | null) => (value === null ? '' : String(value))
  return Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [column, cell(facts[FACT_OF[column]])])) as Record<ProductCsvColumn, string>
}

/**
 * A row's product cells as the values they set (only the columns the file has), each bad one a
 * problem naming its column. `now` is the product as stored (its materials may stay when it is not
 * jewellery, as the file read them back), null when the row names no product.
 */
export function readFactCells(cellOf: (column: ProductCsvColumn) => string | null, product: { category: string; facts: ProductFacts } | null, problems: string[]): Partial<ProductFacts> {
  const wanted: Partial<ProductFacts> = {}
  for (const column of PRODUCT_CSV_COLUMNS) {
    const cell = cellOf(column)
    if (cell === null) continue
    const measure = MEASURES[column]
    if (measure) {
      const value = cell === '' ? null : readMeasure(measure, cell)
      if (cell !== '' && value === null) problems.push(CSV_MESSAGES[column as keyof typeof CSV_MESSAGES] as string)
      else wanted[measure] = value
      continue
    }
    const clean = cleanFact(cell)
    const isCountry = column === 'country_of_origin'
    if (clean === null) problems.push(isCountry ? CSV_MESSAGES.countryControl : CSV_MESSAGES.materialsControl)
    else if (textLength(clean) > (isCountry ? PRODUCT_FACTS_LIMITS.countryOfOrigin : PRODUCT_FACTS_LIMITS.materials))
      problems.push(isCountry ? CSV_MESSAGES.countryLong : CSV_MESSAGES.materialsLong)
    else if (isCountry) wanted.countryOfOrigin = clean || DEFAULT_COUNTRY_OF_ORIGIN
    else if (clean !== '' && product && !asksMaterials(product.category) && clean !== product.facts.materials) problems.push(CSV_MESSAGES.materialsNotAsked)
    else wanted.materials = clean
  }
  return wanted
}

/** Where two rows of one product disagree: the columns, for the later row's problems. */
export function differingColumns(first: Partial<ProductFacts>, other: Partial<ProductFacts>): ProductCsvColumn[] {
  return PRODUCT_CSV_COLUMNS.filter((column) => {
    const fact = FACT_OF[column]
    return Object.hasOwn(first, fact) && Object.hasOwn(other, fact) && first[fact] !== other[fact]
  })
}

/** The values the file changes, with what the dry run saw: what the confirm carries. */
export type FactChanges = { [F in ProductFact]?: { from: ProductFacts[F]; to: ProductFacts[F] } }

export function factChanges(now: ProductFacts, wanted: Partial<ProductFacts>): FactChanges | undefined {
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const fact of Object.keys(wanted) as ProductFact[]) {
    if (wanted[fact] !== now[fact]) changes[fact] = { from: now[fact], to: wanted[fact] }
  }
  return Object.keys(changes).length > 0 ? (changes as FactChanges) : undefined
}

const LABELS: Record<ProductFact, string> = {
  ...PACKAGE_LABELS,
  countryOfOrigin: PRODUCT_FACTS_WORDS.country,
  materials: PRODUCT_FACTS_WORDS.materials,
}

/** The changes as the dry run shows them: a measure null is the category's default, materials '' none. */
export function shownFactChanges(changes: FactChanges): NonNullable<ImportRow['product']> {
  const shown = (value: string | number | null | undefined) => (value === null || value === undefined ? "(category's default)" : value === '' ? '(none)' : String(value))
  return (Object.keys(changes) as ProductFact[]).map((fact) => ({ label: LABELS[fact], from: shown(changes[fact]?.from), to: shown(changes[fact]?.to) }))
}

const COLUMN_OF = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column) => [FACT_OF[column], column])) as Record<ProductFact, ProductCsvColumn>

/**
 * Writes the products' changes in the caller's transaction (the products' rows locked by it), or
 * answers, keyed as given, the ones whose product moved since the dry run (nothing is written then).
 * Answers how many products changed.
 */
export async function writeFactChanges(trx: Trx, given: readonly { key: string; productId: string; changes: FactChanges }[], at: string): Promise<{ errors: FieldErrors; changed: number }> {
  const errors: FieldErrors = {}
  if (given.length === 0) return { errors, changed: 0 }
  const ids = [...new Set(given.map((change) => change.productId))]
  const rows = await trx.selectFrom('products').select(['id', ...PRODUCT_FACT_COLUMNS]).where(inJsonList('id', ids)).where('deleted_at', 'is', null).execute()
  const now = new Map(rows.map((row) => [row.id, factsOf(row)]))
  for (const { key, productId, changes } of given) {
    const facts = now.get(productId)
    const moved = !facts || (Object.keys(changes) as ProductFact[]).some((fact) => changes[fact]?.from !== facts[fact])
    if (moved) errors[key] = [CSV_MESSAGES.productMoved]
  }
  if (Object.keys(errors).length > 0) return { errors, changed: 0 }
  for (const { productId, changes } of given) {
    const set = Object.fromEntries((Object.keys(changes) as ProductFact[]).map((fact) => [COLUMN_OF[fact], changes[fact]?.to]))
    await trx
      .updateTable('products')
      .set({ ...set, updated_at: at })
      .where('id', '=', productId)
      .execute()
  }
  return { errors, changed: new Set(given.map((change) => change.productId)).size }
}
