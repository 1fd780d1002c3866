// The access control matrix: every route in app/routes.ts, as a visitor, a shopper (the owner of the
// ids in the url), another shopper and the admin, with the expected answer in each cell. Pages are
// asked with the session cookie, /api routes with the Bearer token. Mutating cells send a body the
// owner would get a 400 for, so the matrix proves who gets past the guard without changing anything;
// afterwards the owner's cart, address and order are checked to be untouched, and no cell shows a
// shopper another shopper's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routePaths } from '../helpers/route-paths'
import { ADMIN, ADMIN_ENV, type Answer, Browser, expectNoLeak, expectNoStackTrace, type Holdings, shopperWithHoldings } from '../helpers/shop-client'
import { type RunningServer, startServer } from './server'

type Role = 'visitor' | 'owner' | 'other' | 'admin'
const ROLES: Role[] = ['visitor', 'owner', 'other', 'admin']

/** A status, or a redirect: '→/path' (302 whose Location starts with /path). */
type Outcome = number | `→${string}`

interface Ids {
  a: Holdings
  b: Holdings
  productId: string
}

interface Cell {
  method: string
  url: (ids: Ids, role: Role) => string
  body?: (ids: Ids, role: Role) => unknown
  /** One outcome for all roles, or one per role. */
  expect: Outcome | Record<Role, Outcome>
  /** Run with a fresh login (the cell ends its session). */
  fresh?: boolean
}

const L: Outcome = '→/auth/login'
const SHOP: Outcome = '→/shop/home'
const ADMIN_HOME: Outcome = '→/admin/products'
const DENIED: Outcome = '→/unauth-page'
const NO_ID = 'a0000000000000000000000000000000'
const VALID_ADDRESS = { addressLine: '1 Thief Street', city: 'Agra', state: 'Uttar Pradesh', pincode: '282001', phone: '+91 98111 22233', notes: '' }

const shopPage = (path: string): Cell => ({ method: 'GET', url: () => path, expect: { visitor: 200, owner: 200, other: 200, admin: ADMIN_HOME } })
const signedInShopPage = (path: string): Cell => ({ method: 'GET', url: () => path, expect: { visitor: L, owner: 200, other: 200, admin: ADMIN_HOME } })
const adminPage = (url: Cell['url']): Cell => ({ method: 'GET', url, expect: { visitor: L, owner: DENIED, other: DENIED, admin: 200 } })
const adminPost = (url: Cell['url'], body: Record<string, string> = {}, admin: Outcome = 400): Cell => ({
  method: 'POST',
  url,
  body: () => body,
  expect: { visitor: L, owner: DENIED, other: DENIED, admin },
})
const publicApi = (url: Cell['url']): Cell => ({ method: 'GET', url, expect: 200 })
const adminApi = (method: string, url: Cell['url'], admin: Outcome, body?: unknown): Cell => ({
  method,
  url,
  body: body === undefined ? undefined : () => body,
  expect: { visitor: 401, owner: 403, other: 403, admin },
})
/** An /api route about the owner's own data: another shopper 403; the admin may read (200) but not write (403). */
const ownerApi = (method: string, url: Cell['url'], owner: Outcome, admin: Outcome, body?: Cell['body']): Cell => ({
  method,
  url,
  body,
  expect: { visitor: 401, owner, other: 403, admin },
})

/** The rules, by route module. A route module without a rule fails the test. */
const RULES: Record<string, Cell[]> = {
  'routes/index.tsx': [{ method: 'GET', url: () => '/', expect: { visitor: SHOP, owner: SHOP, other: SHOP, admin: ADMIN_HOME } }],
  'routes/theme.ts': [
    { method: 'GET', url: () => '/theme', expect: '→/' },
    { method: 'POST', url: () => '/theme', body: () => ({ theme: 'dark', redirectTo: '/shop/about-us' }), expect: '→/shop/about-us' },
  ],
  'routes/auth/layout.tsx': [{ method: 'GET', url: () => '/auth/login', expect: { visitor: 200, owner: SHOP, other: SHOP, admin: ADMIN_HOME } }],
  'routes/auth/login.tsx': [
    { method: 'GET', url: () => '/auth/login', expect: { visitor: 200, owner: SHOP, other: SHOP, admin: ADMIN_HOME } },
    { method: 'POST', url: () => '/auth/login', body: () => ({ email: 'x' }), expect: { visitor: 400, owner: SHOP, other: SHOP, admin: ADMIN_HOME } },
  ],
  'routes/auth/register.tsx': [
    { method: 'GET', url: () => '/auth/register', expect: { visitor: 200, owner: SHOP, other: SHOP, admin: ADMIN_HOME } },
    { method: 'POST', url: () => '/auth/register', body: () => ({ email: 'x' }), expect: { visitor: 400, owner: SHOP, other: SHOP, admin: ADMIN_HOME } },
  ],
  'routes/auth/forgot-password.tsx': [
    { method: 'GET', url: () => '/auth/forgot-password', expect: { visitor: 200, owner: SHOP, other: SHOP, admin: ADMIN_HOME } },
    { method: 'POST', url: () => '/auth/forgot-password', body: () => ({ email: 'x' }), expect: { visitor: 400, owner: SHOP, other: SHOP, admin: ADMIN_HOME } },
  ],
  // A reset link opens signed in too (the demo's admin follows it from /admin/mail).
  'routes/auth/reset-password.tsx': [
    { method: 'GET', url: () => '/auth/reset-password?token=x', expect: 200 },
    { method: 'POST', url: () => '/auth/reset-password', body: () => ({ token: 'x' }), expect: 400 },
  ],
  'routes/auth/logout.ts': [
    { method: 'GET', url: () => '/auth/logout', expect: '→/' },
    { method: 'POST', url: () => '/auth/logout', expect: '→/shop/home', fresh: true },
  ],
  'routes/admin/layout.tsx': [adminPage(() => '/admin/dashboard')],
  'routes/admin/index.ts': [{ method: 'GET', url: () => '/admin', expect: { visitor: L, owner: DENIED, other: DENIED, admin: '→/admin/dashboard' } }],
  'routes/admin/dashboard.tsx': [adminPage(() => '/admin/dashboard')],
  'routes/admin/products.tsx': [adminPage(() => '/admin/products'), adminPost(() => '/admin/products', { productId: NO_ID }, 404)],
  'routes/admin/product-new.tsx': [adminPage(() => '/admin/products/new'), adminPost(() => '/admin/products/new')],
  'routes/admin/product-edit.tsx': [
    adminPage((ids) => `/admin/products/${ids.productId}/edit`),
    adminPost((ids) => `/admin/products/${ids.productId}/edit`, { price: 'not a price' }),
  ],
  'routes/admin/orders.tsx': [adminPage(() => '/admin/orders')],
  'routes/admin/order.tsx': [adminPage((ids) => `/admin/orders/${ids.a.orderId}`), adminPost((ids) => `/admin/orders/${ids.a.orderId}`, { status: 'paid' })],
  'routes/admin/order-invoice.ts': [adminPage((ids) => `/admin/orders/${ids.a.orderId}/invoice.pdf`)],
  // A return's photo of damage (ADR 101): the admin's route; no such photo on this order is a 404.
  'routes/admin/order-return-photo.ts': [
    { method: 'GET', url: (ids) => `/admin/orders/${ids.a.orderId}/return-photos/${'a'.repeat(32)}-320.webp`, expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } },
  ],
  'routes/admin/order-credit-note.ts': [{ method: 'GET', url: (ids) => `/admin/orders/${ids.a.orderId}/credit-note.pdf`, expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } }],
  // Packing slips (ADR 072): the admin's only; an unknown order 404, none chosen back to the list.
  'routes/admin/order-packing-slip.ts': [
    adminPage((ids) => `/admin/orders/${ids.a.orderId}/packing-slip.pdf`),
    { method: 'GET', url: () => `/admin/orders/${NO_ID}/packing-slip.pdf`, expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } },
  ],
  'routes/admin/packing-slips.tsx': [adminPage(() => '/admin/packing-slips')],
  'routes/admin/packing-slips-pdf.ts': [
    adminPage((ids) => `/admin/packing-slips.pdf?order=${ids.a.orderId}`),
    { method: 'GET', url: () => '/admin/packing-slips.pdf', expect: { visitor: L, owner: DENIED, other: DENIED, admin: '→/admin/packing-slips' } },
  ],
  // A count for a piece that does not exist is refused next to its row (400) and changes nothing.
  'routes/admin/inventory.tsx': [
    adminPage(() => '/admin/inventory?stock=low&q=resin'),
    adminPost(() => '/admin/inventory', { 'counts[0].productId': NO_ID, 'counts[0].seen': '0', 'counts[0].stock': '3' }),
  ],
  'routes/admin/inventory-history.tsx': [adminPage((ids) => `/admin/inventory/history?product=${ids.productId}`)],
  'routes/admin/inventory-export.ts': [adminPage(() => '/admin/inventory/export.csv')],
  // A post without a file is answered on the page (400) and changes nothing.
  'routes/admin/inventory-import.tsx': [adminPage(() => '/admin/inventory/import'), adminPost(() => '/admin/inventory/import', { intent: 'dry-run' })],
  // Hiding without a reason is refused (400), whichever review it names.
  'routes/admin/reviews.tsx': [adminPage(() => '/admin/reviews?show=hidden&page=2'), adminPost(() => '/admin/reviews', { intent: 'hide', reviewId: NO_ID })],
  'routes/admin/banners.tsx': [adminPage(() => '/admin/features'), adminPost(() => '/admin/features', { intent: 'add' })],
  'routes/admin/search-synonyms.tsx': [adminPage(() => '/admin/search-words'), adminPost(() => '/admin/search-words', { synonyms: 'not a line' })],
  // A holiday line that is not a day is refused next to the box (400) and changes nothing.
  'routes/admin/discounts.tsx': [adminPage(() => '/admin/discounts'), adminPost(() => '/admin/discounts', { intent: 'pause', id: NO_ID }, '→/admin/discounts')],
  'routes/admin/discount-new.tsx': [adminPage(() => '/admin/discounts/new'), adminPost(() => '/admin/discounts/new')],
  'routes/admin/discount-edit.tsx': [
    { method: 'GET', url: () => `/admin/discounts/${NO_ID}/edit`, expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } },
    adminPost(() => `/admin/discounts/${NO_ID}/edit`),
  ],
  'routes/admin/offers.tsx': [adminPage(() => '/admin/offers'), adminPost(() => '/admin/offers', { intent: 'pause', id: NO_ID }, '→/admin/offers')],
  'routes/admin/offer-new.tsx': [adminPage(() => '/admin/offers/new'), adminPost(() => '/admin/offers/new')],
  'routes/admin/offer-edit.tsx': [
    { method: 'GET', url: () => `/admin/offers/${NO_ID}/edit`, expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } },
    adminPost(() => `/admin/offers/${NO_ID}/edit`),
  ],
  'routes/admin/dispatch.tsx': [adminPage(() => '/admin/dispatch'), adminPost(() => '/admin/dispatch', { handlingDays: '1', holidays: 'not a day' })],
  'routes/admin/delivery.tsx': [adminPage(() => '/admin/delivery'), adminPost(() => '/admin/delivery', { shipFrom: 'nowhere' })],
  // Returns (ADR 099): a window that is not a number is refused next to its box (400) and saves nothing.
  'routes/admin/returns.tsx': [adminPage(() => '/admin/returns'), adminPost(() => '/admin/returns', { windowDays: 'soon', reasons: 'damaged' })],
  'routes/admin/mail.tsx': [adminPage(() => '/admin/mail')],
  // Policy pages (ADR 081): an empty text is refused next to the box (400) and saves nothing.
  'routes/admin/policies.tsx': [adminPage(() => '/admin/policies')],
  'routes/admin/policy-edit.tsx': [
    adminPage(() => '/admin/policies/returns'),
    { method: 'GET', url: () => '/admin/policies/cookies', expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } },
    adminPost(() => '/admin/policies/returns', { intent: 'save', body: '' }),
  ],
  // Mail 1 is the confirmation of Alpha's paid order; a post asks to send a given-up mail again.
  'routes/admin/mail-message.tsx': [adminPage(() => '/admin/mail/1'), adminPost(() => '/admin/mail/1', {}, '→/admin/mail/1')],
  // Custom requests: an unknown one is a 404 for the admin; a post with a bad status changes nothing.
  'routes/admin/custom-orders.tsx': [adminPage(() => '/admin/custom-orders?status=new&page=2')],
  'routes/admin/custom-order.tsx': [
    { method: 'GET', url: () => '/admin/custom-orders/999999', expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } },
    adminPost(() => '/admin/custom-orders/999999', { status: 'paid' }),
  ],
  'routes/shop/layout.tsx': [shopPage('/shop/home')],
  'routes/shop/index.ts': [{ method: 'GET', url: () => '/shop', expect: { visitor: SHOP, owner: SHOP, other: SHOP, admin: ADMIN_HOME } }],
  'routes/shop/home.tsx': [shopPage('/shop/home')],
  'routes/shop/listing.tsx': [shopPage('/shop/listing?category=jewellery&sortBy=price-hightolow&page=2')],
  'routes/shop/search.tsx': [shopPage('/shop/search?keyword=resin')],
  'routes/shop/about-us.tsx': [shopPage('/shop/about-us')],
  'routes/shop/policy.tsx': [shopPage('/shop/policies/terms'), shopPage('/shop/policies/returns')],
  // Anyone may ask for a custom piece; a post without contact details is a 400 that stores nothing.
  'routes/shop/custom-order.tsx': [
    shopPage('/shop/custom-order'),
    { method: 'POST', url: () => '/shop/custom-order', body: () => ({ name: '' }), expect: { visitor: 400, owner: 400, other: 400, admin: ADMIN_HOME } },
  ],
  'routes/shop/cart.tsx': [
    shopPage('/shop/cart'),
    {
      method: 'POST',
      url: () => '/shop/cart',
      body: (ids) => ({ intent: 'remove', productId: ids.a.productId, quantity: 'lots' }),
      expect: { visitor: '→/shop/cart', owner: '→/shop/cart', other: '→/shop/cart', admin: ADMIN_HOME },
    },
  ],
  'routes/shop/product.tsx': [
    { method: 'GET', url: (ids) => `/shop/product/${ids.productId}`, expect: { visitor: 200, owner: 200, other: 200, admin: ADMIN_HOME } },
    { method: 'GET', url: () => `/shop/product/${NO_ID}`, expect: { visitor: 404, owner: 404, other: 404, admin: ADMIN_HOME } },
    {
      method: 'POST',
      url: (ids) => `/shop/product/${ids.productId}`,
      body: () => ({ quantity: '-3', price: '1' }),
      expect: { visitor: 400, owner: 400, other: 400, admin: ADMIN_HOME },
    },
    // The review forms: a visitor signs in first; a shopper's bad value is a 400; deleting a review
    // one does not have is flashed back to the product's reviews.
    {
      method: 'POST',
      url: (ids) => `/shop/product/${ids.productId}`,
      body: () => ({ intent: 'review', reviewValue: '9' }),
      expect: { visitor: L, owner: 400, other: 400, admin: ADMIN_HOME },
    },
    {
      method: 'POST',
      url: (ids) => `/shop/product/${ids.productId}`,
      body: () => ({ intent: 'review-delete' }),
      expect: { visitor: L, owner: '→/shop/product/', other: '→/shop/product/', admin: ADMIN_HOME },
    },
  ],
  'routes/shop/signed-in.tsx': [signedInShopPage('/shop/account')],
  'routes/shop/checkout.tsx': [
    signedInShopPage('/shop/checkout'),
    {
      method: 'POST',
      url: () => '/shop/checkout',
      // Another shopper's address is never usable.
      body: (ids, role) => ({ intent: 'pay', addressId: role === 'other' ? ids.a.addressId : ids.b.addressId, totalAmount: '1' }),
      expect: { visitor: L, owner: 400, other: 400, admin: ADMIN_HOME },
    },
  ],
  'routes/shop/account.tsx': [
    signedInShopPage('/shop/account?tab=address'),
    {
      method: 'POST',
      url: () => '/shop/account',
      // The owner's address id: only the owner may delete it; the owner sends an unknown intent instead.
      body: (ids, role) => (role === 'owner' ? { intent: 'nonsense' } : { intent: 'address-delete', addressId: ids.a.addressId }),
      expect: { visitor: L, owner: 400, other: '→/shop/account?tab=address', admin: ADMIN_HOME },
    },
  ],
  'routes/shop/order.tsx': [
    { method: 'GET', url: (ids) => `/shop/account/orders/${ids.a.orderId}`, expect: { visitor: L, owner: 200, other: 404, admin: ADMIN_HOME } },
  ],
  // The owner's paid order has an invoice and no credit note; Bravo's order is unpaid (no invoice).
  'routes/shop/order-invoice.ts': [
    { method: 'GET', url: (ids) => `/shop/account/orders/${ids.a.orderId}/invoice.pdf`, expect: { visitor: L, owner: 200, other: 404, admin: ADMIN_HOME } },
    { method: 'GET', url: (ids) => `/shop/account/orders/${ids.b.orderId}/invoice.pdf`, expect: { visitor: L, owner: 404, other: 404, admin: ADMIN_HOME } },
  ],
  // A return's photo (ADR 101): only through its own order, for its shopper; anything else a 404 (return-photos.test.ts serves a real one).
  'routes/shop/order-return-photo.ts': [
    { method: 'GET', url: (ids) => `/shop/account/orders/${ids.a.orderId}/return-photos/${'a'.repeat(32)}-320.webp`, expect: { visitor: L, owner: 404, other: 404, admin: ADMIN_HOME } },
  ],
  'routes/shop/order-credit-note.ts': [
    { method: 'GET', url: (ids) => `/shop/account/orders/${ids.a.orderId}/credit-note.pdf`, expect: { visitor: L, owner: 404, other: 404, admin: ADMIN_HOME } },
  ],
  'routes/shop/payment-success.tsx': [signedInShopPage('/shop/payment-success')],
  'routes/shop/payment-failed.tsx': [
    // Only the order's owner reads what became of its payment.
    { method: 'GET', url: (ids) => `/shop/payment/failed?order=${ids.a.orderId}`, expect: { visitor: L, owner: 200, other: 404, admin: ADMIN_HOME } },
  ],
  'routes/shop/payment-test.tsx': [
    {
      method: 'GET',
      // The other shopper's order is still payable; only its owner may open its payment page.
      url: (ids) => `/shop/payment/test?order=${ids.b.gatewayOrderId}`,
      expect: { visitor: L, owner: 404, other: 200, admin: ADMIN_HOME },
    },
  ],
  'routes/shop/payment-callback.ts': [
    { method: 'GET', url: () => '/shop/payment/callback', expect: { visitor: '→/shop/checkout', owner: '→/shop/checkout', other: '→/shop/checkout', admin: ADMIN_HOME } },
    {
      method: 'POST',
      url: () => '/shop/payment/callback',
      body: (ids) => ({ razorpay_order_id: ids.a.gatewayOrderId, razorpay_payment_id: 'pay_forged', razorpay_signature: 'f'.repeat(64) }),
      expect: { visitor: '→/shop/checkout', owner: '→/shop/checkout', other: '→/shop/checkout', admin: ADMIN_HOME },
    },
  ],
  'routes/shop/payment-cancel.ts': [
    {
      method: 'GET',
      url: (ids) => `/shop/payment/cancel?order=${ids.a.gatewayOrderId}`,
      expect: { visitor: '→/shop/checkout', owner: '→/shop/checkout', other: '→/shop/checkout', admin: ADMIN_HOME },
    },
  ],
  'routes/unauth-page.tsx': [{ method: 'GET', url: () => '/unauth-page', expect: 200 }],
  'routes/not-found.tsx': [
    { method: 'GET', url: () => '/no/such/page', expect: 404 },
    { method: 'POST', url: () => '/no/such/page', body: () => ({}), expect: 404 },
  ],

  'routes/api/auth/register.ts': [{ method: 'POST', url: () => '/api/auth/register', body: () => ({ email: 'x' }), expect: 400 }],
  'routes/api/auth/login.ts': [{ method: 'POST', url: () => '/api/auth/login', body: () => ({ password: 1 }), expect: 400 }],
  'routes/api/auth/logout.ts': [{ method: 'POST', url: () => '/api/auth/logout', expect: 200, fresh: true }],
  'routes/api/auth/forgot-password.ts': [{ method: 'POST', url: () => '/api/auth/forgot-password', body: () => ({ email: 'x' }), expect: 400 }],
  'routes/api/auth/reset-password.ts': [{ method: 'POST', url: () => '/api/auth/reset-password', body: () => ({ token: 'x' }), expect: 400 }],
  'routes/api/auth/check-auth.ts': [{ method: 'GET', url: () => '/api/auth/check-auth', expect: { visitor: 401, owner: 200, other: 200, admin: 200 } }],
  'routes/api/shop/products.ts': [publicApi(() => '/api/shop/products/get?category=jewellery&page=1')],
  'routes/api/shop/product.ts': [publicApi((ids) => `/api/shop/products/get/${ids.productId}`)],
  'routes/api/shop/search.ts': [publicApi(() => '/api/shop/search/resin')],
  'routes/api/shop/pincode.ts': [publicApi(() => '/api/shop/pincode/400050')],
  'routes/api/shop/reviews.ts': [
    publicApi((ids) => `/api/shop/review/${ids.productId}`),
    // Only one's own review is deleted: nobody here has one.
    { method: 'DELETE', url: (ids) => `/api/shop/review/${ids.productId}`, expect: { visitor: 401, owner: 404, other: 404, admin: 404 } },
  ],
  // A bad value is the owner's 400; naming the owner's userId is everyone else's 403.
  'routes/api/shop/review-add.ts': [
    ownerApi('POST', () => '/api/shop/review/add', 400, 403, (ids) => ({ userId: ids.a.userId, productId: ids.productId, reviewValue: 9 })),
  ],
  'routes/api/shop/cart-add.ts': [ownerApi('POST', () => '/api/shop/cart/add', 404, 403, (ids) => ({ userId: ids.a.userId, productId: NO_ID, quantity: 1 }))],
  'routes/api/shop/cart-get.ts': [ownerApi('GET', (ids) => `/api/shop/cart/get/${ids.a.userId}`, 200, 200)],
  'routes/api/shop/cart-update.ts': [
    ownerApi('PUT', () => '/api/shop/cart/update-cart', 404, 403, (ids) => ({ userId: ids.a.userId, productId: NO_ID, quantity: 1 })),
  ],
  'routes/api/shop/cart-discount.ts': [ownerApi('POST', () => '/api/shop/cart/discount', 400, 403, (ids) => ({ userId: ids.a.userId, code: 'NOPE' }))],
  'routes/api/shop/cart-discount-delete.ts': [ownerApi('DELETE', (ids) => `/api/shop/cart/discount/${ids.a.userId}`, 200, 403)],
  'routes/api/shop/cart-delete.ts': [ownerApi('DELETE', (ids) => `/api/shop/cart/${ids.a.userId}/${NO_ID}`, 404, 403)],
  'routes/api/shop/address-add.ts': [
    ownerApi('POST', () => '/api/shop/address/add', 400, 403, (ids, role) => (role === 'owner' ? { userId: ids.a.userId } : { userId: ids.a.userId, ...VALID_ADDRESS })),
  ],
  'routes/api/shop/address-get.ts': [ownerApi('GET', (ids) => `/api/shop/address/get/${ids.a.userId}`, 200, 200)],
  'routes/api/shop/address-update.ts': [
    ownerApi('PUT', (ids) => `/api/shop/address/update/${ids.a.userId}/${ids.a.addressId}`, 400, 403, () => ({ pincode: 12 })),
    // Another shopper naming themselves but the owner's address: not found.
    {
      method: 'PUT',
      url: (ids, role) => `/api/shop/address/update/${role === 'other' ? ids.b.userId : ids.a.userId}/${ids.a.addressId}`,
      body: (_ids, role) => (role === 'owner' ? { pincode: 12 } : { ...VALID_ADDRESS, city: 'Stolen' }),
      expect: { visitor: 401, owner: 400, other: 404, admin: 403 },
    },
  ],
  'routes/api/shop/address-delete.ts': [
    ownerApi('DELETE', (ids, role) => `/api/shop/address/delete/${ids.a.userId}/${role === 'owner' ? NO_ID : ids.a.addressId}`, 404, 403),
    {
      method: 'DELETE',
      url: (ids, role) => `/api/shop/address/delete/${role === 'other' ? ids.b.userId : ids.a.userId}/${role === 'owner' ? NO_ID : ids.a.addressId}`,
      expect: { visitor: 401, owner: 404, other: 404, admin: 403 },
    },
  ],
  'routes/api/shop/order-create.ts': [{ method: 'POST', url: () => '/api/shop/order/create', body: () => ({}), expect: 410 }],
  'routes/api/shop/order-razorpay-create.ts': [
    ownerApi('POST', () => '/api/shop/order/razorpay/create', 400, 403, (ids) => ({ userId: ids.a.userId, addressId: ids.b.addressId, totalAmount: 1 })),
  ],
  'routes/api/shop/order-razorpay-verify.ts': [
    {
      method: 'POST',
      url: () => '/api/shop/order/razorpay/verify',
      body: (ids) => ({ orderId: ids.a.orderId, razorpay_order_id: ids.a.gatewayOrderId, razorpay_payment_id: 'pay_x', razorpay_signature: '0'.repeat(64) }),
      expect: { visitor: 401, owner: 400, other: 403, admin: 403 },
    },
  ],
  'routes/api/shop/order-razorpay-webhook.ts': [
    { method: 'POST', url: () => '/api/shop/order/razorpay/webhook', body: () => ({ event: 'order.paid' }), expect: 404 },
  ],
  'routes/api/shop/order-list.ts': [ownerApi('GET', (ids) => `/api/shop/order/list/${ids.a.userId}`, 200, 200)],
  'routes/api/shop/order-details.ts': [
    { method: 'GET', url: (ids) => `/api/shop/order/details/${ids.a.orderId}`, expect: { visitor: 401, owner: 200, other: 404, admin: 200 } },
  ],
  // Cancelling for real is in api-order-cancel.test.ts (owner 200, someone else 403); here no order is touched.
  'routes/api/shop/order-cancel.ts': [
    { method: 'POST', url: () => `/api/shop/order/cancel/${NO_ID}`, expect: { visitor: 401, owner: 404, other: 404, admin: 404 } },
  ],
  // Returns for real are in api-returns.test.ts; here no order is touched.
  'routes/api/shop/order-return.ts': [
    { method: 'POST', url: () => `/api/shop/order/return/${NO_ID}`, body: () => ({ items: [] }), expect: { visitor: 401, owner: 404, other: 404, admin: 404 } },
  ],
  // The owner's moves (ADR 099): an unknown return is the admin's 404, nothing moved.
  'routes/api/admin/order-return.ts': [adminApi('POST', () => `/api/admin/orders/return/${NO_ID}`, 404, { action: 'approve' })],
  'routes/api/admin/returns.ts': [adminApi('GET', () => '/api/admin/returns?status=open', 200)],
  'routes/api/common/banners.ts': [publicApi(() => '/api/common/feature/get')],
  'routes/api/common/banner-add.ts': [adminApi('POST', () => '/api/common/feature/add', 400, { image: 'javascript:alert(1)' })],
  'routes/api/common/banner-delete.ts': [adminApi('DELETE', () => `/api/common/feature/delete/${NO_ID}`, 404)],
  'routes/api/common/banner-update.ts': [adminApi('PUT', () => `/api/common/feature/update/${NO_ID}`, 404, { headline: 'Diwali' })],
  'routes/api/common/banner-order.ts': [adminApi('PUT', () => '/api/common/feature/order', 400, { ids: [NO_ID] })],
  'routes/api/admin/upload-image.ts': [adminApi('POST', () => '/api/admin/products/upload-image', 400, { my_file: 'x' })],
  'routes/api/admin/products.ts': [adminApi('GET', () => '/api/admin/products/get', 200)],
  'routes/api/admin/product-add.ts': [adminApi('POST', () => '/api/admin/products/add', 400, { title: '' })],
  'routes/api/admin/product-edit.ts': [adminApi('PUT', (ids) => `/api/admin/products/edit/${ids.productId}`, 400, { price: 'free' })],
  'routes/api/admin/product-delete.ts': [adminApi('DELETE', () => `/api/admin/products/delete/${NO_ID}`, 404)],
  'routes/api/admin/orders.ts': [adminApi('GET', () => '/api/admin/orders/get', 200)],
  'routes/api/admin/order-details.ts': [adminApi('GET', (ids) => `/api/admin/orders/details/${ids.a.orderId}`, 200)],
  'routes/api/admin/order-update.ts': [adminApi('PUT', (ids) => `/api/admin/orders/update/${ids.a.orderId}`, 400, { orderStatus: 'paid' })],
  'routes/api/admin/discounts.ts': [adminApi('GET', () => '/api/admin/discounts', 200), adminApi('POST', () => '/api/admin/discounts', 400, { code: '' })],
  'routes/api/admin/discount-update.ts': [adminApi('PUT', () => `/api/admin/discounts/${NO_ID}`, 400, { code: '' })],
  'routes/api/admin/offers.ts': [adminApi('GET', () => '/api/admin/offers', 200), adminApi('POST', () => '/api/admin/offers', 400, { name: '' })],
  'routes/api/admin/offer-update.ts': [adminApi('PUT', () => `/api/admin/offers/${NO_ID}`, 400, { name: '' })],
  // Issue 32 (ADR 089): complaints from anyone; a shopper's data and her deletion (bodies that fail: nothing changes).
  'routes/shop/complaint.tsx': [
    shopPage('/shop/complaint'),
    { method: 'POST', url: () => '/shop/complaint', body: () => ({ name: '' }), expect: { visitor: 400, owner: 400, other: 400, admin: ADMIN_HOME } },
  ],
  'routes/shop/account-data.tsx': [
    signedInShopPage('/shop/account/data'),
    { method: 'POST', url: () => '/shop/account/data', body: () => ({ intent: 'delete', confirm: '' }), expect: { visitor: L, owner: 400, other: 400, admin: ADMIN_HOME } },
  ],
  'routes/shop/account-data-json.ts': [signedInShopPage('/shop/account/data.json')],
  'routes/admin/complaints.tsx': [adminPage(() => '/admin/complaints?status=open'), adminPost(() => '/admin/complaints', { complaintId: '999999', status: 'nope' })],
  'routes/admin/customers.tsx': [adminPage(() => '/admin/customers?q=example'), adminPost(() => '/admin/customers', { userId: NO_ID, confirm: 'no' })],
  'routes/admin/customer-data.ts': [
    { method: 'GET', url: () => `/admin/customers/${NO_ID}/data.json`, expect: { visitor: L, owner: DENIED, other: DENIED, admin: 404 } },
  ],
  'routes/api/shop/complaint.ts': [{ method: 'POST', url: () => '/api/shop/complaint', body: () => ({ name: '' }), expect: 400 }],
  'routes/api/shop/account-export.ts': [{ method: 'GET', url: () => '/api/shop/account/export', expect: { visitor: 401, owner: 200, other: 200, admin: 200 } }],
  'routes/api/shop/account.ts': [{ method: 'DELETE', url: () => '/api/shop/account', body: () => ({ confirm: 'not it' }), expect: { visitor: 401, owner: 400, other: 400, admin: 400 } }],
  'routes/api/not-found.ts': [{ method: 'GET', url: () => '/api/no/such/route', expect: 404 }],
  // A partial refund (ADR 087) with no reason: the admin's 400 refunds nothing.
  'routes/api/admin/order-refund.ts': [adminApi('POST', (ids) => `/api/admin/orders/refund/${ids.a.orderId}`, 400, { amount: 1 })],
  'routes/api/shop/shipping-quote.ts': [
    publicApi((ids) => `/api/shop/shipping/quote?pincode=560038&productId=${ids.productId}`),
    ownerApi('GET', (ids) => `/api/shop/shipping/quote?pincode=560038&userId=${ids.a.userId}`, 200, 200),
  ],
  // Parcels (ADR 086): the label and manifest are the admin's; no parcel goes back with a toast. The
  // courier's webhook takes no session: without its token (none configured here) it is a 401 for all.
  'routes/admin/order-label.ts': [
    { method: 'GET', url: () => `/admin/orders/${NO_ID}/label.pdf`, expect: { visitor: L, owner: DENIED, other: DENIED, admin: `→/admin/orders/${NO_ID}` } },
  ],
  'routes/admin/shipping-manifest.ts': [
    { method: 'GET', url: () => '/admin/shipping/manifest.pdf?day=2020-01-01', expect: { visitor: L, owner: DENIED, other: DENIED, admin: '→/admin/orders' } },
  ],
  'routes/api/shipping-webhook.ts': [{ method: 'POST', url: () => '/api/shipping/shiprocket/webhook', body: () => ({ awb: '19000000001' }), expect: 401 }],
  // Custom orders' quotes (ADR 088): only her own request; a signed link that does not hold is a 400 for anyone.
  'routes/shop/custom-quote.tsx': [
    { method: 'GET', url: () => '/shop/account/custom-orders/999999', expect: { visitor: L, owner: 404, other: 404, admin: ADMIN_HOME } },
    { method: 'POST', url: () => '/shop/account/custom-orders/999999', body: () => ({ intent: 'pay' }), expect: { visitor: L, owner: 404, other: 404, admin: ADMIN_HOME } },
  ],
  'routes/shop/custom-quote-link.tsx': [
    { method: 'GET', url: () => '/shop/custom-order/quote/1.1.9999999999.forgednonce1.AAAA', expect: { visitor: 400, owner: 400, other: 400, admin: ADMIN_HOME } },
    { method: 'POST', url: () => '/shop/custom-order/quote/1.1.9999999999.forgednonce1.AAAA', body: () => ({ intent: 'decline', reason: 'x' }), expect: { visitor: 400, owner: 400, other: 400, admin: ADMIN_HOME } },
  ],
  'routes/shop/custom-quote-paid.tsx': [
    { method: 'GET', url: () => '/shop/custom-order/paid?razorpay_payment_link_id=plink_forged&razorpay_payment_id=pay_x&razorpay_payment_link_status=paid&razorpay_signature=00', expect: { visitor: 200, owner: 200, other: 200, admin: ADMIN_HOME } },
  ],
  // An exchange's link callback (ADR 105): a link we never made goes back to the account with a message.
  'routes/shop/exchange-paid.ts': [
    { method: 'GET', url: () => '/shop/exchange/paid?razorpay_payment_link_id=plink_forged&razorpay_payment_id=pay_x&razorpay_payment_link_status=paid&razorpay_signature=00', expect: { visitor: '→/shop/account', owner: '→/shop/account', other: '→/shop/account', admin: ADMIN_HOME } },
  ],
  'routes/shop/custom-quote-pay-test.tsx': [
    { method: 'GET', url: () => '/shop/custom-order/pay-test/plink_test_none', expect: { visitor: 404, owner: 404, other: 404, admin: ADMIN_HOME } },
    { method: 'POST', url: () => '/shop/custom-order/pay-test/plink_test_none', body: () => ({}), expect: { visitor: 404, owner: 404, other: 404, admin: ADMIN_HOME } },
  ],
  'routes/api/shop/custom-order-webhook.ts': [
    { method: 'POST', url: () => '/api/shop/custom-order/razorpay/webhook', body: () => ({ event: 'payment_link.paid' }), expect: 404 },
  ],
  'routes/api/shop/custom-order.ts': [{ method: 'GET', url: () => '/api/shop/custom-order/999999', expect: { visitor: 401, owner: 404, other: 404, admin: 404 } }],
}

function outcomeOf(answer: Answer): Outcome {
  if (answer.status === 302 && answer.location) return `→${answer.location}`
  return answer.status
}

function matches(actual: Outcome, expected: Outcome): boolean {
  if (typeof expected === 'number') return actual === expected
  return typeof actual === 'string' && (actual === expected || actual.startsWith(`${expected}?`) || (expected !== '→/' && actual.startsWith(expected)))
}

let server: RunningServer
let ids: Ids
let admin: Browser
const credentials: Partial<Record<Role, { email: string; password: string }>> = {}

beforeAll(async () => {
  const started = Date.now()
  server = await startServer({ SEED_DEMO: '1', ...ADMIN_ENV })
  console.log(`server up in ${Date.now() - started} ms`)
  const a = await shopperWithHoldings(server.url, 'Alpha', true)
  const b = await shopperWithHoldings(server.url, 'Bravo')
  admin = await new Browser(server.url).signIn(ADMIN.email, ADMIN.password)
  ids = { a, b, productId: a.productId }
  credentials.owner = { email: a.markers[0] as string, password: 'resin-lover-1' }
  credentials.other = { email: b.markers[0] as string, password: 'resin-lover-1' }
  credentials.admin = ADMIN
  console.log(`access matrix: set up in ${Date.now() - started} ms`)
}, 180_000)
afterAll(async () => {
  await server?.stop()
})

async function browserFor(role: Role, fresh: boolean): Promise<Browser> {
  if (role === 'visitor') return new Browser(server.url)
  if (!fresh) return role === 'owner' ? ids.a.browser : role === 'other' ? ids.b.browser : admin
  const login = credentials[role]
  if (!login) throw new Error(`No credentials for ${role}`)
  return new Browser(server.url).signIn(login.email, login.password)
}

describe('access control matrix', () => {
  it('has a rule for every route module in app/routes.ts', () => {
    const files = [...new Set(routePaths().map((r) => r.file))]
    const missing = files.filter((file) => !RULES[file])
    expect(missing, 'route modules without an access rule').toEqual([])
    const stale = Object.keys(RULES).filter((file) => !files.includes(file))
    expect(stale, 'rules for routes that no longer exist').toEqual([])
  })

  // 500-odd requests one after another (two of them draw packing-slip PDFs): 18 s on a loaded 2-core machine, over the default 20 s limit at times.
  it('answers every cell as expected and never shows a shopper the other shopper’s data', { timeout: 60_000 }, async () => {
    const failures: string[] = []
    let cells = 0
    for (const [file, rules] of Object.entries(RULES)) {
      for (const rule of rules) {
        for (const role of ROLES) {
          const expected = typeof rule.expect === 'object' ? rule.expect[role] : rule.expect
          const browser = await browserFor(role, rule.fresh ?? false)
          const url = rule.url(ids, role)
          const body = rule.body?.(ids, role)
          const answer = url.startsWith('/api/')
            ? await browser.api(rule.method, url, body)
            : await browser.request(rule.method, url, body === undefined ? {} : { form: body as Record<string, string> })
          cells += 1
          const actual = outcomeOf(answer)
          const label = `${role} ${rule.method} ${url} (${file})`
          if (!matches(actual, expected)) failures.push(`${label}: expected ${expected}, got ${actual} ${answer.text.slice(0, 160)}`)
          expectNoStackTrace(answer.text, label)
          if (answer.status >= 500) failures.push(`${label}: ${answer.status}`)
          // The owner's data is the owner's and the admin's; the other shopper and visitors never see it.
          const sent = url + JSON.stringify(body ?? '')
          if (role === 'other' || role === 'visitor') expectNoLeak(answer, ids.a, label, sent)
          if (role === 'owner' || role === 'visitor') expectNoLeak(answer, ids.b, label, sent)
        }
      }
    }
    console.log(`access matrix: ${Object.keys(RULES).length} route modules, ${cells} cells (${cells / ROLES.length} requests x ${ROLES.length} roles)`)
    expect(failures).toEqual([])
  })

  it('left the owner’s cart, address and order as they were', async () => {
    const a = ids.a
    const addresses = await a.browser.api('GET', `/api/shop/address/get/${a.userId}`)
    expect((addresses.json.data as { _id: string; city: string }[]).map((x) => [x._id, x.city])).toEqual([[a.addressId, 'Pune']])
    const cart = await a.browser.api('GET', `/api/shop/cart/get/${a.userId}`)
    expect(cart.json.data.items).toHaveLength(1)
    const order = await a.browser.api('GET', `/api/shop/order/details/${a.orderId}`)
    expect(order.json.data).toMatchObject({ orderStatus: 'confirmed', paymentStatus: 'paid' })
    const b = ids.b
    const bOrder = await b.browser.api('GET', `/api/shop/order/details/${b.orderId}`)
    expect(bOrder.json.data).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' })
  })
})
