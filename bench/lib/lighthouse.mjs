// Lighthouse 12 (node API, mobile preset with its simulated throttling) on Debian's Chromium.
//
// One Lighthouse run is noisy: its simulated throttling multiplies the CPU time the page really took
// on this machine by four, so a busy moment adds tens of ms of total blocking time, and a score of
// 100 or 99 can flip between two runs of the same build. Like Lighthouse CI (numberOfRuns 3, the
// median run), each page is measured `runs` times, the pages taking turns, and the median run by
// performance score is reported; every run's score is kept beside it (docs/decisions/047-*.md).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

export async function measureLighthouse(baseUrl, pages, runs = 3) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  const measured = new Map(pages.map((page) => [page.name, []]))
  try {
    for (let round = 0; round < runs; round++) {
      for (const page of pages) {
        let result = await measureOnce(chrome.port, baseUrl, page)
        // A run Lighthouse could not finish (runtimeError: it scored nothing) is run once more; the
        // failed run stays in the list, so the report prints it.
        if (result.runtimeError) {
          measured.get(page.name).push(result)
          result = await measureOnce(chrome.port, baseUrl, page)
        }
        measured.get(page.name).push(result)
      }
    }
  } finally {
    await chrome.kill()
  }
  return pages.map((page) => medianRun(measured.get(page.name)))
}

/**
 * The middle run by performance score (ties: by total blocking time) of the runs Lighthouse
 * finished, with every run's score and every failed run's error.
 */
export function medianRun(results) {
  const finished = results.filter((r) => !r.runtimeError)
  const sorted = [...(finished.length ? finished : results)].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs)
  const median = sorted[Math.floor((sorted.length - 1) / 2)]
  return {
    ...median,
    runs: finished.length,
    performanceRuns: results.map((r) => r.performance),
    tbtRuns: results.map((r) => r.tbtMs),
    runErrors: results.filter((r) => r.runtimeError).map((r) => `${r.runtimeError}: ${r.runtimeErrorMessage}`),
  }
}

async function measureOnce(port, baseUrl, page) {
  const runner = await lighthouse(baseUrl + page.path, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
  const lhr = runner.lhr
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => a.id)
  return {
    name: page.name,
    path: page.path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    failing,
    runtimeError: lhr.runtimeError?.code ?? null,
    runtimeErrorMessage: lhr.runtimeError?.message ?? null,
  }
}
