// The inventory CSV over real HTTP against the built server (issue 27, ADR 065): the export and the
// import are the admin's alone; the export reads back; a dry run changes nothing, its confirm applies
// the change; a 10 MB file gets the page's own message and a larger one a 413 in CSV words.
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSV_COLUMNS, CSV_MESSAGES } from '~/lib/inventory-csv'
import { ADMIN, ADMIN_ENV, Browser, registerShopper } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

let server: RunningServer
let admin: Browser
let shopper: Browser

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: '1', ...ADMIN_ENV })
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
  shopper = await registerShopper(server.url, 'Csv Shopper', 'csv-shopper@example.com')
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

/** A multipart post of a CSV file (and other fields) as the import form sends it. */
function upload(browser: Browser, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array<ArrayBuffer> }) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  if (file) form.set('file', new Blob([file.bytes], { type: 'text/csv' }), file.name)
  return browser.post('/admin/inventory/import', { body: form })
}

const unescapeHtml = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

async function exported(): Promise<Record<string, string>[]> {
  const answer = await admin.get('/admin/inventory/export.csv')
  expect(answer.status).toBe(200)
  return parse(answer.text, { bom: true, columns: true }) as Record<string, string>[]
}

describe('inventory CSV access', () => {
  it('sends a visitor to login and a shopper to Access Denied, for the export and the import', async () => {
    const visitor = new Browser(server.url)
    for (const browser of [visitor, shopper]) {
      const exportAnswer = await browser.get('/admin/inventory/export.csv')
      const importAnswer = await upload(browser, { intent: 'dry-run' }, { name: 'x.csv', bytes: new TextEncoder().encode('product_id,option,colour,stock\n') })
      for (const answer of [exportAnswer, importAnswer]) {
        expect(answer.status).toBe(302)
        expect(answer.location).toMatch(browser === visitor ? /^\/auth\/login/ : /^\/unauth-page/)
        expect(answer.text).not.toContain('product_id')
      }
    }
  })
})

describe('inventory CSV for the admin', () => {
  it('exports a spreadsheet file: text/csv, attachment, BOM, CRLF, one row per shelf', async () => {
    const answer = await fetch(`${server.url}/admin/inventory/export.csv`, { headers: { Cookie: admin.cookieHeader() } })
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/)
    // The bytes, as a spreadsheet reads them (fetch's text() would drop the BOM).
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(bytes.subarray(3).toString('utf8').startsWith(`${CSV_COLUMNS.join(',')}\r\n`)).toBe(true)
    expect((await exported()).length).toBeGreaterThan(5)
  })

  it('dry-runs an edited file without changing anything, then applies it on confirm', async () => {
    const rows = await exported()
    const shelf = rows.find((row) => row.option === '' && row.colour === '' && Number(row.stock) < 90)
    if (!shelf) throw new Error('the demo shop has a product without variants')
    const next = Number(shelf.stock) + 7
    const file = `product_id,option,colour,stock\r\n${shelf.product_id},,,${next}\r\n`
    const dryRun = await upload(admin, { intent: 'dry-run' }, { name: 'stock.csv', bytes: new TextEncoder().encode(file) })
    expect(dryRun.status).toBe(200)
    expect(dryRun.text).toContain('nothing is saved yet')
    expect(unescapeHtml(dryRun.text)).toContain(`Stock ${shelf.stock} → <strong>${next}</strong>`)
    expect((await exported()).find((row) => row.product_id === shelf.product_id)?.stock).toBe(shelf.stock)

    const carried = /name="changes" value="([^"]*)"/.exec(dryRun.text)?.[1]
    expect(carried).toBeTruthy()
    const applied = await upload(admin, { intent: 'confirm', fileName: 'stock.csv', changes: unescapeHtml(carried ?? '') })
    expect(applied.status).toBe(302)
    expect(applied.location).toBe('/admin/inventory')
    expect((await exported()).find((row) => row.product_id === shelf.product_id)?.stock).toBe(String(next))

    // The same confirm again: the stock is no longer what the dry run saw, so nothing is applied.
    const again = await upload(admin, { intent: 'confirm', fileName: 'stock.csv', changes: unescapeHtml(carried ?? '') })
    expect(again.status).toBe(409)
    expect(unescapeHtml(again.text)).toContain(CSV_MESSAGES.moved)
  })

  it("sets a piece's weight, box, country of origin and materials from the file, with its stock, on confirm (ADR 100)", async () => {
    const rows = await exported()
    const shelf = rows.find((row) => row.category === 'Jewellery' && row.option === '' && row.colour === '')
    if (!shelf) throw new Error('the demo shop has a jewellery piece without variants')
    const file = `product_id,option,colour,stock,weight_grams,length_cm,breadth_cm,height_cm,country_of_origin,materials\r\n${shelf.product_id},,,${shelf.stock},95,11,9,4,India,"Resin, 925 silver"\r\n`
    const dryRun = await upload(admin, { intent: 'dry-run' }, { name: 'facts.csv', bytes: new TextEncoder().encode(file) })
    expect(dryRun.status).toBe(200)
    expect(unescapeHtml(dryRun.text)).toContain('Weight (g) ')
    expect(unescapeHtml(dryRun.text)).toContain('→ <strong>95</strong>')
    expect((await exported()).find((row) => row.product_id === shelf.product_id)?.weight_grams).toBe(shelf.weight_grams)
    const carried = /name="changes" value="([^"]*)"/.exec(dryRun.text)?.[1]
    // A forged measure is refused as an unreadable plan, changing nothing.
    const forged = JSON.parse(unescapeHtml(carried ?? '')) as { facts: { weightGrams: { to: number } } }[]
    forged.forEach((count) => {
      count.facts.weightGrams.to = 0
    })
    const refused = await upload(admin, { intent: 'confirm', fileName: 'facts.csv', changes: JSON.stringify(forged) })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain(CSV_MESSAGES.planUnreadable)
    const applied = await upload(admin, { intent: 'confirm', fileName: 'facts.csv', changes: unescapeHtml(carried ?? '') })
    expect(applied.status).toBe(302)
    expect((await exported()).find((row) => row.product_id === shelf.product_id)).toMatchObject({
      weight_grams: '95',
      length_cm: '11',
      breadth_cm: '9',
      height_cm: '4',
      country_of_origin: 'India',
      materials: 'Resin, 925 silver',
    })
    // A bad cell: the row and column named, nothing saved.
    const bad = await upload(admin, { intent: 'dry-run' }, { name: 'bad.csv', bytes: new TextEncoder().encode(file.replace(',95,', ',95.5,')) })
    expect(bad.status).toBe(400)
    expect(unescapeHtml(bad.text)).toContain(CSV_MESSAGES.weight_grams)
  })

  it('answers bad files with the page and its message, never a 500', async () => {
    const tenMb = new Uint8Array(10 * 1024 * 1024).fill(0x41)
    const big = await upload(admin, { intent: 'dry-run' }, { name: 'big.csv', bytes: tenMb })
    expect(big.status).toBe(400)
    expect(big.text).toContain(CSV_MESSAGES.tooLarge)
    const huge = await upload(admin, { intent: 'dry-run' }, { name: 'huge.csv', bytes: new Uint8Array(12 * 1024 * 1024).fill(0x41) })
    expect(huge.status).toBe(413)
    expect(huge.text).toBe(CSV_MESSAGES.tooLarge)
    const wrong = await upload(admin, { intent: 'dry-run' }, { name: 'w.csv', bytes: new TextEncoder().encode('sku,qty\nA,1\n') })
    expect(wrong.status).toBe(400)
    expect(unescapeHtml(wrong.text)).toContain(CSV_MESSAGES.unknownColumns(['qty']))
    const none = await upload(admin, { intent: 'dry-run' })
    expect(none.status).toBe(400)
    expect(none.text).toContain(CSV_MESSAGES.chooseFile)
    const forged = await upload(admin, { intent: 'confirm', changes: '[{"productId":1}]' })
    expect(forged.status).toBe(400)
    expect(forged.text).toContain(CSV_MESSAGES.planUnreadable)
  })
})
