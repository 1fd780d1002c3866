// Opens the SQLite file behind Kysely and runs the dated migrations.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type Migration, type MigrationProvider, Migrator, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely'
import * as initialSchema from '../migrations/2026-11-22T00-initial-schema'
import * as catalogueIndexes from '../migrations/2026-11-22T01-catalogue-indexes'
import * as productSearch from '../migrations/2026-11-22T02-product-search'
import * as uniqueProductOptions from '../migrations/2026-11-22T03-unique-product-options'
import * as ordersByDate from '../migrations/2026-11-23T00-orders-by-date'
import * as demoOrderGateway from '../migrations/2026-11-25T0900-sec-pay-demo-order-gateway'
import * as phoneCheckoutOrderNumbers from '../migrations/2026-11-25T0910-phone-checkout-order-numbers-and-recipients'
import * as phoneSearchWords from '../migrations/2026-11-25T0920-phone-search-words'
import * as orderCancelledAndRefunds from '../migrations/2026-11-25T1100-order-cancelled-and-refunds'
import * as stockHolds from '../migrations/2026-11-25T1110-stock-holds'
import * as orderTracking from '../migrations/2026-11-25T1120-order-tracking'
import * as invoices from '../migrations/2026-11-25T1140-invoices'
import * as customRequests from '../migrations/2026-11-26T0300-custom-requests'
import * as mailOutbox from '../migrations/2026-11-25T1130-mail-outbox-and-password-resets'
import * as sharedLimitsAndStoredFiles from '../migrations/2026-11-26T0190-shared-limits-and-stored-files'
import * as reviews from '../migrations/2026-11-26T0110-reviews'
import * as checkoutClientKeys from '../migrations/2026-11-26T2100-checkout-client-keys'
import * as variantStock from '../migrations/2026-11-27T0100-variant-stock'
import * as honestRatings from '../migrations/2026-11-27T0110-honest-ratings'
import * as searchSynonyms from '../migrations/2026-11-27T0120-search-synonyms'
import * as stockMovements from '../migrations/2026-11-27T0130-stock-movements'
import * as stockAlerts from '../migrations/2026-11-27T0150-stock-alerts'
import * as personalisedPieces from '../migrations/2026-11-27T0200-personalised-pieces'
import * as madeToOrder from '../migrations/2026-11-27T0210-made-to-order'
import * as orderLineOptionLabel from '../migrations/2026-11-27T0220-order-line-option-label'
import * as choicePictures from '../migrations/2026-11-27T0230-choice-pictures'
import * as productSku from '../migrations/2026-11-27T0240-product-sku'
import * as discountCodes from '../migrations/2026-11-27T0320-discount-codes'
import * as campaignBanners from '../migrations/2026-11-27T0330-campaign-banners'
import * as secondOptionGroup from '../migrations/2026-11-27T0400-second-option-group'
import * as automaticOffers from '../migrations/2026-11-27T0410-automatic-offers'
import * as policyVersions from '../migrations/2026-11-27T0430-policy-versions'
import * as deliveryRates from '../migrations/2026-11-27T0450-delivery-rates'
import * as productFacts from '../migrations/2026-11-27T0500-product-facts'
import * as discountVariantScope from '../migrations/2026-11-27T0510-discount-variant-scope'
import * as orderOffers from '../migrations/2026-11-27T0511-order-offers'
import * as productPackages from '../migrations/2026-11-27T0520-product-packages'
import * as shipments from '../migrations/2026-11-27T0530-shipments'
import * as returnPickups from '../migrations/2026-11-28T1140-return-pickups'
import * as partialRefunds from '../migrations/2026-11-27T0540-partial-refunds'
import * as customOrderQuotes from '../migrations/2026-11-27T0550-custom-order-quotes'
import * as complaints from '../migrations/2026-11-27T0560-complaints'
import * as consents from '../migrations/2026-11-27T0561-consents'
import * as erasedFiles from '../migrations/2026-11-28T0640-erased-files'
import * as returns from '../migrations/2026-11-28T0700-returns'
import * as returnPhotos from '../migrations/2026-11-28T1130-return-photos'
import * as ndr from '../migrations/2026-11-28T0810-ndr'
import * as returnExchanges from '../migrations/2026-11-28T1150-return-exchanges'
import { DialectPlugin, isPostgresUrl } from './dialect'
import { openPostgres } from './postgres'
import type { Database } from './schema'

/** The shop's database: a handle or a transaction (a Transaction is a Kysely), for any read or write. */
export type DB = Kysely<Database>

/**
 * A transaction the caller opened: for a step that must run inside one (row locks, writes that stand
 * or fall together). Everything else takes DB, which accepts a transaction too.
 */
export type Trx = Transaction<Database>

/** Listed here (not read from disk) so that migrations ship inside the server bundle. */
const migrations: Record<string, Migration> = {
  '2026-11-22T00-initial-schema': initialSchema,
  '2026-11-22T01-catalogue-indexes': catalogueIndexes,
  '2026-11-22T02-product-search': productSearch,
  '2026-11-22T03-unique-product-options': uniqueProductOptions,
  '2026-11-23T00-orders-by-date': ordersByDate,
  '2026-11-25T0900-sec-pay-demo-order-gateway': demoOrderGateway,
  '2026-11-25T0910-phone-checkout-order-numbers-and-recipients': phoneCheckoutOrderNumbers,
  '2026-11-25T0920-phone-search-words': phoneSearchWords,
  '2026-11-25T1100-order-cancelled-and-refunds': orderCancelledAndRefunds,
  '2026-11-25T1110-stock-holds': stockHolds,
  '2026-11-25T1120-order-tracking': orderTracking,
  '2026-11-25T1140-invoices': invoices,
  '2026-11-25T1130-mail-outbox-and-password-resets': mailOutbox,
  '2026-11-26T0190-shared-limits-and-stored-files': sharedLimitsAndStoredFiles,
  '2026-11-26T0300-custom-requests': customRequests,
  '2026-11-26T0110-reviews': reviews,
  '2026-11-26T2100-checkout-client-keys': checkoutClientKeys,
  '2026-11-27T0100-variant-stock': variantStock,
  '2026-11-27T0110-honest-ratings': honestRatings,
  '2026-11-27T0120-search-synonyms': searchSynonyms,
  '2026-11-27T0130-stock-movements': stockMovements,
  '2026-11-27T0150-stock-alerts': stockAlerts,
  '2026-11-27T0200-personalised-pieces': personalisedPieces,
  '2026-11-27T0210-made-to-order': madeToOrder,
  '2026-11-27T0220-order-line-option-label': orderLineOptionLabel,
  '2026-11-27T0230-choice-pictures': choicePictures,
  '2026-11-27T0240-product-sku': productSku,
  '2026-11-27T0320-discount-codes': discountCodes,
  '2026-11-27T0330-campaign-banners': campaignBanners,
  '2026-11-27T0400-second-option-group': secondOptionGroup,
  '2026-11-27T0410-automatic-offers': automaticOffers,
  '2026-11-27T0430-policy-versions': policyVersions,
  '2026-11-27T0450-delivery-rates': deliveryRates,
  '2026-11-27T0500-product-facts': productFacts,
  '2026-11-27T0510-discount-variant-scope': discountVariantScope,
  '2026-11-27T0511-order-offers': orderOffers,
  '2026-11-27T0520-product-packages': productPackages,
  '2026-11-27T0530-shipments': shipments,
  '2026-11-27T0540-partial-refunds': partialRefunds,
  '2026-11-27T0550-custom-order-quotes': customOrderQuotes,
  '2026-11-27T0560-complaints': complaints,
  '2026-11-27T0561-consents': consents,
  '2026-11-28T0640-erased-files': erasedFiles,
  '2026-11-28T0700-returns': returns,
  '2026-11-28T0810-ndr': ndr,
  '2026-11-28T1130-return-photos': returnPhotos,
  '2026-11-28T1140-return-pickups': returnPickups,
  '2026-11-28T1150-return-exchanges': returnExchanges,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/**
 * The shop's database: a PostgreSQL connection string (postgres://...) opens a pg pool, anything else
 * is a SQLite file path (the default). Both answer the same Kysely<Database>; `dialectOf(db)` in
 * db/dialect.ts tells them apart where SQL must differ.
 */
export function openDatabase(path: string): DB {
  if (isPostgresUrl(path)) return openPostgres(path)
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new DialectPlugin('sqlite')] })
  const dataVersion = sqlite.prepare('pragma data_version').pluck()
  dataVersions.set(db, () => dataVersion.get() as number)
  return db
}

const dataVersions = new WeakMap<DB, () => number>()

/**
 * SQLite only (null for PostgreSQL): reads `PRAGMA data_version` on the handle's connection, which
 * changes when another connection commits to the file (the page cache's freshness check, ADR 042).
 */
export function sqliteDataVersion(db: DB): (() => number) | null {
  return dataVersions.get(db) ?? null
}

export const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely's SQLite driver prepares every query afresh. Its SQL text is the same for every shopper
 * (values are parameters), so the prepared statements are kept, least recently used dropped past
 * STATEMENT_CACHE_SIZE: no parse and plan per query, and no pile of statements whose native memory
 * waits for the garbage collector (under load that pile took the server past 350 MB).
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      // better-sqlite3 runs one statement at a time per connection (and Kysely queues queries on
      // its one connection), so a cached statement is never handed out while it is running.
      const cached = statements.get(sql)
      if (cached) {
        statements.delete(sql)
        statements.set(sql, cached)
        return cached
      }
      const statement = sqlite.prepare(sql)
      statements.set(sql, statement)
      if (statements.size > size) statements.delete(statements.keys().next().value as string)
      return statement
    },
  }
}

/** Brings the schema up to date; throws (with the failing migration's error) if any step fails. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
