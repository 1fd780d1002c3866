// The route paths server/ gives rules of its own (the page cache, the body limits, the CSRF
// exemptions), spelled as app/routes.ts spells them: server/ may not import the route config (the
// layer rule), so this is its one copy, and route-paths.test.ts fails when app/routes.ts no longer
// defines one of them.

export const ROUTE_PATHS = {
  home: '/shop/home',
  aboutUs: '/shop/about-us',
  policy: '/shop/policies/:slug',
  listing: '/shop/listing',
  search: '/shop/search',
  product: '/shop/product/:id',
  customOrder: '/shop/custom-order',
  shopOrder: '/shop/account/orders/:orderId',
  paymentCallback: '/shop/payment/callback',
  adminProductNew: '/admin/products/new',
  adminProductEdit: '/admin/products/:id/edit',
  adminFeatures: '/admin/features',
  adminInventoryImport: '/admin/inventory/import',
  apiProducts: '/api/shop/products/get',
  apiProduct: '/api/shop/products/get/:id',
  apiSearch: '/api/shop/search/:keyword?',
  apiReviews: '/api/shop/review/:productId',
  apiFeatures: '/api/common/feature/get',
  apiFeatureAdd: '/api/common/feature/add',
  apiUploadImage: '/api/admin/products/upload-image',
  apiRazorpayWebhook: '/api/shop/order/razorpay/webhook',
  apiShippingWebhook: '/api/shipping/shiprocket/webhook',
  apiCustomOrderWebhook: '/api/shop/custom-order/razorpay/webhook',
} as const

export interface PatternOptions {
  /** What each parameter may be, as a regular expression source (default: one path segment). */
  params?: Record<string, string>
  /** React Router's data requests for the page (`<path>.data`) match too. */
  data?: boolean
  /** A trailing slash matches too (React Router routes `/x/` as `/x`). */
  trailingSlash?: boolean
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/**
 * A route path as a regular expression over a request's path, each parameter a named group. An
 * optional parameter (`:keyword?`) is taken as present: server/ has no rule for the path without it.
 */
export function pathPattern(path: string, { params = {}, data = false, trailingSlash = false }: PatternOptions = {}): RegExp {
  const segments = path.split('/').map((segment) => {
    if (!segment.startsWith(':')) return literal(segment)
    const name = segment.slice(1).replace(/\?$/, '')
    return `(?<${name}>${params[name] ?? '[^/]+'})`
  })
  return new RegExp(`^${segments.join('\\/')}${data ? '(?:\\.data)?' : ''}${trailingSlash ? '\\/?' : ''}$`)
}

/** A product id as a kept page takes it: longer or odder ids are rendered afresh, never kept. */
export const PRODUCT_ID = '[A-Za-z0-9_-]{1,64}'
