// Search and listing query time as the catalogue grows: a fresh database per size, synthetic products
// only, timed through the JSON API one request at a time (loopback; the median includes routing and JSON;
// answered afresh each time, never from the page cache).
import { createDataDir, seedProducts, startServer } from './server.mjs'

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

async function timeRequests(url, paths, repeats) {
  const times = []
  for (let r = 0; r < repeats; r++) {
    for (const path of paths) {
      const started = performance.now()
      // A cookie the shop does not know: the query runs every time (never a kept answer, ADR 042).
      const response = await fetch(url + path, { headers: { cookie: 'bench=uncached' } })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
      times.push(performance.now() - started)
    }
  }
  return { medianMs: Number(median(times).toFixed(2)), maxMs: Number(Math.max(...times).toFixed(2)) }
}

export const SCALE_QUERIES = {
  // One page each (`page`), as before the API answered every match up to its cap without it.
  listingNewest: ['/api/shop/products/get?page=1', '/api/shop/products/get?page=3'],
  listingFiltered: [
    '/api/shop/products/get?category=jewellery&sortBy=price-hightolow&page=2',
    '/api/shop/products/get?category=home-decor,gifting-memories&sortBy=price-lowtohigh&page=1',
  ],
  search: ['/api/shop/search/ocean?page=1', '/api/shop/search/galaxy%20pendant?page=1', '/api/shop/search/marble%20coaster?page=1'],
  searchNoMatch: ['/api/shop/search/zzzzqqq?page=1'],
}

export async function measureScale(sizes, port, repeats = 10) {
  const results = []
  for (const size of sizes) {
    const data = createDataDir('shop-bench-scale-')
    try {
      const seedMs = seedProducts(data, size, { SEED_DEMO: '0' })
      const server = await startServer(data, port, { SEED_DEMO: '0' }, '/api/shop/products/get')
      try {
        const row = { products: size, seedMs: Math.round(seedMs) }
        for (const [name, paths] of Object.entries(SCALE_QUERIES)) {
          await timeRequests(server.url, paths, 1) // warm up
          row[name] = await timeRequests(server.url, paths, repeats)
        }
        results.push(row)
      } finally {
        await server.stop()
      }
    } finally {
      data.remove()
    }
  }
  return results
}
