// Back-in-stock mail (ADR 066): each alert whose shelf has stock again is deleted with its mail
// queued, in one transaction (sendDueStockAlerts), so several processes may sweep at once and each
// alert is still told once. A sweep runs a second after a write to the catalogue in this process (an
// edit, an import, a cancellation giving stock back) and every minute anyway (holds that expire, other
// processes' writes). Late or missed sweeps only delay a mail.
import type { DB } from '../../db/database'
import { sendDueStockAlerts } from '~/domain/catalog/stock-alerts.server'
import { getDb } from '~/infra/db.server'
import { onShopWrite } from '~/infra/shop-writes.server'

export const STOCK_ALERT_INTERVAL_MS = 60_000
const AFTER_WRITE_MS = 1_000

/** Starts the sweeps; answers a stop function. Timers do not keep the process alive. */
export function startStockAlerts(intervalMs = STOCK_ALERT_INTERVAL_MS, db?: DB): () => void {
  let running = false
  let soon: NodeJS.Timeout | undefined
  const sweep = () => {
    if (running) return
    running = true
    sendDueStockAlerts(db ?? getDb())
      .catch((error) => console.error('Sending back-in-stock mail failed', error))
      .finally(() => {
        running = false
      })
  }
  const timer = setInterval(sweep, intervalMs)
  timer.unref()
  const stopListening = onShopWrite(() => {
    if (soon) return
    soon = setTimeout(() => {
      soon = undefined
      sweep()
    }, AFTER_WRITE_MS)
    soon.unref()
  })
  return () => {
    clearInterval(timer)
    if (soon) clearTimeout(soon)
    stopListening()
  }
}
