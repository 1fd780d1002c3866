// What `npm start` does before serving: migrate, tidy, ensure the admin, seed the demo shop (its
// accounts only when no ADMIN_EMAIL is configured).
import { mkdir } from 'node:fs/promises'
import { migrateToLatest } from '../db/database'
import { seedDemoOffers } from '../db/seed/demo-offers'
import { seedDemoOrders } from '../db/seed/demo-orders'
import { seedDemo } from '../db/seed/seed-demo'
import type { Config } from '~/infra/config.server'
import { getDb } from '~/infra/db.server'
import { getImageStore } from '~/infra/images/image-store.server'
import { domainSettingsFrom } from '~/infra/domain-settings.server'
import { deleteExpiredRateLimits } from '~/infra/rate-limit.server'
import { ensureAdmin, registerUser } from '~/domain/accounts/accounts.server'
import { deleteExpiredAuthSessions } from '~/domain/accounts/auth-sessions.server'
import { deleteStaleGuestCarts } from '~/domain/cart/guest-carts.server'
import { deleteUnusedUploads, fillMissingWidths, storeDiskUploads, sweepErasedFiles } from '~/domain/catalog/media.server'
import { configureDomain } from '~/domain/settings.server'

export const DEMO_ACCOUNTS = {
  admin: { userName: 'Studio Admin', email: 'admin@resincraft.studio', password: 'admin12345' },
  shopper: { userName: 'Priya Sharma', email: 'shopper@resincraft.studio', password: 'shopper12345' },
} as const

export async function migrate(): Promise<string[]> {
  return migrateToLatest(getDb())
}

/**
 * Deletes what has expired: login sessions, stale guest carts, ended rate-limit windows, and uploaded
 * images nothing has used for a day; removes from this process's cache the files erased with an
 * account (ADR 095). Runs at start and every 6 hours.
 */
export async function tidy(): Promise<void> {
  const db = getDb()
  await deleteExpiredAuthSessions(db)
  await deleteStaleGuestCarts(db)
  await deleteExpiredRateLimits(db)
  await sweepErasedFiles(db, getImageStore())
  const unused = await deleteUnusedUploads(db, getImageStore())
  if (unused) console.log(`Deleted ${unused} uploaded image files nothing used`)
}

/**
 * Hands the domain its settings (checkout limits, mail, invoices, password cost) from the
 * configuration: first thing in every process that serves, prepares or seeds.
 */
export function configureDomainFrom(config: Config, env: Record<string, string | undefined> = process.env): void {
  configureDomain(domainSettingsFrom(config, env))
}

export async function bootstrap(config: Config): Promise<void> {
  configureDomainFrom(config)
  const db = getDb()
  await mkdir(config.UPLOADS_DIR, { recursive: true })
  const filled = await fillMissingWidths(getImageStore())
  if (filled) console.log(`Made ${filled} missing image widths for earlier uploads`)
  const applied = await migrateToLatest(db)
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`)
  const stored = await storeDiskUploads(db, getImageStore())
  if (stored) console.log(`Stored ${stored} image files from ${config.UPLOADS_DIR} in the database`)
  await tidy()
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)
  if (!config.SEED_DEMO) return
  const started = Date.now()
  const seeded = await seedDemo(db, getImageStore())
  if (seeded.products === 0) return
  if (config.SEED_DEMO_OFFERS) await seedDemoOffers(db)
  // The demo accounts have public passwords: only a pure demo (no owner configured) gets them,
  // and with them the demo shopper's past orders. A shop with ADMIN_EMAIL gets the catalogue only.
  if (config.ADMIN_EMAIL) {
    console.log(`Seeded the demo catalogue (${seeded.products} products, ${seeded.featureImages} banners) in ${Date.now() - started} ms.`)
    return
  }
  await ensureAdmin(db, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, DEMO_ACCOUNTS.admin.userName)
  const shopper = DEMO_ACCOUNTS.shopper
  const exists = await db.selectFrom('users').select('id').where('email', '=', shopper.email).executeTakeFirst()
  if (!exists) await registerUser(db, shopper)
  const shopperRow = await db.selectFrom('users').select(['id', 'user_name', 'email']).where('email', '=', shopper.email).executeTakeFirstOrThrow()
  const orders = await seedDemoOrders(db, { id: shopperRow.id, userName: shopperRow.user_name, email: shopperRow.email })
  console.log(
    `Seeded the demo shop (${seeded.products} products, ${seeded.featureImages} banners, ${orders} orders) in ${Date.now() - started} ms. ` +
      `Demo accounts: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}, ${shopper.email} / ${shopper.password}`,
  )
}
