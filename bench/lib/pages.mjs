// Bytes per page: the HTML (raw, gzip, brotli), and what a 390 px phone loads on first view, by type.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { cookiesFor, launchChromium, PHONE } from './browser.mjs'

const gzip = (buffer) => gzipSync(buffer, { level: 6 }).length
const brotli = (buffer) =>
  brotliCompressSync(buffer, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
  }).length

/** The first TCP round trip's worth of compressed HTML (10 segments of ~1.4 KB). */
export const FIRST_FLIGHT_BYTES = 14 * 1024

const TITLE_MARK = 'elementtiming="product-title"'

/**
 * Does the first 14 KB of the gzip HTML hold the header and the first row of products? Gzips the
 * prefix up to the end of the `row`-th product title (2 per row on a phone) and compares.
 */
export function firstFlight(html, row = 2) {
  const headerEnd = html.indexOf('</header>')
  let at = -1
  for (let i = 0; i < row; i++) {
    at = html.indexOf(TITLE_MARK, at + 1)
    if (at < 0) break
  }
  if (headerEnd < 0 || at < 0) return { applies: false, prefixGzip: null, holds: null }
  const end = html.indexOf('</h', at)
  const prefixGzip = gzip(Buffer.from(html.slice(0, Math.max(end, headerEnd))))
  return { applies: true, prefixGzip, holds: prefixGzip <= FIRST_FLIGHT_BYTES }
}

async function htmlBytes(url, cookie) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
  const body = Buffer.from(await response.arrayBuffer())
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    html: body.toString('utf8'),
    raw: body.length,
    gzip: gzip(body),
    brotli: brotli(body),
  }
}

function kind(type, url) {
  if (type === 'document') return 'html'
  if (type === 'script') return 'js'
  if (type === 'stylesheet') return 'css'
  if (type === 'image' || /\.(webp|avif|png|jpe?g|svg|gif)(\?|$)/.test(url)) return 'image'
  if (type === 'font') return 'font'
  return 'other'
}

/** Loads each page once (no throttling, empty cache) and sums what arrives before the network is idle. */
export async function measurePages(baseUrl, pages) {
  const browser = await launchChromium()
  const results = []
  try {
    for (const page of pages) {
      const url = baseUrl + page.path
      const html = await htmlBytes(url, page.cookie)
      const context = await browser.newContext({ ...PHONE })
      await context.addCookies(cookiesFor(baseUrl, page.cookie))
      const tab = await context.newPage()
      const pending = []
      const sums = { js: 0, css: 0, image: 0, font: 0, other: 0 }
      const jsFiles = []
      let requests = 0
      tab.on('requestfinished', (request) => {
        requests++
        const type = kind(request.resourceType(), request.url())
        if (type === 'html') return
        pending.push(
          (async () => {
            const response = await request.response()
            const body = await response?.body().catch(() => null)
            if (!body) return
            const bytes = type === 'image' || type === 'font' ? body.length : gzip(body)
            sums[type] += bytes
            if (type === 'js') jsFiles.push([new URL(request.url()).pathname, bytes])
          })(),
        )
      })
      if (process.env.BENCH_DEBUG) console.error('goto', url)
      await tab.goto(url, { waitUntil: 'networkidle' })
      if (process.env.BENCH_DEBUG) console.error('loaded', url, pending.length)
      await tab.waitForTimeout(300)
      await Promise.all(pending)
      await context.close()
      const flight = firstFlight(html.html, 2)
      results.push({
        name: page.name,
        path: page.path,
        status: html.status,
        cacheControl: html.cacheControl,
        htmlRaw: html.raw,
        htmlGzip: html.gzip,
        htmlBrotli: html.brotli,
        jsGzip: sums.js,
        cssGzip: sums.css,
        imageBytes: sums.image,
        otherBytes: sums.font + sums.other,
        totalFirstView: html.gzip + sums.js + sums.css + sums.image + sums.font + sums.other,
        requests,
        firstFlightGzip: flight.prefixGzip,
        firstFlightHolds: flight.holds,
        jsFiles: jsFiles.sort((a, b) => b[1] - a[1]),
      })
    }
  } finally {
    await browser.close()
  }
  return results
}
