// Issue 20's ratio: the shop's throughput for an anonymous phone (a phone browser's headers, so
// brotli) against plain node:http answering the very same compressed bytes, measured in one run.
import { Agent, createServer, get, request } from 'node:http'
import autocannon from 'autocannon'
import { measureSaleDay } from './sale-day.mjs'
import { apiLogin, BENCH_SESSION_SECRET, cpuMs, withPeakRss } from './server.mjs'

/** What Chrome on an Android phone sends for a page. */
export const PHONE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'br, gzip, deflate',
  'accept-language': 'en-IN,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}

/** The raw answer (still compressed) and the headers that describe its bytes. */
function rawGet(url, headers) {
  return new Promise((done, fail) => {
    get(url, { headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', fail)
    }).on('error', fail)
  })
}

function run(url, { connections, seconds, headers }) {
  return new Promise((done, fail) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1, headers }, (error, result) => (error ? fail(error) : done(result)))
  })
}

async function plainServer(answer, port) {
  const head = { 'content-length': answer.body.length }
  for (const name of ['content-type', 'content-encoding', 'vary', 'etag']) if (answer.headers[name]) head[name] = answer.headers[name]
  const server = createServer((_req, res) => {
    res.writeHead(200, head)
    res.end(answer.body)
  })
  await new Promise((done) => server.listen(port, '127.0.0.1', done))
  return server
}

/**
 * For each target: one warm-up request, then `seconds` of autocannon at `connections` against the
 * shop and against the plain server with the same bytes; ratio = shop req/s / plain req/s.
 */
export async function measureRatio(baseUrl, targets, { connections = 10, seconds = 5, ceilingPort }) {
  const results = []
  for (const target of targets) {
    const headers = { ...PHONE_HEADERS, ...(target.api ? { accept: 'application/json' } : {}), ...(target.headers ?? {}) }
    const answer = await rawGet(baseUrl + target.path, headers)
    if (answer.status !== 200) throw new Error(`${target.path} answered ${answer.status}`)
    const plain = await plainServer(answer, ceilingPort)
    try {
      const shop = await run(baseUrl + target.path, { connections, seconds, headers })
      const ceiling = await run(`http://127.0.0.1:${ceilingPort}${target.path}`, { connections, seconds, headers })
      results.push({
        name: target.name,
        path: target.path,
        encoding: answer.headers['content-encoding'] ?? 'identity',
        bytes: answer.body.length,
        connections,
        rps: Math.round(shop.requests.average),
        p99Ms: shop.latency.p99,
        errors: shop.errors + shop.non2xx,
        ceilingRps: Math.round(ceiling.requests.average),
        ratio: Number((shop.requests.average / ceiling.requests.average).toFixed(3)),
      })
    } finally {
      await new Promise((done) => plain.close(done))
    }
  }
  return results
}

/**
 * The anonymous browse pages and the products API, as issue 20 measures them; with a signed-in
 * shopper's cookie, the same browse pages for her too (issue 29: the kept page with her header, ADR 076).
 */
export function ratioTargets(productPath, signedInCookie = null, pincodeCookie = null) {
  const signedIn = signedInCookie
    ? [
        { name: 'home, signed in', path: '/shop/home' },
        { name: 'listing, signed in', path: '/shop/listing' },
        { name: 'search, signed in', path: '/shop/search?keyword=ocean' },
        ...(productPath ? [{ name: 'product, signed in', path: productPath }] : []),
      ].map((target) => ({ ...target, headers: { cookie: signedInCookie } }))
    : []
  return [
    { name: 'home', path: '/shop/home' },
    { name: 'listing', path: '/shop/listing' },
    { name: 'search', path: '/shop/search?keyword=ocean' },
    ...(productPath ? [{ name: 'product', path: productPath }] : []),
    // A shopper who gave her pincode once: the next product page with its delivery line for her (ADR 085, ADR 106).
    ...(productPath && pincodeCookie ? [{ name: 'product, pincode remembered', path: productPath, headers: { cookie: pincodeCookie } }] : []),
    { name: 'products API', path: '/api/shop/products/get?page=1', api: true },
    // The same listing rendered afresh for every request (a cookie the shop does not know is never
    // answered from the cache): the figure before the cache.
    { name: 'listing, not cached', path: '/shop/listing', headers: { cookie: 'bench=uncached' } },
    ...signedIn,
  ]
}

/** The signed cookie a product page's delivery check sets, as a shopper's browser keeps it. */
async function pincodeCookie(url, productPath) {
  const answer = await fetch(`${url}${productPath}?pincode=560038`, { headers: PHONE_HEADERS })
  await answer.arrayBuffer()
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('delivery_pincode='))
  if (!cookie) throw new Error('The delivery check set no pincode cookie')
  return cookie.split(';')[0]
}

/**
 * Everything issue 20 measures on the server: the ratios, then the mixed sale-day load with the
 * serving process's peak RSS through it (`pid`; that process never seeded: ADR 044 runs the seed
 * in a child that exits, so its memory is what a first start leaves).
 */
export async function measureIssue20(url, { productPath, ceilingPort, quick, pid }) {
  const shopper = await apiLogin(url, 'shopper@resincraft.studio', 'shopper12345')
  const ratio = await measureRatio(url, ratioTargets(productPath, shopper.cookie, productPath ? await pincodeCookie(url, productPath) : null), {
    seconds: quick ? 2 : 5,
    ceilingPort,
  })
  const list = await (await fetch(`${url}/api/shop/products/get?page=1`)).json()
  const productIds = (list.data ?? []).slice(0, 6).map((p) => p._id)
  const admin = await apiLogin(url, 'admin@resincraft.studio', 'admin12345')
  const [mixedLoad, peakRssMb] = await withPeakRss(pid, () =>
    measureMixedLoad(url, {
      productPaths: productIds.map((id) => `/shop/product/${id}`),
      productIds,
      adminToken: admin.token,
      seconds: quick ? 15 : 60,
    }),
  )
  // Issue 29: half of the browsing signed in, 10% of it checking out and paying.
  // The server's CPU through the minute itself (not the shoppers' sign-ups): per request, a figure a
  // machine busy with other work changes far less than the latencies.
  let cpuAtStart = 0
  const [saleDay, saleDayPeakRssMb] = await withPeakRss(pid, () =>
    measureSaleDay(url, {
      adminToken: admin.token,
      sessionSecret: BENCH_SESSION_SECRET,
      seconds: quick ? 15 : 60,
      onStart: () => {
        cpuAtStart = cpuMs(pid)
      },
    }),
  )
  const requests = ['browseSignedIn', 'browseVisitor', 'api', 'cart', 'checkout'].reduce((sum, kind) => sum + saleDay[kind].requests, 0)
  saleDay.serverCpuMsPerRequest = requests ? Math.round(((cpuMs(pid) - cpuAtStart) / requests) * 100) / 100 : null
  return {
    ratio,
    mixedLoad: { ...mixedLoad, peakRssMb: Math.round(peakRssMb * 10) / 10 },
    saleDay: { ...saleDay, peakRssMb: Math.round(saleDayPeakRssMb * 10) / 10 },
  }
}

// `node bench/lib/ratio.mjs http://127.0.0.1:3210 [seconds] [ceilingPort]`: the ratio against a running shop.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3210', seconds = '5', port = '3441'] = process.argv.slice(2)
  const rows = await measureRatio(base, ratioTargets(null), { seconds: Number(seconds), ceilingPort: Number(port) })
  console.table(rows)
}

/** One request on a keep-alive agent; the body is read and dropped (never decompressed). */
function timedRequest(agent, base, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((done) => {
    const started = performance.now()
    const req = request(base + path, { method, agent, headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      res.on('data', () => {})
      res.on('end', () => done({ ms: performance.now() - started, status: res.statusCode, cookies: res.headers['set-cookie'] ?? [] }))
    })
    req.on('error', () => done({ ms: performance.now() - started, status: 0, cookies: [] }))
    req.end(body)
  })
}

const percentile = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] * 10) / 10 : null)

/**
 * Issue 20's sale-day mix: `concurrency` shoppers for `seconds`, each request 60% a browse page
 * (home, listing, a filtered listing, search, a product; a phone's headers), 25% a catalogue API
 * call and 15% a guest cart (add by the page form, then the cart page), while the admin changes a
 * product's stock every 2 s (each change drops every cached page). Reports the browse pages' p50/p99.
 */
export async function measureMixedLoad(baseUrl, { productPaths, productIds, adminToken, concurrency = 32, seconds = 60 }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency + 2 })
  const browse = ['/shop/home', '/shop/listing', '/shop/listing?category=jewellery&sortBy=price-lowtohigh', '/shop/search?keyword=ocean', ...productPaths]
  const api = ['/api/shop/products/get?page=1', '/api/shop/search/ocean?page=1', ...productIds.map((id) => `/api/shop/products/get/${id}`)]
  const times = { browse: [], api: [], cart: [] }
  let errors = 0
  let stockChanges = 0
  const end = Date.now() + seconds * 1000
  const pick = (list) => list[Math.floor(Math.random() * list.length)]
  const shopper = async () => {
    let cookie = ''
    while (Date.now() < end) {
      const roll = Math.random()
      let answer
      if (roll < 0.6) {
        answer = await timedRequest(agent, baseUrl, pick(browse), { headers: { ...PHONE_HEADERS, ...(cookie ? { cookie } : {}) } })
        times.browse.push(answer.ms)
      } else if (roll < 0.85) {
        answer = await timedRequest(agent, baseUrl, pick(api), { headers: { ...PHONE_HEADERS, accept: 'application/json' } })
        times.api.push(answer.ms)
      } else {
        const form = new URLSearchParams({ intent: 'add', productId: pick(productIds), redirectTo: '/shop/cart' }).toString()
        answer = await timedRequest(agent, baseUrl, '/shop/cart', {
          method: 'POST',
          body: form,
          headers: { ...PHONE_HEADERS, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        })
        const session = answer.cookies.find((c) => c.startsWith('__session='))
        if (session) cookie = session.split(';')[0]
        times.cart.push(answer.ms)
      }
      if (answer.status === 0 || answer.status >= 500) errors++
    }
  }
  const admin = async () => {
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, 2000))
      const id = pick(productIds)
      const stock = 20 + (stockChanges % 5)
      const answer = await timedRequest(agent, baseUrl, `/api/admin/products/edit/${id}`, {
        method: 'PUT',
        body: JSON.stringify({ totalStock: stock }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      })
      if (answer.status === 200) stockChanges++
    }
  }
  await Promise.all([...Array.from({ length: concurrency }, shopper), admin()])
  agent.destroy()
  const summary = (list) => {
    const sorted = [...list].sort((a, b) => a - b)
    return { requests: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) }
  }
  return { concurrency, seconds, errors, stockChanges, browse: summary(times.browse), api: summary(times.api), cart: summary(times.cart) }
}
