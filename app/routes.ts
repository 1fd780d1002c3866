import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/index.tsx'),
  route('theme', 'routes/theme.ts'),

  layout('routes/auth/layout.tsx', [
    route('auth/login', 'routes/auth/login.tsx'),
    route('auth/register', 'routes/auth/register.tsx'),
  ]),
  route('auth/logout', 'routes/auth/logout.ts'),

  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.ts'),
    route('dashboard', 'routes/admin/dashboard.tsx'),
    route('products', 'routes/admin/products.tsx', [
      route('new', 'routes/admin/product-new.tsx'),
      route(':id/edit', 'routes/admin/product-edit.tsx'),
    ]),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:orderId', 'routes/admin/order.tsx'),
    route('features', 'routes/admin/features.tsx'),
  ]),

  route('shop', 'routes/shop/layout.tsx', [
    index('routes/shop/index.ts'),
    route('home', 'routes/shop/home.tsx'),
    route('listing', 'routes/shop/listing.tsx'),
    route('search', 'routes/shop/search.tsx'),
    route('about-us', 'routes/shop/about-us.tsx'),
    route('cart', 'routes/shop/cart.tsx'),
    route('product/:id', 'routes/shop/product.tsx'),
    layout('routes/shop/signed-in.tsx', [
      route('checkout', 'routes/shop/checkout.tsx'),
      route('account', 'routes/shop/account.tsx'),
      route('account/orders/:orderId', 'routes/shop/order.tsx'),
      route('payment-success', 'routes/shop/payment-success.tsx'),
      route('payment/test', 'routes/shop/payment-test.tsx'),
    ]),
    route('payment/callback', 'routes/shop/payment-callback.ts'),
    route('payment/cancel', 'routes/shop/payment-cancel.ts'),
  ]),

  route('unauth-page', 'routes/unauth-page.tsx'),

  ...prefix('api', [
    route('auth/register', 'routes/api/auth/register.ts'),
    route('auth/login', 'routes/api/auth/login.ts'),
    route('auth/logout', 'routes/api/auth/logout.ts'),
    route('auth/check-auth', 'routes/api/auth/check-auth.ts'),
    route('shop/products/get', 'routes/api/shop/products.ts'),
    route('shop/products/get/:id', 'routes/api/shop/product.ts'),
    route('shop/search/:keyword?', 'routes/api/shop/search.ts'),
    route('shop/review/:productId', 'routes/api/shop/reviews.ts'),
    route('shop/cart/add', 'routes/api/shop/cart-add.ts'),
    route('shop/cart/get/:userId', 'routes/api/shop/cart-get.ts'),
    route('shop/cart/update-cart', 'routes/api/shop/cart-update.ts'),
    route('shop/cart/:userId/:productId', 'routes/api/shop/cart-delete.ts'),
    route('shop/address/add', 'routes/api/shop/address-add.ts'),
    route('shop/address/get/:userId', 'routes/api/shop/address-get.ts'),
    route('shop/address/update/:userId/:addressId', 'routes/api/shop/address-update.ts'),
    route('shop/address/delete/:userId/:addressId', 'routes/api/shop/address-delete.ts'),
    route('shop/order/create', 'routes/api/shop/order-create.ts'),
    route('shop/order/razorpay/create', 'routes/api/shop/order-razorpay-create.ts'),
    route('shop/order/razorpay/verify', 'routes/api/shop/order-razorpay-verify.ts'),
    route('shop/order/razorpay/webhook', 'routes/api/shop/order-razorpay-webhook.ts'),
    route('shop/order/list/:userId', 'routes/api/shop/order-list.ts'),
    route('shop/order/details/:id', 'routes/api/shop/order-details.ts'),
    route('common/feature/get', 'routes/api/common/features.ts'),
    route('common/feature/add', 'routes/api/common/feature-add.ts'),
    route('common/feature/delete/:id', 'routes/api/common/feature-delete.ts'),
    route('admin/products/upload-image', 'routes/api/admin/upload-image.ts'),
    route('admin/products/get', 'routes/api/admin/products.ts'),
    route('admin/products/add', 'routes/api/admin/product-add.ts'),
    route('admin/products/edit/:id', 'routes/api/admin/product-edit.ts'),
    route('admin/products/delete/:id', 'routes/api/admin/product-delete.ts'),
    route('admin/orders/get', 'routes/api/admin/orders.ts'),
    route('admin/orders/details/:id', 'routes/api/admin/order-details.ts'),
    route('admin/orders/update/:id', 'routes/api/admin/order-update.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
