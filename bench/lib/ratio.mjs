// Issue 20's ratio: the shop's throughput for an anonymous phone (a phone browser's headers, so
// brotli) against plain node:http answering the very same compressed bytes, measured in one run.
import { get, createServer } from 'node:http'
import autocannon from 'autocannon'

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
    const headers = { ...PHONE_HEADERS, ...(target.api ? { accept: 'application/json' } : {}) }
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

/** The anonymous browse pages and the products API, as issue 20 measures them. */
export function ratioTargets(productPath) {
  return [
    { name: 'home', path: '/shop/home' },
    { name: 'listing', path: '/shop/listing' },
    { name: 'search', path: '/shop/search?keyword=ocean' },
    ...(productPath ? [{ name: 'product', path: productPath }] : []),
    { name: 'products API', path: '/api/shop/products/get?page=1', api: true },
    // The same listing rendered afresh for every request (an odd query is never kept): the figure before the cache.
    { name: 'listing, not cached', path: '/shop/listing?utm_source=bench' },
  ]
}

// `node bench/lib/ratio.mjs http://127.0.0.1:3210 [seconds] [ceilingPort]`: the ratio against a running shop.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3210', seconds = '5', port = '3441'] = process.argv.slice(2)
  const rows = await measureRatio(base, ratioTargets(null), { seconds: Number(seconds), ceilingPort: Number(port) })
  console.table(rows)
}
