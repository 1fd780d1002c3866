// A banner's schedule in a serving process (ADR 074): when a banner starts or ends, the home page
// shows other banners though nothing was written, so the page cache must hear of it; so too when an
// automatic offer starts or ends (every card's price changes, ADR 078). Every
// BANNER_CHECK_INTERVAL_MS the job asks whether a start or an end fell since its last look and, if
// one did, counts a shop write: the kept home page (and every kept page) is dropped.
import type { DB } from '../../db/database'
import { bannerScheduleTurned } from '~/domain/catalog/banners.server'
import { offerScheduleTurned } from '~/domain/promotions/offers.server'
import { clock } from '~/domain/clock'
import { getDb } from '~/infra/db.server'
import { bumpShopGeneration } from '~/infra/shop-writes.server'

export const BANNER_CHECK_INTERVAL_MS = 10_000

/** One look at (from, to]: answers whether a banner started or ended in it (and the cache was told). */
export async function checkBannerScheduleOnce(db: DB, from: Date, to: Date): Promise<boolean> {
  // An automatic offer starting or ending changes the prices of browse pages the same way (ADR 078).
  const turned = (await bannerScheduleTurned(db, from, to)) || (await offerScheduleTurned(db, from, to))
  if (turned) bumpShopGeneration({ all: true })
  return turned
}

/** Looks every `intervalMs` (the timer does not keep the process alive); answers a stop function. */
export function startBannerSchedule(intervalMs = BANNER_CHECK_INTERVAL_MS, db?: DB): () => void {
  let last = clock.now()
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    const now = clock.now()
    checkBannerScheduleOnce(db ?? getDb(), last, now)
      .then(() => {
        last = now
      })
      .catch((error) => console.error('Checking the banners\u2019 schedule failed', error))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
