// Throughput and latency on loopback (autocannon), against a plain node:http server returning the
// same bytes: the ratio shows how close the shop gets to the machine's ceiling.
import { createServer } from 'node:http'
import autocannon from 'autocannon'

function run(url, connections, seconds) {
  return new Promise((done, fail) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) => {
      if (error) fail(error)
      else done(result)
    })
  })
}

/** A server answering every request with one fixed response. */
async function plainServer(body, contentType, port) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length })
    res.end(body)
  })
  await new Promise((done) => server.listen(port, '127.0.0.1', done))
  return server
}

export async function measureLoad(baseUrl, targets, { connections, seconds, ceilingPort }) {
  const results = []
  for (const target of targets) {
    const response = await fetch(baseUrl + target.path)
    const body = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`)
    const plain = await plainServer(body, response.headers.get('content-type') ?? 'text/plain', ceilingPort)
    try {
      for (const c of connections) {
        const shop = await run(baseUrl + target.path, c, seconds)
        const ceiling = await run(`http://127.0.0.1:${ceilingPort}${target.path}`, c, seconds)
        results.push({
          name: target.name,
          path: target.path,
          bytes: body.length,
          connections: c,
          rps: Math.round(shop.requests.average),
          p50Ms: shop.latency.p50,
          p99Ms: shop.latency.p99,
          errors: shop.errors + shop.non2xx,
          ceilingRps: Math.round(ceiling.requests.average),
          ceilingP50Ms: ceiling.latency.p50,
          ceilingP99Ms: ceiling.latency.p99,
          ceilingRatio: Number((shop.requests.average / ceiling.requests.average).toFixed(3)),
        })
      }
    } finally {
      await new Promise((done) => plain.close(done))
    }
  }
  return results
}
