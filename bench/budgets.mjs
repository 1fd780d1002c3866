// The performance budgets of issue 8, checked against a bench result. Sizes in kB of 1000 bytes.
export const BUDGETS = {
  browsingJsGzip: 134_000,
  signedInJsGzip: 174_000,
  listingFirstView: 250_000,
  listingFirstTitleMs: 1300,
  listingLcpMs: 2000,
  lighthouseMin: 95,
  idleRssMb: 150,
  /** Issue 20: the demo seed's image work must not stay in the serving process. */
  firstStartRssMb: 180,
  peakRssMb: 350,
  peakUploadRssMb: 260,
  // Issue 20: anonymous pages and the products API against plain node:http with the same bytes.
  pageRatioMin: 0.3,
  apiRatioMin: 0.1,
  mixedBrowseP99Ms: 150,
  /** Issue 20: the serving process's peak RSS through the 60 s mixed load. */
  peakMixedRssMb: 260,
  /** Issue 29: the sale day (half the browsing signed in, 10% checkouts paid), its p99s and peak RSS. */
  saleDayBrowseP99Ms: 150,
  saleDayCheckoutP99Ms: 300,
  saleDayPeakRssMb: 260,
}

const BROWSING = new Set(['home', 'listing', 'listing-filtered', 'search', 'product'])
const SIGNED_IN = new Set(['checkout', 'account'])
const kB = (n) => `${(n / 1000).toFixed(1)} kB`

/** Each budget that applies to the measured sections: {name, limit, actual, pass}. */
export function checkBudgets(result) {
  const checks = []
  const add = (name, pass, actual, limit) => checks.push({ name, pass, actual, limit })
  for (const page of result.pages ?? []) {
    if (BROWSING.has(page.name)) add(`${page.name}: JS gzip`, page.jsGzip <= BUDGETS.browsingJsGzip, kB(page.jsGzip), kB(BUDGETS.browsingJsGzip))
    if (SIGNED_IN.has(page.name)) add(`${page.name}: JS gzip`, page.jsGzip <= BUDGETS.signedInJsGzip, kB(page.jsGzip), kB(BUDGETS.signedInJsGzip))
    if (page.name === 'listing') add('listing: first view total', page.totalFirstView <= BUDGETS.listingFirstView, kB(page.totalFirstView), kB(BUDGETS.listingFirstView))
    if (page.firstFlightHolds !== null && page.firstFlightHolds !== undefined)
      add(`${page.name}: header + first row in first 14 KB gzip`, page.firstFlightHolds, kB(page.firstFlightGzip), '14.3 kB')
  }
  for (const row of result.throttled ?? []) {
    if (row.name !== 'listing') continue
    const mode = row.js ? 'JS on' : 'JS off'
    add(`listing (${mode}): first product title`, row.firstTitleMs != null && row.firstTitleMs <= BUDGETS.listingFirstTitleMs, `${row.firstTitleMs} ms`, `${BUDGETS.listingFirstTitleMs} ms`)
    add(`listing (${mode}): LCP`, row.lcpMs != null && row.lcpMs <= BUDGETS.listingLcpMs, `${row.lcpMs} ms`, `${BUDGETS.listingLcpMs} ms`)
  }
  for (const row of result.lighthouse ?? []) {
    for (const key of ['performance', 'accessibility', 'bestPractices', 'seo']) {
      add(`Lighthouse ${row.name}: ${key}`, row[key] >= BUDGETS.lighthouseMin, row[key], `>= ${BUDGETS.lighthouseMin}`)
    }
  }
  for (const row of (result.ratio ?? []).filter((r) => !r.name.includes('not cached'))) {
    const min = row.name === 'products API' ? BUDGETS.apiRatioMin : BUDGETS.pageRatioMin
    add(`${row.name}: throughput vs plain node:http (phone headers)`, row.ratio >= min, row.ratio, `>= ${min}`)
  }
  const browse = result.mixedLoad?.browse
  if (browse?.p99Ms != null) add('browse p99, 32 mixed shoppers', browse.p99Ms <= BUDGETS.mixedBrowseP99Ms, `${browse.p99Ms} ms`, `${BUDGETS.mixedBrowseP99Ms} ms`)
  const mixedPeak = result.mixedLoad?.peakRssMb
  if (mixedPeak != null) add('RSS peak, 32 mixed shoppers', mixedPeak <= BUDGETS.peakMixedRssMb, `${mixedPeak} MB`, `${BUDGETS.peakMixedRssMb} MB`)
  const sale = result.saleDay
  if (sale) {
    add('sale day: errors', sale.errors === 0, sale.errors, 0)
    add('sale day: browse p99 (half signed in)', sale.browse.p99Ms <= BUDGETS.saleDayBrowseP99Ms, `${sale.browse.p99Ms} ms`, `${BUDGETS.saleDayBrowseP99Ms} ms`)
    add('sale day: checkout p99', sale.checkout.p99Ms <= BUDGETS.saleDayCheckoutP99Ms, `${sale.checkout.p99Ms} ms`, `${BUDGETS.saleDayCheckoutP99Ms} ms`)
    add('sale day: RSS peak', sale.peakRssMb <= BUDGETS.saleDayPeakRssMb, `${sale.peakRssMb} MB`, `${BUDGETS.saleDayPeakRssMb} MB`)
  }
  const memory = result.memory
  if (memory?.idleRssMb != null) add('RSS idle', memory.idleRssMb <= BUDGETS.idleRssMb, `${memory.idleRssMb} MB`, `${BUDGETS.idleRssMb} MB`)
  if (memory?.firstStartRssMb != null)
    add('RSS after first start (demo seed)', memory.firstStartRssMb <= BUDGETS.firstStartRssMb, `${memory.firstStartRssMb} MB`, `${BUDGETS.firstStartRssMb} MB`)
  if (memory?.peakLoadRssMb != null) add('RSS peak under load', memory.peakLoadRssMb <= BUDGETS.peakRssMb, `${memory.peakLoadRssMb} MB`, `${BUDGETS.peakRssMb} MB`)
  if (memory?.peakUploadRssMb != null)
    add('RSS peak during 12 MP upload', memory.peakUploadRssMb <= BUDGETS.peakUploadRssMb, `${memory.peakUploadRssMb} MB`, `${BUDGETS.peakUploadRssMb} MB`)
  return checks
}
