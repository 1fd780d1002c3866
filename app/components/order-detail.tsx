import { AddressLines } from '~/components/address-card'
import { OrderStatusBadge } from '~/components/order-badge'
import { formatDate, formatDateTime } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import type { OrderDetail } from '~/services/orders.server'

/** An order's lines, totals, address, payment and status history (shopper and admin views). */
export function OrderDetailView({ order, admin = false }: { order: OrderDetail; admin?: boolean }) {
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-zinc-500">Order ID</dt>
          <dd className="font-mono text-xs">{order.id}</dd>
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
          <dd>{order.paymentMethod}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">Payment status</dt>
          <dd>{order.paymentStatus}</dd>
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
        <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {order.lines.map((line) => (
            <li key={`${line.productId}-${line.variety}-${line.color}`} className="flex justify-between gap-3 py-2">
              <span>
                {line.title}
                {line.variety ? ` · ${line.variety}` : ''}
                {line.color ? ` · ${line.color}` : ''} × {line.quantity}
              </span>
              <span>{formatPaise(line.unitPricePaise * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid gap-1 border-t border-zinc-200 pt-2 text-sm dark:border-zinc-800">
          {order.deliveryFeePaise > 0 ? (
            <>
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd>{formatPaise(order.subtotalPaise)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Delivery</dt>
                <dd>{formatPaise(order.deliveryFeePaise)}</dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between font-bold">
            <dt>Total</dt>
            <dd>{formatPaise(order.totalAmountPaise)}</dd>
          </div>
        </dl>
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
              <span className="font-medium">{entry.status}</span> · {formatDateTime(entry.changedAt)}
              {entry.note ? ` · ${entry.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
