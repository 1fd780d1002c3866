// Only in the PostgreSQL smoke run (playwright.pg.config.ts): the browser really meets several
// worker processes, and the images it is shown come out of the database. The global setup moved the
// seed's disk cache aside, so the first request for each image is answered by reading the database
// (ADR 040), by whichever worker the connection reached.
// A worker is counted when it answered the page or one of its pictures: the cluster hands out
// connections in turn, and a browser that opens an even number of connections per visit can meet
// the same worker for every document (CI saw four visits' pages all from worker 1).
import { expect, test } from '../e2e/fixtures'
import { E2E_PG_WORKERS } from './settings'

test('several workers answer the shopper, and every image on the listing is served', async ({ openPage }) => {
  const workers = new Set<string>()
  // Each page is a new browser context: new connections, which the cluster hands out in turn.
  for (let visit = 0; visit < 4 * E2E_PG_WORKERS && (workers.size < E2E_PG_WORKERS || visit < 2); visit++) {
    const page = await openPage()
    const images: Promise<void>[] = []
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith('/uploads/')) return
      images.push(
        (async () => {
          expect(response.status(), response.url()).toBe(200)
          expect(response.headers()['content-type']).toMatch(/^image\//)
          expect((await response.body()).length).toBeGreaterThan(100)
          const worker = response.headers()['x-worker']
          expect(worker, 'the X-Worker header of a cluster worker').toMatch(/^\d+$/)
          workers.add(worker ?? '')
        })(),
      )
    })
    const response = await page.goto('/shop/listing')
    expect(response?.status()).toBe(200)
    const worker = response?.headers()['x-worker']
    expect(worker, 'the X-Worker header of a cluster worker').toMatch(/^\d+$/)
    workers.add(worker ?? '')
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible()
    // Every picture on the first screen decoded (the ones further down load lazily).
    const firstImage = page.locator('main img').first()
    await expect(firstImage).toBeVisible()
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
    await page.waitForLoadState('load')
    await Promise.all(images)
    expect(images.length).toBeGreaterThan(0)
    await page.context().close()
  }
  expect([...workers].sort(), 'pages and pictures answered by every worker').toHaveLength(E2E_PG_WORKERS)
})
