// Parser timing: the worst bodies of at most 1 MB (huge and many list indexes, long field paths, many
// repeated keys, many fields, deep JSON nesting, huge JSON arrays and objects, a form intent naming a
// huge index) sent to every route that reads a body, as the role that gets as far as its parser. While
// each is handled, a trivial GET is sent again and again: the slowest of them is how long the event loop
// was blocked, and must stay under 100 ms. Nothing may grow without bound: no 5xx, answers stay small,
// the server keeps its memory and stays up.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BLOCK_BUDGET_MS, fill, MB, sendOnOwnConnection, slowestProbeDuring } from '../helpers/parser-timing'
import { moduleHasActionSync, routePaths } from '../helpers/route-paths'
import { ADMIN, ADMIN_ENV, Browser, expectNoStackTrace, type Holdings, shopperWithHoldings } from '../helpers/shop-client'
import { START_NODE_FLAGS, startServer, type RunningServer } from '../integration/server'

let server: RunningServer
let shopper: Holdings
let admin: Browser

beforeAll(async () => {
  // The heap limit `npm start` gives the shop (package.json): with V8's default of several GB the
  // collector lets garbage pile up, and RSS measures laziness instead of what the parsers keep.
  server = await startServer({ SEED_DEMO: '1', ...ADMIN_ENV, AUTH_RATE_LIMIT: '100000' }, { nodeArgs: START_NODE_FLAGS })
  shopper = await shopperWithHoldings(server.url, 'Timing')
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
}, 180_000)
afterAll(async () => {
  await server?.stop()
})

interface Attack {
  name: string
  type: string
  body: string | Uint8Array<ArrayBuffer>
  /** The Content-Type of a multipart body (with its boundary). */
  contentType?: string
}

/**
 * A form encoded once, up front: encoding 8,000 parts costs the test process tens of milliseconds, and
 * done during the request it would delay the probes (which run in this process) and be counted as the
 * server's block.
 */
async function encodedMultipart(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const response = new Response(form)
  return { body: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? '' }
}

const MANY_PARTS = await encodedMultipart(
  (() => {
    const form = new FormData()
    form.append('email', 'x')
    for (let i = 0; i < 8_000; i++) form.append(`colors[${i % 200}]`, 'x')
    return form
  })(),
)

const BASE = 'email=x&password=y&intent=address-add&'

/** url-encoded and multipart bodies for the HTML actions (and the /api routes that take forms). */
const FORM_ATTACKS: Attack[] = [
  { name: 'index 1,000,000', type: 'form', body: `${BASE}a[1000000]=1` },
  { name: 'index 4294967294', type: 'form', body: `${BASE}a[4294967294]=1` },
  { name: 'huge indexes on known lists', type: 'form', body: `${BASE}colors[99999999]=x&varieties[99999999].name=x&images[4294967294]=x` },
  { name: 'many indexes', type: 'form', body: fill((i) => `a[${i}]=1`, MB - 256, BASE) },
  { name: 'many indexes on a known list', type: 'form', body: fill((i) => `colors[${i}]=x`, MB - 256, BASE) },
  { name: 'many repeated keys', type: 'form', body: fill(() => 'email=x', MB - 256, BASE) },
  { name: 'many distinct fields', type: 'form', body: fill((i) => `f${i}=`, MB - 256, BASE) },
  { name: 'long dotted path', type: 'form', body: `${BASE}${'a.'.repeat(400_000)}a=1` },
  { name: 'long bracket path', type: 'form', body: `${BASE}a${'[0]'.repeat(300_000)}=1` },
  {
    name: 'intent with a huge index',
    type: 'form',
    body: `${BASE}__intent__=${encodeURIComponent(JSON.stringify({ type: 'update', payload: { name: 'colors[99999999]', value: 'x' } }))}`,
  },
  {
    name: 'intent inserting a deep value',
    type: 'form',
    body: `${BASE}__intent__=${encodeURIComponent(JSON.stringify({ type: 'insert', payload: { name: 'colors' } }).replace('}}', `,"defaultValue":${'['.repeat(150_000)}${']'.repeat(150_000)}}}`))}`,
  },
  { name: 'multipart with many tiny parts', type: 'multipart', body: MANY_PARTS.body, contentType: MANY_PARTS.contentType },
]

/** JSON bodies for /api. */
const JSON_ATTACKS: Attack[] = [
  { name: 'deep array nesting', type: 'json', body: `${'['.repeat(500_000)}${']'.repeat(500_000)}` },
  { name: 'deep object nesting', type: 'json', body: `${'{"a":'.repeat(170_000)}1${'}'.repeat(170_000)}` },
  { name: 'huge array in a field', type: 'json', body: `{"images":[${fill(() => '"x"', MB - 64).replaceAll('&', ',')}]}` },
  { name: 'many keys', type: 'json', body: `{${fill((i) => `"k${i}":0`, MB - 64).replaceAll('&', ',')}}` },
  { name: 'many repeated keys', type: 'json', body: `{${fill(() => '"email":"x"', MB - 64).replaceAll('&', ',')}}` },
  { name: 'array-like keys', type: 'json', body: `{"4294967294":1,"colors":{"99999999":"x"},"a[99999999]":1}` },
]

/** The role whose request reaches the route's parser. */
function clientFor(path: string): Browser {
  if (path.startsWith('/admin') || path.startsWith('/api/admin') || path.startsWith('/api/common')) return admin
  if (path.startsWith('/auth') || path.startsWith('/api/auth') || path.includes('razorpay/webhook') || path.includes('payment/callback')) {
    return new Browser(server.url)
  }
  return shopper.browser
}

/** What a browser adds to a form post: its cookies (not for /api, which goes by the Bearer token) and its Origin. */
function sameOrigin(client: Browser, path: string): Record<string, string> {
  const headers: Record<string, string> = { Origin: server.url }
  if (!path.startsWith('/api/') && client.jar.size > 0) headers.Cookie = client.cookieHeader()
  return headers
}

function methodFor(path: string): string {
  if (!path.startsWith('/api/')) return 'POST'
  if (/\/(update|edit)\b/.test(path)) return 'PUT'
  if (/\/delete\b/.test(path) || path === '/api/shop/cart/:userId/:productId') return 'DELETE'
  return 'POST'
}

/** Own ids get past the ownership checks to the parser; a DELETE names nobody's record (it must not delete). */
function concrete(path: string, method: string): string {
  if (method === 'DELETE') return path.replace(/:[A-Za-z]+\??/g, 'x1')
  const ids: Record<string, string> = {
    userId: shopper.userId,
    addressId: shopper.addressId,
    productId: shopper.productId,
    id: shopper.productId,
    orderId: shopper.orderId,
  }
  return path.replace(/:([A-Za-z]+)\??/g, (_, name: string) => ids[name] ?? 'x1').replace('*', 'anything')
}

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** Every route with an action, the method and concrete path that reach its parser, and its attacks. */
function targetsOf(): { path: string; method: string; attacks: Attack[] }[] {
  const targets: { path: string; method: string; attacks: Attack[] }[] = []
  for (const { path, file, layout } of routePaths()) {
    if (layout || !moduleHasActionSync(file)) continue
    const method = methodFor(path)
    const takesForms = !path.startsWith('/api/') || path.startsWith('/api/auth/')
    const attacks = [...(takesForms ? FORM_ATTACKS : []), ...(path.startsWith('/api/') ? JSON_ATTACKS : [])]
    targets.push({ path, method, attacks })
  }
  return targets
}

// One test per route, each with its own time limit: a loaded machine slows the whole sweep (each body
// is tried up to three times there), and a single limit over all of it said nothing about where.
describe('parsers under worst-case bodies: never block the event loop for more than 100 ms, never answer 5xx', () => {
  let rssBefore = 0
  const timings: { label: string; slowest: number }[] = []
  beforeAll(async () => {
    // Warm up (first requests compile code paths), then take the memory baseline.
    for (let i = 0; i < 5; i++) {
      await fetch(`${server.url}/favicon.svg`)
        .then((r) => r.arrayBuffer())
        .catch(() => undefined)
    }
    rssBefore = rssMb()
  })

  for (const target of targetsOf()) {
    it(`${target.method} ${target.path}`, { timeout: 240_000 }, async () => {
      const { method, attacks } = target
      const path = concrete(target.path, method)
      const failures: string[] = []
      for (const attack of attacks) {
        const label = `${method} ${path.slice(0, 60)} ${attack.name}`
        const headers: Record<string, string> = attack.type === 'json' ? { 'Content-Type': 'application/json' } : attack.type === 'form' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : { 'Content-Type': attack.contentType ?? '' }
        const client = clientFor(path)
        if (path.startsWith('/api/') && client.token) headers.Authorization = `Bearer ${client.token}`
        // The machine is shared: the best of three tries is the parser's own cost.
        let best = Number.POSITIVE_INFINITY
        for (let attempt = 0; attempt < 3 && best > BLOCK_BUDGET_MS; attempt++) {
          const { result: answer, slowest } = await slowestProbeDuring(
            server.url,
            Promise.race([
              sendOnOwnConnection(server.url + path, { method, headers: { ...headers, ...sameOrigin(client, path) }, body: attack.body }),
              new Promise<never>((_, fail) => setTimeout(() => fail(new Error('no answer in 20 s')), 20_000)),
            ]).catch((error: Error) => error),
          )
          best = Math.min(best, slowest)
          // A body refused while it streams (too many fields), or not read at all (logout), may end in a
          // reset socket: fine, as long as the server answered at once. A request left unanswered is not.
          if (answer instanceof Error) {
            if (answer.message.startsWith('no answer')) failures.push(`${label}: ${answer.message}`)
            continue
          }
          if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`)
          expectNoStackTrace(answer.text, label)
          // An answer may echo the fields it knows (bounded by the 1 MB body), never a list per index.
          if (answer.text.length > 3 * MB) failures.push(`${label}: an answer of ${(answer.text.length / MB).toFixed(1)} MB`)
        }
        timings.push({ label, slowest: best })
        if (best > BLOCK_BUDGET_MS) failures.push(`${label}: blocked for ${best.toFixed(0)} ms`)
      }
      expect(failures).toEqual([])
    })
  }

  it('grows nothing without bound, and the attacks wrote nothing a shopper can see', async () => {
    const rssAfter = rssMb()
    timings.sort((a, b) => b.slowest - a.slowest)
    console.log(
      `parser timing: ${timings.length} worst-case bodies; slowest probes: ${timings
        .slice(0, 5)
        .map((t) => `${t.label} ${t.slowest.toFixed(0)} ms`)
        .join('; ')}; RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB`,
    )
    expect(server.output()).not.toMatch(/heap out of memory|RangeError|Maximum call stack/)
    expect(rssAfter - rssBefore).toBeLessThan(120)
    expect((await shopper.browser.api('GET', `/api/shop/address/get/${shopper.userId}`)).json.data).toHaveLength(1)
  })
})
