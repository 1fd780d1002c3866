import { AddressLines } from '~/components/address-card'
import { LineItem } from '~/components/line-item'
import { OrderStatusBadge } from '~/components/order-badge'
import { formatDate, formatDateTime } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber, orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from '~/lib/order-status'
import type { OrderDetail } from '~/domain/orders.server'

/** An order's lines with thumbnails, then subtotal, delivery and total. */
export function OrderLines({ order }: { order: Pick<OrderDetail, 'lines' | 'subtotalPaise' | 'deliveryFeePaise' | 'totalAmountPaise'> }) {
  return (
    <>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {order.lines.map((line) => (
          <LineItem
            key={`${line.productId}-${line.variety}-${line.color}`}
            image={line.image}
            title={line.title}
            quantity={line.quantity}
            details={[line.variety, line.color]}
            totalPaise={line.unitPricePaise * line.quantity}
          />
        ))}
      </ul>
      <dl className="mt-2 grid gap-1 border-t border-zinc-200 pt-2 text-sm dark:border-zinc-800">
        {order.deliveryFeePaise > 0 ? (
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPaise(order.subtotalPaise)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Delivery</dt>
          <dd>{order.deliveryFeePaise > 0 ? formatPaise(order.deliveryFeePaise) : 'Free'}</dd>
        </div>
        <div className="flex justify-between font-bold">
          <dt>Total</dt>
          <dd>{formatPaise(order.totalAmountPaise)}</dd>
        </div>
      </dl>
    </>
  )
}

/** An order's lines, totals, address, payment and status history (shopper and admin views). */
export function OrderDetailView({ order, admin = false }: { order: OrderDetail; admin?: boolean }) {
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-zinc-500">Order ID</dt>
          <dd className="font-semibold">{formatOrderNumber(order.number)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Order Date</dt>
          <dd>{formatDate(order.orderDate)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Order Price</dt>
          <dd>{formatPaise(order.totalAmountPaise)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Payment method</dt>
          <dd>{paymentMethodLabel(order.paymentMethod, order.gateway)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Payment status</dt>
          <dd>{paymentStatusLabel(order.paymentStatus)}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Order Status</dt>
          <dd>
            <OrderStatusBadge status={order.orderStatus} admin={admin} />
          </dd>
        </div>
      </dl>
      {order.needsRefund ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Part of this order could not be covered by stock; it is flagged for a refund.
        </p>
      ) : null}
      <section>
        <h2 className="mb-2 font-semibold">Items</h2>
        <OrderLines order={order} />
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Shipping address</h2>
        <p className="text-sm">
          {order.userName} ({order.email})
        </p>
        <AddressLines address={order.address} />
      </section>
      <section>
        <h2 className="mb-2 font-semibold">Status history</h2>
        <ol className="grid gap-1 text-sm">
          {order.history.map((entry) => (
            <li key={`${entry.changedAt}-${entry.status}-${entry.note}`}>
              <span className="font-medium">{orderStatusLabel(entry.status)}</span> · {formatDateTime(entry.changedAt)}
              {entry.note ? ` · ${entry.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
      {admin ? (
        <p className="text-xs text-zinc-500">
          Reference: <span className="font-mono">{order.id}</span>
          {order.gatewayOrderId ? (
            <>
              {' '}
              · Razorpay order <span className="font-mono">{order.gatewayOrderId}</span>
            </>
          ) : null}
          {order.gatewayPaymentId ? (
            <>
              {' '}
              · payment <span className="font-mono">{order.gatewayPaymentId}</span>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  )
}
