// Issue 29's sale day: 32 shoppers for a minute, half of the browsing signed in, and 10% of what they
// do a checkout paid through the TEST MODE gateway (the shop's own fake Razorpay: a signed result the
// shop checks as Razorpay's). p50/p99 per kind of request; the caller reads the peak RSS.
import { createHmac } from 'node:crypto'
import { Agent, request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { PHONE_HEADERS } from './ratio.mjs'

const ADDRESS = { addressLine: '221 Residency Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560025', phone: '+91 98450 12345' }

/** What the TEST MODE gateway's page posts back: signed with the gateway's secret, derived from SESSION_SECRET. */
function testPayment(sessionSecret, gatewayOrderId, paymentId, orderId) {
  const secret = createHmac('sha256', sessionSecret).update('test-payment-gateway').digest('hex')
  const signature = createHmac('sha256', secret).update(`${gatewayOrderId}|${paymentId}`).digest('hex')
  return { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature, orderId }
}

/** A body as sent, in the encoding the phone asked for (PHONE_HEADERS): brotli or gzip, or as it is. */
const decoded = (bytes, encoding) => (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes)

/** One request on a keep-alive agent: its time, status and body (JSON answers are read). */
function timed(agent, base, path, { method = 'GET', headers = {}, json } = {}) {
  const body = json === undefined ? undefined : JSON.stringify(json)
  const head = { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) }
  return new Promise((done) => {
    const started = performance.now()
    const req = request(base + path, { method, agent, headers: head }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        const text = /json/.test(res.headers['content-type'] ?? '') ? decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8') : ''
        let parsed = null
        try {
          parsed = text ? JSON.parse(text) : null
        } catch {}
        done({ ms: performance.now() - started, status: res.statusCode ?? 0, body: parsed, cookies: res.headers['set-cookie'] ?? [] })
      })
    })
    req.on('error', () => done({ ms: performance.now() - started, status: 0, body: null, cookies: [] }))
    req.end(body)
  })
}

/**
 * The network shopper `n` comes from, as the shop's reverse proxy tells it (X-Forwarded-For; the shop
 * trusts a proxy on loopback by default, TRUST_PROXY): an address of her own in 198.18.0.0/15, the
 * block set aside for benchmarks (RFC 2544). On one address the 32 shoppers were one network, which
 * the shop lets hold at most 10 of a piece in unpaid checkouts together (ADR 050): now and then a
 * checkout was refused with `checkouts from your network already hold the most one network may (10)`.
 */
const fromNetwork = (n) => ({ 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` })

/** A shopper of her own: registered, signed in (cookie for pages, token for /api), with an address and a network. */
async function newShopper(agent, base, n) {
  const email = `sale-day-${Date.now()}-${n}@bench.example`
  const auth = { userName: `Sale Day ${n}`, email, password: 'sale-day-bench-1' }
  const from = fromNetwork(n)
  const registered = await timed(agent, base, '/api/auth/register', { method: 'POST', json: auth, headers: { origin: base, ...from } })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`)
  const login = await timed(agent, base, '/api/auth/login', { method: 'POST', json: auth, headers: { origin: base, ...from } })
  if (login.status !== 200) throw new Error(`login answered ${login.status}`)
  const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ')
  const id = login.body.user.id
  const authorization = `Bearer ${login.body.token}`
  const address = await timed(agent, base, '/api/shop/address/add', { method: 'POST', json: { userId: id, ...ADDRESS }, headers: { authorization, ...from } })
  if (address.status !== 201) throw new Error(`address answered ${address.status}`)
  return { id, cookie, authorization, from, addressId: address.body.data._id }
}

/** Up to six products a shopper adds with no choice to make (no colour, variety or personalisation), from the catalogue's first pages. */
async function plainProducts(agent, base) {
  const ids = []
  for (let page = 1; page <= 20 && ids.length < 6; page++) {
    const answer = await timed(agent, base, `/api/shop/products/get?page=${page}`, { headers: { accept: 'application/json' } })
    for (const p of answer.body?.data ?? []) {
      if (ids.length < 6 && !p.colors?.length && !p.variety && !p.personalization?.length && !p.madeToOrderDays) ids.push(p._id)
    }
  }
  if (!ids.length) throw new Error('No plain product to buy')
  return ids
}

const percentile = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] * 10) / 10 : null)

function summary(list) {
  const sorted = [...list].sort((a, b) => a - b)
  return { requests: sorted.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) }
}

/**
 * `concurrency` shoppers for `seconds`: 60% browse pages (half signed in with her session, half as a
 * visitor), 15% catalogue API, 15% a cart add over /api, 10% a checkout (add, create the order, pay
 * it); `onStart` is called as the timed run begins, after the shoppers' sign-ups. The products bought
 * are plain ones (no variants), given plenty of stock first (`adminToken`), so no checkout runs short;
 * a checkout changes only their exact stock, which their /api answers carry and their pages do not
 * show, so only those answers are dropped as it moves (ADR 103). A shopper adds a piece only while
 * her cart holds fewer than the shop's 10 a piece per order (DEFAULT_MAX_UNITS_PER_ORDER,
 * app/lib/checkout-limits.ts), as the shop's own pages let her: an eleventh is refused with a 400,
 * rightly, and is not the server's error. A failure keeps the answer's message. Each shopper comes
 * from a network of her own (`fromNetwork`).
 */
export async function measureSaleDay(baseUrl, { adminToken, sessionSecret, concurrency = 32, seconds = 60, onStart = () => {} }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency + 2 })
  const productIds = await plainProducts(agent, baseUrl)
  const productPaths = productIds.map((id) => `/shop/product/${id}`)
  for (const id of productIds) {
    const answer = await timed(agent, baseUrl, `/api/admin/products/edit/${id}`, { method: 'PUT', json: { totalStock: 100_000 }, headers: { authorization: `Bearer ${adminToken}` } })
    if (answer.status !== 200) throw new Error(`stock for ${id} answered ${answer.status}`)
  }
  const shoppers = []
  for (let n = 0; n < concurrency; n++) shoppers.push(await newShopper(agent, baseUrl, n))
  const browse = ['/shop/home', '/shop/listing', '/shop/listing?category=jewellery&sortBy=price-lowtohigh', '/shop/search?keyword=ocean', '/shop/about-us', ...productPaths]
  const api = ['/api/shop/products/get?page=1', '/api/shop/search/ocean?page=1', ...productIds.map((id) => `/api/shop/products/get/${id}`)]
  const times = { browseSignedIn: [], browseVisitor: [], api: [], cart: [], checkout: [] }
  const failures = []
  let errors = 0
  let paid = 0
  /** The most of one piece an order may hold: the shop's default (DEFAULT_MAX_UNITS_PER_ORDER in app/lib/checkout-limits.ts). */
  const MAX_UNITS_PER_ORDER = 10
  const pick = (list) => list[Math.floor(Math.random() * list.length)]
  const note = (kind, answer, wanted) => {
    times[kind].push(answer.ms)
    if (answer.status !== wanted) {
      errors++
      const said = answer.body?.message ?? Object.values(answer.body?.errors ?? {}).flat()[0] ?? ''
      if (failures.length < 20) failures.push(`${kind}: ${answer.status}${said ? ` ${said}` : ''}`)
    }
    return answer.status === wanted
  }
  /** A piece she may add one more of (null when her cart holds the most of each). */
  const pieceFor = (inCart) => {
    const room = productIds.filter((id) => (inCart.get(id) ?? 0) < MAX_UNITS_PER_ORDER)
    return room.length ? pick(room) : null
  }
  onStart()
  const end = Date.now() + seconds * 1000
  const run = async (shopper, n) => {
    // Her phone asks for compressed answers on every request, buying ones too (PHONE_HEADERS).
    const asShopper = { ...PHONE_HEADERS, accept: 'application/json', authorization: shopper.authorization, ...shopper.from }
    /** Her cart's pieces as the server told her: each add that answered 200, until an order of them is paid. */
    const inCart = new Map()
    const add = async (kind, productId) => {
      const line = { userId: shopper.id, productId, quantity: 1 }
      const added = note(kind, await timed(agent, baseUrl, '/api/shop/cart/add', { method: 'POST', json: line, headers: asShopper }), 200)
      if (added) inCart.set(productId, (inCart.get(productId) ?? 0) + 1)
      return added
    }
    while (Date.now() < end) {
      const roll = Math.random()
      const piece = pieceFor(inCart)
      if (roll < 0.6) {
        const signedIn = Math.random() < 0.5
        const headers = { ...PHONE_HEADERS, ...shopper.from, ...(signedIn ? { cookie: shopper.cookie } : {}) }
        note(signedIn ? 'browseSignedIn' : 'browseVisitor', await timed(agent, baseUrl, pick(browse), { headers }), 200)
      } else if (roll < 0.75) {
        note('api', await timed(agent, baseUrl, pick(api), { headers: { ...PHONE_HEADERS, ...shopper.from, accept: 'application/json' } }), 200)
      } else if (roll < 0.9 && piece !== null) {
        await add('cart', piece)
      } else {
        if (piece !== null && !(await add('checkout', piece))) continue
        const created = await timed(agent, baseUrl, '/api/shop/order/razorpay/create', {
          method: 'POST',
          json: { userId: shopper.id, addressInfo: { addressId: shopper.addressId } },
          headers: asShopper,
        })
        if (!note('checkout', created, 201)) continue
        const { orderId, razorpayOrder } = created.body
        const payment = testPayment(sessionSecret, razorpayOrder.id, `pay_bench_${orderId}_${n}`, orderId)
        const verified = await timed(agent, baseUrl, '/api/shop/order/razorpay/verify', { method: 'POST', json: payment, headers: asShopper })
        if (note('checkout', verified, 200)) {
          paid++
          inCart.clear()
        }
      }
    }
  }
  await Promise.all(shoppers.map(run))
  agent.destroy()
  const browseAll = [...times.browseSignedIn, ...times.browseVisitor]
  return {
    concurrency,
    seconds,
    errors,
    failures,
    paidOrders: paid,
    browse: summary(browseAll),
    browseSignedIn: summary(times.browseSignedIn),
    browseVisitor: summary(times.browseVisitor),
    api: summary(times.api),
    cart: summary(times.cart),
    checkout: summary(times.checkout),
  }
}
