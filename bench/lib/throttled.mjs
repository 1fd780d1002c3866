// Paint timings under a slow phone network: 400 ms latency, 400 kbit/s down, 4x CPU slowdown (CDP).
import { cookiesFor, launchChromium, PHONE } from './browser.mjs'

export const THROTTLING = { latencyMs: 400, downKbps: 400, upKbps: 400, cpuSlowdown: 4 }

const median = (values) => {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b)
  if (!sorted.length) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Long tasks are only buffered for observers registered before they run: one per document. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]) })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
`

/** Reads the buffered paint entries of the loaded page (works with page scripts disabled too). */
async function readTimings(tab) {
  // Synchronous on purpose: with page scripts disabled, timers never fire inside evaluate.
  return tab.evaluate(() => {
    const entries = (type) => {
      try {
        const observer = new PerformanceObserver(() => {})
        observer.observe({ type, buffered: true })
        const records = observer.takeRecords()
        observer.disconnect()
        return records
      } catch {
        return []
      }
    }
    const titles = entries('element')
    const lcp = entries('largest-contentful-paint')
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]
    const firstTitle = titles
      .filter((e) => e.identifier === 'product-title')
      .map((e) => e.renderTime || e.loadTime)
      .sort((a, b) => a - b)[0]
    const lastLcp = lcp.at(-1)
    return {
      firstTitle: firstTitle ?? null,
      lcp: lastLcp ? lastLcp.renderTime || lastLcp.startTime : null,
      lcpElement: lastLcp?.element ? `${lastLcp.element.tagName.toLowerCase()}${lastLcp.url ? ' (image)' : ''}` : null,
      fcp: fcp?.startTime ?? null,
      longTasks: window.__longTasks ?? [],
    }
  })
}

/** Total blocking time: the part of each long task beyond 50 ms, after the first contentful paint. */
function totalBlockingTime(longTasks, fcp) {
  let total = 0
  for (const [start, duration] of longTasks) {
    if (fcp != null && start + duration < fcp) continue
    total += Math.max(0, duration - 50)
  }
  return total
}

/** One cold load of a page; page scripts on or off. */
async function oneRun(browser, url, javaScriptEnabled, cookie) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled })
  await context.addCookies(cookiesFor(new URL(url).origin, cookie))
  const tab = await context.newPage()
  if (javaScriptEnabled) await tab.addInitScript(OBSERVE_LONG_TASKS)
  const cdp = await context.newCDPSession(tab)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downKbps * 1000) / 8,
    uploadThroughput: (THROTTLING.upKbps * 1000) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown })
  try {
    if (process.env.BENCH_DEBUG) console.error('throttled goto', url, javaScriptEnabled)
    await tab.goto(url, { waitUntil: 'load', timeout: 60_000 })
    // Let hydration and late paints settle before reading the buffered entries.
    await tab.waitForTimeout(1500)
    const timings = await readTimings(tab)
    return { ...timings, tbt: javaScriptEnabled ? totalBlockingTime(timings.longTasks, timings.fcp) : 0 }
  } finally {
    await context.close()
  }
}

/** Median of `runs` cold loads per page, JS on and off. */
export async function measureThrottled(baseUrl, pages, runs) {
  const browser = await launchChromium()
  const results = []
  try {
    for (const page of pages) {
      for (const js of [true, false]) {
        const samples = []
        for (let i = 0; i < runs; i++) samples.push(await oneRun(browser, baseUrl + page.path, js, page.cookie))
        results.push({
          name: page.name,
          path: page.path,
          js,
          runs,
          firstTitleMs: round(median(samples.map((s) => s.firstTitle))),
          fcpMs: round(median(samples.map((s) => s.fcp))),
          lcpMs: round(median(samples.map((s) => s.lcp))),
          lcpElement: samples.at(-1)?.lcpElement ?? null,
          tbtMs: round(median(samples.map((s) => s.tbt))),
        })
      }
    }
  } finally {
    await browser.close()
  }
  return results
}

const round = (v) => (v == null ? null : Math.round(v))
