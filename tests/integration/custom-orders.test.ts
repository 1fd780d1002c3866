// Custom-order requests over real HTTP against the built server: the form's multipart post with
// real photos is stored and the owner's mail queued; no contact, a huge text and a text file
// renamed .png come back as 400 with the message next to the field and store nothing (no request,
// no photo file); the rate limits per email and per address answer 429 with the form's message, and
// count a request refused for its photos. Each test comes from its own client address
// (X-Forwarded-For from loopback, which TRUST_PROXY trusts by default).
import http from 'node:http'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DB, openDatabase } from '../../db/database'
import { CUSTOM_ORDER_MESSAGES } from '../../app/lib/custom-orders'
import { indiaDay } from '../../app/lib/dates'
import { ADMIN, ADMIN_ENV, Browser } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

const NEEDED_BY = indiaDay(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000))

function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Meera Iyer',
    phone: '98450 12345',
    email: 'meera@example.com',
    description: 'A pendant with the jasmine from our wedding garland.',
    occasion: 'Anniversary',
    budget: '2500',
    neededBy: NEEDED_BY,
    ...overrides,
  }
}

async function png(color: { r: number; g: number; b: number }): Promise<Blob> {
  const data = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).png().toBuffer()
  return new Blob([new Uint8Array(data)], { type: 'image/png' })
}

function multipart(values: Record<string, string>, photos: { name: string; blob: Blob }[] = []): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  for (const photo of photos) form.append('photos', photo.blob, photo.name)
  return form
}

/** HTML text as a person reads it (the page escapes quotes and ampersands). */
function readableText(html: string): string {
  return html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&')
}

describe('custom-order requests over HTTP', () => {
  let server: RunningServer
  let db: DB
  let browser: Browser

  const send = (ip: string, form: FormData) => browser.post('/shop/custom-order', { body: form, headers: { 'X-Forwarded-For': ip } })
  const counts = async () => ({
    requests: Number((await db.selectFrom('custom_requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    photos: Number((await db.selectFrom('custom_request_photos').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    files: Number((await db.selectFrom('stored_files').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  })

  beforeAll(async () => {
    server = await startServer(ADMIN_ENV)
    db = openDatabase(server.database)
    browser = new Browser(server.url)
  }, 180_000)

  afterAll(async () => {
    await db?.destroy()
    await server?.stop()
  })

  it('stores a visitor request with two photos and queues the owner mail', async () => {
    const before = await counts()
    const answer = await send('198.51.100.1', multipart(fields(), [
      { name: 'garland.png', blob: await png({ r: 240, g: 240, b: 220 }) },
      { name: 'colours.png', blob: await png({ r: 120, g: 60, b: 140 }) },
    ]))
    expect(answer.status, answer.text.slice(0, 300)).toBe(302)
    expect(answer.location).toBe('/shop/custom-order')
    // Each photo is stored at 320, 400, 640 and 800 px.
    expect(await counts()).toEqual({ requests: before.requests + 1, photos: before.photos + 2, files: before.files + 8 })
    const request = await db.selectFrom('custom_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(request).toMatchObject({ name: 'Meera Iyer', phone: '9845012345', budget_paise: 250_000, status: 'new', user_id: null })
    const photos = await db.selectFrom('custom_request_photos').select('image_url').where('request_id', '=', request.id).execute()
    for (const photo of photos) expect(photo.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/)
    const owner = await db.selectFrom('mail_outbox').select(['to_address', 'subject']).where('kind', '=', 'custom-request-owner').executeTakeFirstOrThrow()
    expect(owner).toEqual({ to_address: ADMIN.email, subject: `New custom order request #C${1000 + request.id} from Meera Iyer` })
    // The stored photo is served.
    const served = await fetch(`${server.url}${photos[0]?.image_url}`)
    expect(served.status).toBe(200)
  })

  it('refuses a request without contact details, each message next to its field', async () => {
    const before = await counts()
    const answer = await send('198.51.100.2', multipart(fields({ name: '', phone: '', email: '' })))
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('Name is required')
    expect(answer.text).toContain('Phone is required')
    expect(answer.text).toContain('Email is required')
    expect(await counts()).toEqual(before)
  })

  it('refuses a huge text and a phone that is not Indian', async () => {
    const before = await counts()
    const answer = await send('198.51.100.3', multipart(fields({ description: 'x'.repeat(200_000), phone: '+1 415 555 0100' })))
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('What you would like can be at most 2,000 characters')
    expect(answer.text).toContain('Enter a valid Indian phone number')
    expect(await counts()).toEqual(before)
  })

  it('refuses a text file renamed .png, naming it next to the photos, and stores nothing (not even the good photo)', async () => {
    const before = await counts()
    const text = new Blob(['these are not the pixels you are looking for'], { type: 'image/png' })
    const answer = await send('198.51.100.4', multipart(fields({ email: 'renamed@example.com' }), [
      { name: 'garland.png', blob: await png({ r: 10, g: 200, b: 10 }) },
      { name: 'notes.png', blob: text },
    ]))
    expect(answer.status).toBe(400)
    expect(readableText(answer.text)).toContain("notes.png: This file is not an image we can read (use JPEG, PNG, WebP, AVIF or GIF).")
    expect(answer.text).toContain('id="custom-order-photos-error"')
    expect(await counts()).toEqual(before)
  })

  it('refuses a fourth photo', async () => {
    const photo = await png({ r: 1, g: 2, b: 3 })
    const answer = await send('198.51.100.5', multipart(fields(), [1, 2, 3, 4].map((n) => ({ name: `p${n}.png`, blob: photo }))))
    expect(answer.status).toBe(400)
    expect(answer.text).toContain(CUSTOM_ORDER_MESSAGES.tooManyPhotos)
  })

  it('refuses a needed-by date that is not in the future', async () => {
    const answer = await send('198.51.100.6', multipart(fields({ neededBy: '2020-01-01' })))
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('The needed-by date must be in the future')
  })

  it('limits requests per email (3 an hour) and per address (5 an hour); one refused for a field does not count', async () => {
    const email = 'busy@example.com'
    for (const ip of ['198.51.100.10', '198.51.100.11', '198.51.100.12']) {
      expect((await send(ip, multipart(fields({ email })))).status).toBe(302)
    }
    const perEmail = await send('198.51.100.13', multipart(fields({ email })))
    expect(perEmail.status).toBe(429)
    expect(perEmail.text).toContain(CUSTOM_ORDER_MESSAGES.tooMany)

    const ip = '198.51.100.20'
    // A request refused for a field (a past date) is refused before the limits: not counted.
    expect((await send(ip, multipart(fields({ email: 'x0@example.com', neededBy: '2020-01-01' })))).status).toBe(400)
    for (let n = 1; n <= 5; n++) expect((await send(ip, multipart(fields({ email: `x${n}@example.com` })))).status).toBe(302)
    const perAddress = await send(ip, multipart(fields({ email: 'x6@example.com' })))
    expect(perAddress.status).toBe(429)
    expect(perAddress.text).toContain(CUSTOM_ORDER_MESSAGES.tooMany)
  })

  it('counts a request refused for its photos against the limits, and stores none of them', async () => {
    const ip = '198.51.100.40'
    const before = await counts()
    const text = new Blob(['not an image'], { type: 'image/png' })
    for (let n = 1; n <= 5; n++) {
      const answer = await send(ip, multipart(fields({ email: `bad${n}@example.com` }), [
        { name: 'garland.png', blob: await png({ r: 40 + n, g: 30, b: 20 }) },
        { name: 'notes.png', blob: text },
      ]))
      expect(answer.status).toBe(400)
    }
    const sixth = await send(ip, multipart(fields({ email: 'bad6@example.com' })))
    expect(sixth.status).toBe(429)
    expect(sixth.text).toContain(CUSTOM_ORDER_MESSAGES.tooMany)
    expect(await counts()).toEqual(before)
  })

  it('refuses a 40-megapixel AVIF by its header, naming it', async () => {
    const avif = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#8844aa' } }).avif({ effort: 0 }).toBuffer()
    const before = await counts()
    const started = performance.now()
    const answer = await send('198.51.100.41', multipart(fields({ email: 'avif@example.com' }), [
      { name: 'huge.avif', blob: new Blob([new Uint8Array(avif)], { type: 'image/avif' }) },
    ]))
    expect(answer.status).toBe(400)
    expect(readableText(answer.text)).toContain('huge.avif: This image has too many pixels (40 megapixels; at most 25).')
    // Read from its header: decoding it would take seconds.
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await counts()).toEqual(before)
  })

  // Issue 31: a phone photo over the limit answers the form again, everything typed in it and the
  // limit beside the photos, whether the body is over the old 11 MB body limit (13.8 MB: it was a bare
  // 413, 'Something went wrong' with JS) or under it (11.2 MB). Nothing is stored and no limit is taken.
  for (const megabytes of [13.8, 11.2]) {
    it(`answers a ${megabytes} MB phone photo with the form, every typed field kept and the limit beside the photos`, async () => {
      const before = await counts()
      const photo = new Blob([new Uint8Array(Math.round(megabytes * 1024 * 1024))], { type: 'image/jpeg' })
      const typed = fields({ name: 'Lakshmi Narayanan', email: `big${megabytes}@example.com`, description: 'A jasmine & rose keepsake block, "Lakshmi" on it' })
      const answer = await send(`198.51.100.3${megabytes === 13.8 ? 1 : 2}`, multipart(typed, [{ name: 'IMG_2041.jpg', blob: photo }]))
      expect(answer.status).toBe(400)
      const page = readableText(answer.text)
      expect(page).toContain('<h1 class="text-3xl font-bold tracking-tight">Ask for a Custom Piece</h1>')
      // Beside the photo field: in its error element.
      const errorAt = page.indexOf('id="custom-order-photos-error"')
      expect(errorAt).toBeGreaterThan(-1)
      expect(page.slice(errorAt, errorAt + 400)).toContain(CUSTOM_ORDER_MESSAGES.photosTooLarge)
      for (const key of ['name', 'phone', 'email', 'occasion', 'budget', 'neededBy'] as const) expect(page, key).toContain(`value="${typed[key]}"`)
      expect(page).toContain(`>${typed.description}</textarea>`)
      expect(await counts()).toEqual(before)
    })
  }

  it('answers a photo too large with the form even alongside a field refused, both messages shown', async () => {
    const photo = new Blob([new Uint8Array(12 * 1024 * 1024)], { type: 'image/jpeg' })
    const answer = await send('198.51.100.33', multipart(fields({ phone: '12' }), [{ name: 'IMG_1.jpg', blob: photo }]))
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('Enter a valid Indian phone number')
    expect(answer.text).toContain(CUSTOM_ORDER_MESSAGES.photosTooLarge)
    expect(answer.text).toContain('value="Meera Iyer"')
  })

  it('refuses a body declared over 64 MB unread, with 413', async () => {
    const url = new URL('/shop/custom-order', server.url)
    // Only the headers go out: the answer comes before any of the body is sent.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(65 * 1024 * 1024), 'X-Forwarded-For': '198.51.100.34' },
      })
      request.on('response', (response) => {
        resolve(response.statusCode)
        request.destroy()
      })
      request.on('error', reject)
      request.flushHeaders()
    })
    expect(status).toBe(413)
  })
})
