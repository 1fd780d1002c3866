// `npm run bench`: builds, starts the production server on a temp database (demo catalogue + 10,000
// synthetic products) and measures bytes, throttled paint times, Lighthouse, load, query scaling,
// memory and cold start. Prints tables, writes JSON; `--check` exits 1 when a budget fails.
//
//   npm run bench                         everything (about 10 minutes on 2 cores)
//   npm run bench -- --quick              fewer runs, shorter load, no 100k catalogue
//   npm run bench -- --check              also check the budgets (exit 1 on a failure)
//   npm run bench -- --check --bytes-only page bytes only (the CI budget check, ~1 minute)
//   npm run bench -- --skip=lighthouse,scale,load,ratio,memory,throttled,pages,cluster  leave sections out
//   --runs=N (throttled runs per page, default 5)  --products=N (default 10000)  --no-build
//   --out=path (default bench/results/latest.json)  --port=P (first of 6 ports, default 3210)
//   cluster: the scaling curve on a throwaway PostgreSQL (needs Debian's `postgresql`; bench/lib/cluster.mjs)
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { dirname, resolve } from 'node:path'
import { checkBudgets } from './budgets.mjs'
import { measureCluster } from './lib/cluster.mjs'
import { measureLighthouse } from './lib/lighthouse.mjs'
import { measureLoad } from './lib/load.mjs'
import { measurePages } from './lib/pages.mjs'
import { measureIssue20 } from './lib/ratio.mjs'
import { measureScale } from './lib/scale.mjs'
import { apiLogin, buildApp, createDataDir, root, rssMb, seedProducts, startServer, withPeakRss } from './lib/server.mjs'
import { THROTTLING, measureThrottled } from './lib/throttled.mjs'
import { twelveMegapixelJpeg, uploadImage } from './lib/upload.mjs'
import { printBudgets, printResult } from './report.mjs'

const SECTIONS = ['pages', 'throttled', 'lighthouse', 'memory', 'load', 'ratio', 'scale', 'cluster']

function parseArgs(argv) {
  const options = { check: false, quick: false, build: true, runs: null, products: 10_000, out: 'bench/results/latest.json', port: 3210, skip: new Set() }
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=')
    if (key === 'check') options.check = true
    else if (key === 'quick') options.quick = true
    else if (key === 'no-build') options.build = false
    else if (key === 'bytes-only') {
      for (const s of SECTIONS) if (s !== 'pages') options.skip.add(s)
    } else if (key === 'skip') {
      for (const s of (value ?? '').split(',')) options.skip.add(s)
    } else if (key === 'only') {
      for (const s of SECTIONS) if (!(value ?? '').split(',').includes(s)) options.skip.add(s)
    } else if (key === 'runs') options.runs = Number(value)
    else if (key === 'products') options.products = Number(value)
    else if (key === 'out') options.out = value
    else if (key === 'port') options.port = Number(value)
    else {
      console.error(`Unknown option ${arg}; see the comment at the top of bench/run.mjs.`)
      process.exit(2)
    }
  }
  options.runs ??= options.quick ? 2 : 5
  return options
}

const log = (message) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`)

async function main() {
  const options = parseArgs(process.argv.slice(2))
  const runs = (section) => !options.skip.has(section)
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    options: { quick: options.quick, runs: options.runs, products: options.products, skipped: [...options.skip] },
    throttling: THROTTLING,
  }

  if (options.build) {
    log('npm run build')
    buildApp()
  }
  const data = createDataDir()
  const [serverPort, ceilingPort, scalePort, coldPort] = [0, 1, 2, 3].map((i) => options.port + i)
  let server
  try {
    log(`seeding the demo catalogue and ${options.products} synthetic products`)
    result.seedMs = Math.round(seedProducts(data, options.products))
    server = await startServer(data, serverPort)
    const url = server.url

    const shopper = await apiLogin(url, 'shopper@resincraft.studio', 'shopper12345')
    await putSomethingInTheCart(url, shopper)
    const listingHtml = await (await fetch(`${url}/shop/listing`)).text()
    const productPath = /href="(\/shop\/product\/[^"#?]+)"/.exec(listingHtml)?.[1]
    if (!productPath) throw new Error('No product link on /shop/listing')
    const pages = [
      { name: 'home', path: '/shop/home' },
      { name: 'listing', path: '/shop/listing' },
      { name: 'listing-filtered', path: '/shop/listing?category=jewellery&sortBy=price-hightolow&page=2' },
      { name: 'search', path: '/shop/search?keyword=ocean' },
      { name: 'product', path: productPath },
      { name: 'checkout', path: '/shop/checkout', cookie: shopper.cookie },
    ]

    if (runs('pages')) {
      log('page bytes (390 px phone, first view)')
      result.pages = await measurePages(url, pages)
    }
    if (runs('throttled')) {
      log(`throttled paint timings (${options.runs} runs per page, JS on and off)`)
      const throttledPages = pages.filter((p) => ['home', 'listing', 'search', 'product'].includes(p.name))
      result.throttled = await measureThrottled(url, throttledPages, options.runs)
    }
    if (runs('lighthouse')) {
      const lighthouseRuns = options.quick ? 1 : 3
      log(`Lighthouse (mobile) on home, listing, search, product (${lighthouseRuns} runs each, the median reported)`)
      result.lighthouse = await measureLighthouse(url, pages.filter((p) => ['home', 'listing', 'search', 'product'].includes(p.name)), lighthouseRuns)
    }
    if (runs('memory') || runs('load')) {
      await new Promise((r) => setTimeout(r, 2000))
      result.memory = { idleRssMb: round1(rssMb(server.pid)) }
    }
    if (runs('load')) {
      const seconds = options.quick ? 2 : 5
      log(`autocannon (${seconds} s per case)`)
      const targets = [
        { name: 'listing HTML', path: '/shop/listing' },
        { name: 'products API', path: '/api/shop/products/get?page=1' },
        { name: 'search API', path: '/api/shop/search/ocean?page=1' },
      ]
      const [load, peak] = await withPeakRss(server.pid, () =>
        measureLoad(url, targets, { connections: [10, 50], seconds, ceilingPort }),
      )
      result.load = load
      result.memory.peakLoadRssMb = round1(peak)
    }
    if (runs('ratio')) {
      log('anonymous phone throughput vs plain node:http with the same bytes, then 32 mixed shoppers (issue 20)')
      Object.assign(result, await measureIssue20(url, { productPath, ceilingPort, quick: options.quick, pid: server.pid }))
    }
    if (runs('memory')) {
      log('first start with the demo seed (fresh database)')
      Object.assign(result.memory, await measureFirstStart(coldPort))
      log('12-megapixel upload')
      const admin = await apiLogin(url, 'admin@resincraft.studio', 'admin12345')
      const jpeg = await twelveMegapixelJpeg()
      await new Promise((r) => setTimeout(r, 1000))
      result.memory.beforeUploadRssMb = round1(rssMb(server.pid))
      const [upload, peak] = await withPeakRss(server.pid, () => uploadImage(url, admin.token, jpeg))
      result.memory.uploadJpegBytes = jpeg.length
      result.memory.uploadMs = Math.round(upload.ms)
      result.memory.peakUploadRssMb = round1(peak)
      await server.stop()
      server = undefined
      log('cold start (existing build and database)')
      const cold = []
      for (let i = 0; i < (options.quick ? 1 : 3); i++) {
        const again = await startServer(data, coldPort)
        cold.push(again.startMs)
        await again.stop()
      }
      result.memory.coldStartMs = Math.round(cold.sort((a, b) => a - b)[Math.floor(cold.length / 2)])
    }
  } finally {
    await server?.stop()
    data.remove()
  }

  if (runs('scale')) {
    const sizes = options.quick ? [1000, 10_000] : [1000, 10_000, 100_000]
    log(`query time at ${sizes.join(', ')} products`)
    result.scale = await measureScale(sizes, scalePort)
  }

  if (runs('cluster')) {
    // The scaling curve (bench/lib/cluster.mjs): SQLite x1 beside PostgreSQL x1, x2, x4 workers.
    result.cluster = await measureCluster({ products: options.products, seconds: options.quick ? 2 : 5, port: options.port + 4, log })
  }

  const checks = checkBudgets(result)
  result.budgets = checks
  const out = resolve(root, options.out)
  mkdirSync(dirname(out), { recursive: true })
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
  printResult(result)
  printBudgets(checks)
  console.log(`\nJSON: ${options.out}`)
  if (options.check && checks.some((c) => !c.pass)) {
    console.error(`\n${checks.filter((c) => !c.pass).length} budget(s) failed.`)
    process.exit(1)
  }
}

/** The checkout page shows its full form only with something in the cart. */
async function putSomethingInTheCart(url, shopper) {
  const check = await (await fetch(`${url}/api/auth/check-auth`, { headers: { authorization: `Bearer ${shopper.token}` } })).json()
  const userId = check.user?.id
  const list = await (await fetch(`${url}/api/shop/products/get?page=1`)).json()
  for (const product of list.data ?? []) {
    const response = await fetch(`${url}/api/shop/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
      body: JSON.stringify({ userId, productId: product._id ?? product.id, quantity: 1 }),
    })
    if (response.ok) return
  }
  log('warning: could not add a product to the shopper cart; /shop/checkout is measured with an empty cart')
}

const round1 = (n) => Math.round(n * 10) / 10

/** `npm start` on an empty database: the shop seeds the demo catalogue (its images through sharp), then idles. */
async function measureFirstStart(port) {
  const fresh = createDataDir('shop-bench-first-')
  try {
    const first = await startServer(fresh, port)
    try {
      await new Promise((r) => setTimeout(r, 2000))
      return { firstStartRssMb: round1(rssMb(first.pid)), firstStartMs: Math.round(first.startMs) }
    } finally {
      await first.stop()
    }
  } finally {
    fresh.remove()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
