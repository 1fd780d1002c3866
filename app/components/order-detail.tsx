import { AddressLines } from '~/components/address-card'
import { LineItem } from '~/components/line-item'
import { OrderStatusBadge } from '~/components/order-badge'
import { formatDate, formatDateTime } from '~/lib/dates'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber, orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from '~/lib/order-status'
import { refundSentence } from '~/lib/refunds'
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

/**
 * The truth about an order that will not ship and its money, in words: 'Cancelled: refund of
 * ₹1,499.00 processed on 25 Nov 2026', 'Could not be filled: refund pending'. The admin also sees a
 * paid order flagged before refunds existed (needs a refund by hand in Razorpay).
 */
export function RefundNotice({ order, admin = false }: { order: Pick<OrderDetail, 'orderStatus' | 'refund' | 'needsRefund'>; admin?: boolean }) {
  const sentence = refundSentence(order.orderStatus, order.refund)
  if (sentence) {
    const failed = order.refund?.status === 'failed'
    return (
      <p
        role="status"
        data-refund-status={order.refund?.status}
        className={
          failed
            ? 'rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900'
            : 'rounded-md border border-zinc-300 bg-zinc-50 p-3 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100'
        }
      >
        {sentence}
        {admin && order.refund?.gatewayRefundId ? <span className="font-mono"> ({order.refund.gatewayRefundId})</span> : null}
      </p>
    )
  }
  if (admin && order.needsRefund) {
    return (
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        This paid order is flagged for a refund by hand in Razorpay.
      </p>
    )
  }
  return null
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
      <RefundNotice order={order} admin={admin} />
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
