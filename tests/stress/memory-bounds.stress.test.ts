// Anonymous GETs must not grow the server's memory without bound: many unique bogus paths (long
// asset names, random uploads, random product ids, random listing queries) against the built server,
// with the heap cap `npm start` uses, and its RSS read from /proc before and after.
// `MEMORY_PATHS=100000 npx vitest run tests/integration/memory-bounds.test.ts` for the long run.
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { START_NODE_FLAGS, startServer, type RunningServer } from '../integration/server'

const PATHS = Number(process.env.MEMORY_PATHS ?? 5000)
const WARM_UP = 1000
/** RSS the server may gain after warming up, whatever the number of paths. */
const ALLOWED_GROWTH_MB = 64

let server: RunningServer
const agent = new Agent({ keepAlive: true, maxSockets: 8 })

beforeAll(async () => {
  server = await startServer({}, { nodeArgs: START_NODE_FLAGS })
}, 180_000)
afterAll(async () => {
  agent.destroy()
  await server?.stop()
})

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
  return Math.round(kb / 1024)
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
function random(length: number): string {
  let text = ''
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(Math.random() * ALPHABET.length)]
  return text
}

/** The i-th bogus path: six in ten are 16,000-character asset names, the rest other unbounded url shapes. */
function bogusPath(i: number): string {
  switch (i % 10) {
    case 6:
      return `/assets/${random(40)}-${i}.css?v=${random(20)}`
    case 7:
      return `/uploads/${random(64)}-${i}.webp`
    case 8:
      return `/shop/product/${random(2_000)}${i}`
    case 9:
      return `/shop/listing?${random(12)}=${random(200)}&page=${i}&sort=${random(8)}`
    default:
      return `/assets/${random(16_000)}${i}.js`
  }
}

function get(path: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(`${server.url}${path}`, { agent, headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      res.resume()
      res.on('end', () => done(res.statusCode ?? 0))
    })
    req.on('error', fail)
    req.end()
  })
}

async function sendMany(from: number, count: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>()
  let next = from
  const worker = async () => {
    while (next < from + count) {
      const status = await get(bogusPath(next++))
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return statuses
}

it(`keeps RSS bounded over ${PATHS} unique bogus paths`, async () => {
  const started = rssMb(server.pid)
  await sendMany(0, WARM_UP)
  const warm = rssMb(server.pid)
  const startedAt = Date.now()
  const statuses = await sendMany(WARM_UP, PATHS)
  const after = rssMb(server.pid)
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1)
  console.log(
    `MEMORY: ${PATHS} bogus paths in ${seconds} s; RSS ${started} MB at start, ${warm} MB after ${WARM_UP} warm-up requests, ${after} MB after; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  )
  // Bogus paths are answered (a 404, or the listing ignoring unknown filters), never with a 500.
  expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([])
  expect(after - warm).toBeLessThan(ALLOWED_GROWTH_MB)
}, Math.max(600_000, PATHS * 40))
