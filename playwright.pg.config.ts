// `npm run test:e2e:pg`: a smoke run of the browser tests on PostgreSQL with two worker processes
// (issue 19, ADR 040). tests/e2e-pg/global-setup.ts starts a throwaway cluster (initdb, 127.0.0.1),
// a fresh database and the built shop on it (`node server/start.js`, WEB_CONCURRENCY=2, demo seed,
// DELIVERY_PRICING=flat as in playwright.config.ts: the demo shop's zones, ADR 093, are not what the specs price),
// and stops both at the end. The same specs as the SQLite run (JS on and off), chosen to walk the
// money path and the main screens, plus tests/e2e-pg (several workers, images from the database).
// Needs a build (`npm run build`) and Debian's `postgresql` package, like `npm run test:pg`.
// `E2E_PG_ALL=1 npm run test:e2e:pg` runs every browser test on PostgreSQL instead of the smoke set.
import { defineConfig } from '@playwright/test'
import base from './playwright.config'
import { PG_BASE_URL } from './tests/e2e-pg/settings'

/** Spec file -> the titles it runs (all of the file when empty). */
const SMOKE: Record<string, string[]> = {
  'e2e/storefront.spec.ts': [
    'shows the banner carousel, categories, feature products and the footer',
    'filters, sort and page combine in the URL',
    'finds products and mirrors the keyword in the URL',
    'says No Result Found ! when nothing matches',
    'a product with a variety and colours needs both before it is added',
    'a card opens the product (a dialog with JS, its page without)',
  ],
  'e2e/search-forgiving.spec.ts': [],
  'e2e/auth.spec.ts': [],
  'e2e/cart.spec.ts': [
    'a visitor adds from a card, changes the quantity and removes the line',
    'refuses to go past the stock, in the cart and from a card',
    'a visitor’s cart is kept when they log in',
  ],
  'e2e/checkout.spec.ts': [
    'a purchase through the TEST MODE gateway reaches the success page and the order history',
    'a declined TEST MODE payment comes back to checkout and leaves the order unpaid',
  ],
  'e2e/refunds.spec.ts': [],
  'e2e/invoices.spec.ts': [],
  'e2e/admin.spec.ts': [
    'adds a product with a size option, a colour and two images, and the shop finds it',
    'shows revenue, the daily chart, orders by status, stock alerts and the latest orders',
    'updates an order’s status, asking for one first',
  ],
  'e2e/custom-orders.spec.ts': ['a visitor asks for a custom piece with a photo, and the owner follows it to done'],
  'e2e/reviews.spec.ts': ['a shopper who received a piece reviews, edits and deletes it; everyone sees it; the admin hides it with a reason'],
  'e2e-pg/cluster.spec.ts': [],
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const titles = Object.values(SMOKE).flat()
const wholeFiles = Object.entries(SMOKE)
  .filter(([, chosen]) => chosen.length === 0)
  .map(([file]) => file)

/** E2E_PG_ALL=1: every browser test on PostgreSQL (a longer run, for a change to the database layer). */
const all = process.env.E2E_PG_ALL === '1'

export default defineConfig({
  ...base,
  testDir: 'tests',
  testMatch: all ? ['e2e/**/*.spec.ts', 'e2e-pg/**/*.spec.ts'] : Object.keys(SMOKE),
  // A test runs when its file runs whole or its title is chosen (grep sees "file title ...").
  grep: all ? undefined : new RegExp(`(${[...wholeFiles.map((f) => `${literal(f.split('/')[1] ?? f)} `), ...titles.map((t) => `${literal(t)}$`)].join('|')})`),
  globalSetup: './tests/e2e-pg/global-setup.ts',
  webServer: undefined,
  use: { ...base.use, baseURL: PG_BASE_URL },
})
