// A local stand-in for Shiprocket's API, what the shop calls (app/infra/shiprocket.server.ts):
// POST /v1/external/auth/login (email and password; a token), GET /v1/external/courier/serviceability/
// (Bearer token; pickup_postcode, delivery_postcode, weight in kg, cod; 422 with `errors` for a missing
// or bad field as Shiprocket does). Couriers and their prices follow simple rules of the fake's own
// (Delhivery Surface: ₹40 a half kilo plus ₹10 per started kilo beyond; Bluedart Air: twice that, a
// day sooner); `unserviceable` pincodes answer 404 "no courier". `expireTokens()` makes every issued
// token answer 401 as an expired one does; `delayMs` makes every answer late (timeouts).
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface FakeShiprocket {
  url: string
  email: string
  password: string
  /** Delivery pincodes no courier serves. */
  unserviceable: Set<string>
  /** Every request, "METHOD /path" without the query. */
  requests: string[]
  logins: number
  /** Each answer waits this long first. */
  delayMs: number
  /** From now on every token issued so far is expired. */
  expireTokens(): void
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of req) text += chunk
  return text
}

export async function startFakeShiprocket(): Promise<FakeShiprocket> {
  const live = new Set<string>()
  const fake: Omit<FakeShiprocket, 'url' | 'close'> = {
    email: 'api-user@resincraft.studio',
    password: 'shiprocket-secret',
    unserviceable: new Set(),
    requests: [],
    logins: 0,
    delayMs: 0,
    expireTokens: () => live.clear(),
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    fake.requests.push(`${req.method} ${url.pathname}`)
    const body = await readBody(req)
    if (fake.delayMs > 0) await new Promise((done) => setTimeout(done, fake.delayMs))
    if (res.destroyed) return

    if (req.method === 'POST' && url.pathname === '/v1/external/auth/login') {
      const sent = JSON.parse(body || '{}') as { email?: string; password?: string }
      if (sent.email !== fake.email || sent.password !== fake.password) return json(res, 403, { message: 'Invalid email and password combination', status_code: 403 })
      fake.logins += 1
      const token = randomBytes(24).toString('base64url')
      live.add(token)
      return json(res, 200, { id: 1, first_name: 'API', last_name: 'User', email: fake.email, company_id: 42, created_at: '2026-01-01 10:00:00', token })
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    if (!live.has(bearer)) return json(res, 401, { message: 'Token has expired', status_code: 401 })

    if (req.method === 'GET' && url.pathname === '/v1/external/courier/serviceability/') {
      const errors: Record<string, string[]> = {}
      const pickup = url.searchParams.get('pickup_postcode') ?? ''
      const delivery = url.searchParams.get('delivery_postcode') ?? ''
      const weight = Number(url.searchParams.get('weight'))
      if (!/^\d{6}$/.test(pickup)) errors.pickup_postcode = ['The pickup postcode must be 6 digits.']
      if (!/^\d{6}$/.test(delivery)) errors.delivery_postcode = ['The delivery postcode must be 6 digits.']
      if (!(weight > 0)) errors.weight = ['The weight field is required.']
      if (!['0', '1'].includes(url.searchParams.get('cod') ?? '')) errors.cod = ['The cod field is required.']
      if (Object.keys(errors).length > 0) return json(res, 422, { message: 'Oops! Invalid Data.', errors, status_code: 422 })
      if (fake.unserviceable.has(delivery)) return json(res, 404, { status: 404, message: `Delivery postcode ${delivery} is not serviceable` })
      const halfKilos = Math.max(1, Math.ceil(weight / 0.5))
      const surface = 40 + (halfKilos - 1) * 10 + 0.5
      return json(res, 200, {
        status: 200,
        currency: 'INR',
        data: {
          recommended_courier_company_id: 12,
          available_courier_companies: [
            { courier_company_id: 55, courier_name: 'Bluedart Air', rate: surface * 2, freight_charge: surface * 2, estimated_delivery_days: '2', etd: 'Dec 01, 2026', cod: 0, rating: 4.6 },
            { courier_company_id: 12, courier_name: 'Delhivery Surface', rate: surface, freight_charge: surface, estimated_delivery_days: '4', etd: 'Dec 03, 2026', cod: 0, rating: 4.1 },
          ],
        },
      })
    }
    json(res, 404, { message: 'Not found', status_code: 404 })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  })
}
