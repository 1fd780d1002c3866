// The page cache's real memory under endless unique catalogue URLs (ADR 049): 100,000
// anonymous /api catalogue calls, each URL unique (`page=01` for `page=1`, stray commas, filters in
// another order, unique search keywords, other Host and X-Forwarded-Host values),
// against the built server with the heap cap `npm start` uses. Its RSS, read from /proc, must end
// within 40 MB of where it started. Requests go pipelined over a few keep-alive sockets: one
// connection (or fetch) per request would measure the client, not the cache.
// `CATALOGUE_URLS=20000 npm run test:stress -- page-cache-memory` for a shorter run.
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { insertProducts } from '../helpers/fixtures'
import { openDatabase } from '../../db/database'
import { START_NODE_FLAGS, startServer, type RunningServer } from '../integration/server'

const URLS = Number(process.env.CATALOGUE_URLS ?? 100_000)
const WARM_UP = Number(process.env.WARM_UP ?? 3_000)
/**
 * What the server's RSS may gain over the URLs: the page cache's 32 MiB of entries, and the heap's
 * room before its next full collection (`npm start` lets V8 grow the heap to twice what the last one
 * left before it collects again, ADR 108: about 25 MB more than V8's own choice here).
 */
const ALLOWED_GROWTH_MB = 64
const SOCKETS = 4
/** Requests each socket has on the wire before reading the answers. */
const PIPELINE = 16
/** RSS is read after each slice of this many URLs. */
const SLICE = 2_000

let server: RunningServer
let port = 0

beforeAll(async () => {
  server = await startServer({}, { nodeArgs: START_NODE_FLAGS })
  port = Number(new URL(server.url).port)
  const db = openDatabase(server.database)
  await insertProducts(
    db,
    Array.from({ length: 30 }, (_, i) => ({ id: `piece-${i}`, category: i % 2 ? ('jewellery' as const) : ('home-decor' as const), price: 50_000 + i * 1_000, stock: i })),
  )
  await db.destroy()
}, 180_000)
afterAll(async () => {
  await server?.stop()
})

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
  return Math.round(kb / 1024)
}

interface Call {
  path: string
  headers?: Record<string, string>
}

/**
 * The i-th unique catalogue URL. Nearly all are products-API calls spelled one of 180,000 ways (a
 * padded page number, stray commas in the filter list, the filters in either order) that ask for one
 * of six answers; one in a hundred is a search nobody made before (an answer of its own, small), one
 * in two hundred names another host (Host, or X-Forwarded-Host from the trusted loopback), one in a
 * hundred a product's reviews with a padded page.
 */
function catalogueCall(i: number): Call {
  switch (i % 100) {
    case 0:
      return { path: `/api/shop/search/piece${i}` }
    case 1:
      if (i % 200 === 1) return { path: '/api/common/feature/get?page=1', headers: i % 400 === 1 ? { Host: `shop-${i}.example:${port}` } : { 'X-Forwarded-Host': `shop-${i}.example` } }
      return productsCall(i)
    case 2:
      return { path: `/api/shop/review/piece-${Math.floor(i / 100) % 30}?page=${'0'.repeat(Math.floor(i / 3_000) % 39)}${1 + (Math.floor(i / 117_000) % 3)}` }
    default:
      return productsCall(i)
  }
}

/** A products-API call for one of six answers, spelled one of 180,000 ways. */
function productsCall(i: number): Call {
  const commas = (n: number) => ','.repeat(n)
  const page = 1 + (i % 3)
  const zeros = Math.floor(i / 3) % 39
  const k = Math.floor(i / 117)
  const [first, second] = Math.floor(k / 384) % 2 ? ['home-decor', 'jewellery'] : ['jewellery', 'home-decor']
  const category = `${commas(k % 8)}${first}${commas(1 + (Math.floor(k / 8) % 8))}${second}${commas(Math.floor(k / 64) % 6)}`
  const sort = Math.floor(k / 768) % 2 ? '&sortBy=price-hightolow' : ''
  return { path: `/api/shop/products/get?category=${category}${sort}&page=${'0'.repeat(zeros)}${page}` }
}

/** Where the answer at the start of `bytes` ends (Content-Length or chunked), or -1 while it is incomplete. */
function answerEnd(bytes: Buffer): number {
  const end = bytes.indexOf('\r\n\r\n')
  if (end === -1) return -1
  const head = bytes.subarray(0, end).toString('latin1')
  let at = end + 4
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) {
    at += Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
    return bytes.length < at ? -1 : at
  }
  for (;;) {
    const line = bytes.indexOf('\r\n', at)
    if (line === -1) return -1
    const size = Number.parseInt(bytes.subarray(at, line).toString('latin1'), 16)
    at = line + 2 + size + 2
    if (bytes.length < at) return -1
    if (size === 0) return at
  }
}

/** One keep-alive socket sending `calls` pipelined, PIPELINE ahead; resolves to the answers' statuses. */
function lane(calls: Call[]): Promise<Map<number, number>> {
  return new Promise((done, fail) => {
    const statuses = new Map<number, number>()
    const socket = connect(port, '127.0.0.1')
    let sent = 0
    let answered = 0
    let pending: Buffer = Buffer.alloc(0)
    const sendMore = () => {
      let out = ''
      while (sent < calls.length && sent - answered < PIPELINE) {
        const { path, headers = {} } = calls[sent++] as Call
        const lines = Object.entries({ Host: `127.0.0.1:${port}`, 'Accept-Encoding': 'br, gzip', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`)
        out += `GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`
      }
      if (out) socket.write(out)
    }
    socket.on('connect', sendMore)
    socket.on('error', fail)
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
      for (let end = answerEnd(pending); end !== -1; end = answerEnd(pending)) {
        const status = Number(pending.subarray(9, 12).toString('latin1'))
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        pending = pending.subarray(end)
        answered++
      }
      if (answered === calls.length) {
        socket.end()
        done(statuses)
      } else sendMore()
    })
  })
}

async function sendMany(from: number, count: number): Promise<Map<number, number>> {
  const calls = Array.from({ length: count }, (_, k) => catalogueCall(from + k))
  const statuses = new Map<number, number>()
  for (const lanes of await Promise.all(Array.from({ length: SOCKETS }, (_, s) => lane(calls.filter((_, k) => k % SOCKETS === s))))) {
    for (const [status, n] of lanes) statuses.set(status, (statuses.get(status) ?? 0) + n)
  }
  return statuses
}

it(`keeps the page cache's real memory bounded over ${URLS} unique catalogue URLs`, async () => {
  // Warm-up: the code paths, the database's pages and the canonical answers, with URLs past the measured ones.
  await sendMany(URLS, WARM_UP)
  const started = rssMb(server.pid)
  const startedAt = Date.now()
  const statuses = new Map<number, number>()
  let peak = started
  // In slices, so that a cache that outgrows its bound fails fast instead of filling the machine.
  for (let from = 0; from < URLS && peak - started < 4 * ALLOWED_GROWTH_MB; from += SLICE) {
    for (const [status, n] of await sendMany(from, Math.min(SLICE, URLS - from))) statuses.set(status, (statuses.get(status) ?? 0) + n)
    peak = Math.max(peak, rssMb(server.pid))
  }
  const after = rssMb(server.pid)
  const sent = [...statuses.values()].reduce((sum, n) => sum + n, 0)
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1)
  console.log(
    `PAGE CACHE MEMORY: ${sent} unique catalogue URLs in ${seconds} s; RSS ${started} MB after ${WARM_UP} warm-up requests, peak ${peak} MB, ${after} MB after; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  )
  expect(after - started).toBeLessThan(ALLOWED_GROWTH_MB)
  expect(sent).toBe(URLS)
  expect([...statuses.keys()]).toEqual([200])
}, 300_000)
