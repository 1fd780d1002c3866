// Lighthouse 12 (node API, mobile preset with its simulated throttling) on Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser.mjs'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

export async function measureLighthouse(baseUrl, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  const results = []
  try {
    for (const page of pages) {
      const runner = await lighthouse(baseUrl + page.path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      })
      const lhr = runner.lhr
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => a.id)
      results.push({
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
      })
    }
  } finally {
    await chrome.kill()
  }
  return results
}
