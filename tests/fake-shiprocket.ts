// A local stand-in for Shiprocket's API, what the shop calls (app/infra/shiprocket.server.ts):
// POST /v1/external/auth/login (email and password; a token), GET /v1/external/courier/serviceability/
// (Bearer token; pickup_postcode, delivery_postcode, weight in kg, cod; 422 with `errors` for a missing
// or bad field as Shiprocket does). Couriers and their prices follow simple rules of the fake's own
// (Delhivery Surface: ₹40 a half kilo plus ₹10 per started kilo beyond; Bluedart Air: twice that, a
// day sooner); `unserviceable` pincodes answer 404 "no courier". `expireTokens()` makes every issued
// token answer 401 as an expired one does; `delayMs` makes every answer late (timeouts).
// Booking (ADR 086): POST /orders/create/adhoc (an order per channel order_id: the same id again answers
// the same order, with its awb_code once assigned), /courier/assign/awb (an AWB already assigned answers
// awb_assign_status 0 with "AWB is already assigned"), /courier/generate/pickup ("Already in Pickup
// Queue." the second time), /courier/generate/label and /manifests/generate (links to PDFs the fake
// serves), GET /courier/track/awb/{awb} (the scans `scan()` added) and POST /orders/cancel.
// `fault(path, ...)` makes the next call(s) of a path fail before or after doing its work: a 5xx, or
// an answer too late for the client (the work done and the answer lost, as a real timeout can be).
// Failed deliveries (ADR 102): `ndr(awb, ...)` reports one (an UNDELIVERED scan with its reason); GET
// /ndr/{awb} answers it with the actions taken so far (`history`, each with its ndr_attempt); POST
// /ndr/{awb}/action takes 're-attempt' (optional phone, address1, address2) or 'return' with comments
// (required; 422 with `errors` otherwise), answers 202, and a 'return' starts the parcel back
// ('RTO INITIATED' scan); an AWB with no failed delivery answers 400. A return's pickup: POST
// /orders/create/return (one return order per channel order_id, 422 `errors` for a missing field) and
// /courier/assign/awb with is_return, as for a parcel.
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
  /** The orders booked, by channel order id. */
  orders: Map<string, FakeOrder>
  /** How many AWBs were ever assigned (one per parcel, however often asked). */
  awbsAssigned: number
  /** The next `times` calls of `path` (e.g. '/v1/external/courier/assign/awb') fail `when` their work: with `status`, or `lateMs` late. */
  fault(path: string, fault: { when: 'before' | 'after'; status?: number; lateMs?: number; times?: number }): void
  /** Reports a failed delivery of a parcel: an UNDELIVERED scan with `reason`, open for an action. */
  ndr(awb: string, ndr: { reason: string; date: string; ndrReason?: string }): void
  /** How many return orders (courier pickups of a return) were ever created; they sit in `orders` under "return:<id>". */
  returnOrders: number
  /** Every NDR action the fake took ("awb action"), however often asked. */
  ndrActions: string[]
  /** Adds a tracking scan of a parcel (GET /courier/track/awb/{awb} lists it). */
  scan(awb: string, scan: { label: string; activity: string; location?: string; date: string }): void
  close(): Promise<void>
}

export interface FakeOrder {
  orderId: number
  shipmentId: number
  channelOrderId: string
  awb: string
  courierName: string
  pickupRequested: boolean
  cancelled: boolean
  ndr: { attempts: number; reason: string; history: { ndr_attempt: number; action: string; comments: string; phone: string; address1: string; address2: string; created_at: string }[] } | null
  scans: { date: string; status: string; activity: string; location: string; 'sr-status-label': string; ndr_reason?: string }[]
}

/** A small valid PDF, what the label and manifest links serve. */
export function fakePdf(title: string): Buffer {
  const stream = `BT /F1 18 Tf 40 780 Td (${title.replace(/[()\\]/g, '')}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** Now in India time as Shiprocket writes it: "2026-11-28 10:15:00". */
function indiaNow(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ')
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
    orders: new Map(),
    awbsAssigned: 0,
    fault: (path, fault) => faults.set(path, { ...fault, times: fault.times ?? 1 }),
    ndrActions: [],
    returnOrders: 0,
    ndr: (awb, ndr) => {
      const order = [...fake.orders.values()].find((o) => o.awb === awb)
      if (!order) return
      order.ndr = { attempts: (order.ndr?.attempts ?? 0) + 1, reason: ndr.reason, history: order.ndr?.history ?? [] }
      // Shiprocket's own NDR reason (ndr_reason) beside the scan's words, when the test gives one (ADR 104).
      order.scans.push({ date: ndr.date, status: 'UNDELIVERED', activity: ndr.reason, location: '', 'sr-status-label': 'UNDELIVERED', ...(ndr.ndrReason ? { ndr_reason: ndr.ndrReason } : {}) })
    },
    scan: (awb, scan) => {
      const order = [...fake.orders.values()].find((o) => o.awb === awb)
      order?.scans.push({ date: scan.date, status: scan.label, activity: scan.activity, location: scan.location ?? '', 'sr-status-label': scan.label })
    },
  }
  const faults = new Map<string, { when: 'before' | 'after'; status?: number; lateMs?: number; times: number }>()
  let nextId = 5000

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    fake.requests.push(`${req.method} ${url.pathname}`)
    const body = await readBody(req)
    if (fake.delayMs > 0) await new Promise((done) => setTimeout(done, fake.delayMs))
    if (res.destroyed) return
    const fault = faults.get(url.pathname)
    if (fault) {
      fault.times -= 1
      if (fault.times <= 0) faults.delete(url.pathname)
    }
    if (fault?.when === 'before') {
      if (fault.lateMs) await new Promise((done) => setTimeout(done, fault.lateMs))
      return json(res, fault.status ?? 502, { message: 'Bad gateway', status_code: fault.status ?? 502 })
    }
    if (fault?.when === 'after') {
      // The work is done below, then the answer is lost: a 5xx, or too late for the client.
      const end = res.end.bind(res)
      const writeHead = res.writeHead.bind(res)
      res.writeHead = ((status: number, headers?: Record<string, string>) =>
        fault.status ? writeHead(fault.status, { 'Content-Type': 'application/json' }) : writeHead(status, headers)) as typeof res.writeHead
      res.end = ((chunk?: unknown) => {
        const send = () => (res.destroyed ? undefined : fault.status ? end(JSON.stringify({ message: 'Internal Server Error', status_code: fault.status })) : end(chunk as string))
        if (fault.lateMs) setTimeout(send, fault.lateMs)
        else send()
        return res
      }) as typeof res.end
    }

    const file = /^\/files\/(label|manifest)-([\w-]+)\.pdf$/.exec(url.pathname)
    if (req.method === 'GET' && file) {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      return res.end(fakePdf(`${file[1] === 'label' ? 'Label' : 'Manifest'} ${file[2]}`))
    }

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
    const booked = bookingAnswer(req.method ?? 'GET', url.pathname, body)
    if (booked) return json(res, booked.status, booked.body)
    json(res, 404, { message: 'Not found', status_code: 404 })
  })

  const base = () => fakeUrl
  function byShipment(id: unknown): FakeOrder | undefined {
    return [...fake.orders.values()].find((o) => String(o.shipmentId) === String(id))
  }
  function bookingAnswer(method: string, path: string, text: string): { status: number; body: unknown } | null {
    const sent = (method === 'POST' ? JSON.parse(text || '{}') : {}) as Record<string, unknown>
    const ids = (value: unknown) => (Array.isArray(value) ? value : [value])
    if (method === 'POST' && path === '/v1/external/orders/create/adhoc') {
      const errors: Record<string, string[]> = {}
      for (const field of ['order_id', 'order_date', 'pickup_location', 'billing_customer_name', 'billing_address', 'billing_city', 'billing_pincode', 'billing_state', 'billing_phone', 'order_items', 'sub_total', 'weight']) {
        if (sent[field] === undefined || sent[field] === '') errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`]
      }
      if (Object.keys(errors).length > 0) return { status: 422, body: { message: 'Oops! Invalid Data.', errors, status_code: 422 } }
      const channel = String(sent.order_id)
      let order = fake.orders.get(channel)
      if (!order) {
        nextId += 1
        order = { orderId: nextId, shipmentId: nextId + 100000, channelOrderId: channel, awb: '', courierName: '', pickupRequested: false, cancelled: false, ndr: null, scans: [] }
        fake.orders.set(channel, order)
      }
      return { status: 200, body: { order_id: order.orderId, channel_order_id: channel, shipment_id: order.shipmentId, status: order.awb ? 'AWB ASSIGNED' : 'NEW', status_code: 1, onboarding_completed_now: 0, awb_code: order.awb, courier_company_id: order.awb ? 12 : '', courier_name: order.courierName } }
    }
    if (method === 'POST' && path === '/v1/external/orders/create/return') {
      const errors: Record<string, string[]> = {}
      for (const field of ['order_id', 'order_date', 'pickup_customer_name', 'pickup_address', 'pickup_city', 'pickup_state', 'pickup_pincode', 'pickup_phone', 'shipping_customer_name', 'shipping_address', 'shipping_city', 'shipping_pincode', 'shipping_state', 'shipping_phone', 'order_items', 'sub_total', 'weight']) {
        if (sent[field] === undefined || sent[field] === '') errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`]
      }
      if (Object.keys(errors).length > 0) return { status: 422, body: { message: 'Oops! Invalid Data.', errors, status_code: 422 } }
      const channel = `return:${String(sent.order_id)}`
      let order = fake.orders.get(channel)
      if (!order) {
        nextId += 1
        order = { orderId: nextId, shipmentId: nextId + 100000, channelOrderId: channel, awb: '', courierName: '', pickupRequested: false, cancelled: false, ndr: null, scans: [] }
        fake.orders.set(channel, order)
        fake.returnOrders += 1
      }
      return { status: 200, body: { order_id: order.orderId, shipment_id: order.shipmentId, status: order.awb ? 'RETURN PICKUP GENERATED' : 'RETURN PENDING', status_code: 21, company_name: 'Resin Craft Studio', awb_code: order.awb, courier_name: order.courierName } }
    }
    if (method === 'POST' && path === '/v1/external/courier/assign/awb') {
      const order = byShipment(sent.shipment_id)
      if (!order) return { status: 400, body: { message: 'Invalid shipment id', status_code: 400 } }
      if (order.awb) return { status: 200, body: { awb_assign_status: 0, response: { data: { awb_assign_error: `AWB is already assigned for shipment ${order.shipmentId}` } } } }
      fake.awbsAssigned += 1
      order.awb = `1900${String(order.shipmentId).padStart(8, '0')}`
      order.courierName = 'Delhivery Surface'
      return { status: 200, body: { awb_assign_status: 1, response: { data: { courier_company_id: 12, awb_code: order.awb, courier_name: order.courierName, shipment_id: order.shipmentId, assigned_date_time: { date: '2026-11-27 10:00:00' } } } } }
    }
    if (method === 'POST' && path === '/v1/external/courier/generate/pickup') {
      const order = byShipment(ids(sent.shipment_id)[0])
      if (!order?.awb) return { status: 400, body: { message: 'Please assign AWB first', status_code: 400 } }
      if (order.pickupRequested) return { status: 400, body: { message: 'Already in Pickup Queue.', status_code: 400 } }
      order.pickupRequested = true
      return { status: 200, body: { pickup_status: 1, response: { pickup_scheduled_date: '2026-11-28 10:00:00', pickup_token_number: `PT${order.shipmentId}`, status: 3, etd: '2026-12-03 18:00:00' } } }
    }
    if (method === 'POST' && path === '/v1/external/courier/generate/label') {
      const order = byShipment(ids(sent.shipment_id)[0])
      if (!order?.awb) return { status: 400, body: { message: 'AWB not assigned', status_code: 400 } }
      return { status: 200, body: { label_created: 1, label_url: `${base()}/files/label-${order.awb}.pdf`, response: 'Label has been created and uploaded successfully!', not_created: [] } }
    }
    if (method === 'POST' && path === '/v1/external/manifests/generate') {
      const orders = ids(sent.shipment_id).map(byShipment)
      if (orders.length === 0 || orders.some((o) => !o?.awb)) return { status: 400, body: { message: 'Invalid shipment ids', status_code: 400 } }
      return { status: 200, body: { status: 1, manifest_url: `${base()}/files/manifest-${orders.length}.pdf` } }
    }
    const track = /^\/v1\/external\/courier\/track\/awb\/(.+)$/.exec(path)
    if (method === 'GET' && track) {
      const order = [...fake.orders.values()].find((o) => o.awb === decodeURIComponent(track[1] ?? ''))
      if (!order) return { status: 404, body: { tracking_data: { track_status: 0, error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.' } } }
      const latest = order.scans.at(-1)
      return { status: 200, body: { tracking_data: { track_status: 1, shipment_status: 6, shipment_track: [{ awb_code: order.awb, current_status: latest?.status ?? 'AWB ASSIGNED', edd: '2026-12-03 18:00:00' }], shipment_track_activities: [...order.scans].reverse(), track_url: `https://shiprocket.co/tracking/${order.awb}`, etd: '2026-12-03 18:00:00' } } }
    }
    const ndr = /^\/v1\/external\/ndr\/([^/]+)(\/action)?$/.exec(path)
    if (ndr && ndr[1] !== 'all') {
      const awb = decodeURIComponent(ndr[1] ?? '')
      const order = [...fake.orders.values()].find((o) => o.awb === awb)
      if (method === 'GET' && !ndr[2]) {
        if (!order?.ndr) return { status: 404, body: { message: 'No NDR found for this AWB', status_code: 404 } }
        return { status: 200, body: { data: [{ id: order.orderId, awb_code: awb, status: 'NDR', reason: order.ndr.reason, attempts: order.ndr.attempts, history: order.ndr.history }] } }
      }
      if (method === 'POST' && ndr[2]) {
        const errors: Record<string, string[]> = {}
        if (!['re-attempt', 'return', 'fake-attempt'].includes(String(sent.action))) errors.action = ['The selected action is invalid.']
        if (typeof sent.comments !== 'string' || sent.comments.trim() === '') errors.comments = ['The comments field is required.']
        if (sent.phone !== undefined && !/^[6-9]\d{9}$/.test(String(sent.phone))) errors.phone = ['The phone must be 10 digits.']
        if (Object.keys(errors).length > 0) return { status: 422, body: { message: 'Oops! Invalid Data.', errors, status_code: 422 } }
        if (!order?.ndr) return { status: 400, body: { message: 'NDR action is not allowed for this AWB', status_code: 400 } }
        const text = (v: unknown) => (typeof v === 'string' ? v : '')
        order.ndr.history.push({ ndr_attempt: order.ndr.attempts, action: String(sent.action), comments: text(sent.comments), phone: text(sent.phone), address1: text(sent.address1), address2: text(sent.address2), created_at: indiaNow() })
        fake.ndrActions.push(`${awb} ${String(sent.action)}`)
        if (sent.action === 'return') order.scans.push({ date: indiaNow(), status: 'RTO INITIATED', activity: 'RTO Initiated', location: '', 'sr-status-label': 'RTO INITIATED' })
        return { status: 202, body: { message: 'Action taken successfully', status_code: 202 } }
      }
    }
    if (method === 'POST' && path === '/v1/external/orders/cancel') {
      const found = ids(sent.ids).map((id) => [...fake.orders.values()].find((o) => String(o.orderId) === String(id)))
      if (found.some((o) => !o)) return { status: 422, body: { message: 'Invalid order ids', status_code: 422 } }
      for (const order of found) if (order) order.cancelled = true
      return { status: 200, body: { status: 200, message: 'Order cancelled successfully.' } }
    }
    return null
  }
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const fakeUrl = `http://127.0.0.1:${port}`
  return Object.assign(fake, {
    url: fakeUrl,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  })
}
