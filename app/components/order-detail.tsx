// One order in full, for the shopper's order page and the admin's: small parts (a definition-list
// item, an amount row, the facts, shipping details, lines, address, history) composed by
// OrderDetailView. The admin's page adds its controls as children.
import { personalizationWords } from '~/lib/personalization'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AddressLines } from '~/components/address-card'
import { LineItem } from '~/components/line-item'
import { OrderStatusBadge } from '~/components/order-badge'
import { TestModeBadge } from '~/components/test-mode-badge'
import { buttonClass } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { formatDate, formatDateTime } from '~/lib/dates'
import { awaitsDispatch, formatDispatchDay } from '~/lib/dispatch'
import { formatPaise } from '~/lib/money'
import { telHref, whatsappHref } from '~/lib/phone-links'
import { formatOrderNumber, orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from '~/lib/order-status'
import type { Tracking } from '~/lib/tracking'
import { refundSentence } from '~/lib/refunds'
import { RefundList } from './order-refunds'
import type { OrderDetail } from '~/domain/orders/order-reads.server'

/** One item of a definition list: a muted label over its value. */
export function DetailItem({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** One row of a sum: the label left, the amount right. */
export function AmountRow({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex justify-between', className)}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** A titled part of the order page. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  )
}

/** An order's lines with thumbnails, then subtotal, delivery and total. */
export function OrderLines({
  order,
}: {
  order: Pick<OrderDetail, 'lines' | 'subtotalPaise' | 'deliveryFeePaise' | 'totalAmountPaise'> & { discount?: OrderDetail['discount'] }
}) {
  return (
    <>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {order.lines.map((line) => (
          <LineItem
            key={`${line.productId}-${line.variety}-${line.option2}-${line.color}-${JSON.stringify(line.personalization)}`}
            image={line.image}
            title={line.title}
            quantity={line.quantity}
            details={[line.variety, line.option2, line.color, ...personalizationWords(line.personalization)]}
            totalPaise={line.unitPricePaise * line.quantity}
          />
        ))}
      </ul>
      <dl className="mt-2 grid gap-1 border-t border-zinc-200 pt-2 text-sm dark:border-zinc-800">
        {order.deliveryFeePaise > 0 || order.discount ? <AmountRow label="Subtotal">{formatPaise(order.subtotalPaise)}</AmountRow> : null}
        {order.discount ? (
          <AmountRow label={`Discount (${order.discount.code})`} className="text-emerald-700 dark:text-emerald-400">
            −{formatPaise(order.discount.amountPaise)}
          </AmountRow>
        ) : null}
        <AmountRow label="Delivery">{order.deliveryFeePaise > 0 ? formatPaise(order.deliveryFeePaise) : 'Free'}</AmountRow>
        <AmountRow label="Total" className="font-bold">
          {formatPaise(order.totalAmountPaise)}
        </AmountRow>
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

/** Number, date, price, payment and status: what docs/spec's order details show first. */
function OrderFacts({ order, admin }: { order: OrderDetail; admin: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      <DetailItem label="Order ID">
        <span className="font-semibold">{formatOrderNumber(order.number)}</span>
      </DetailItem>
      <DetailItem label="Order Date">{formatDate(order.orderDate)}</DetailItem>
      <DetailItem label="Order Price">{formatPaise(order.totalAmountPaise)}</DetailItem>
      <DetailItem label="Payment method">{paymentMethodLabel(order.paymentMethod, order.gateway)}</DetailItem>
      <DetailItem label="Payment status">{paymentStatusLabel(order.paymentStatus)}</DetailItem>
      <DetailItem label="Order Status">
        <OrderStatusBadge status={order.orderStatus} admin={admin} />
      </DetailItem>
      {order.dispatchBy && awaitsDispatch(order.orderStatus) ? (
        <DetailItem label="Expected dispatch">
          <span data-dispatch-by={order.dispatchBy}>by {formatDispatchDay(order.dispatchBy)}</span>
        </DetailItem>
      ) : null}
    </dl>
  )
}

/** The parcel: carrier, tracking number and a link to follow it on the carrier's site. */
export function TrackingDetails({ tracking }: { tracking: Tracking }) {
  return (
    <Part title="Shipping details">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <DetailItem label="Carrier">{tracking.carrier}</DetailItem>
        {tracking.number ? (
          <DetailItem label="Tracking number">
            <span className="font-mono break-all">{tracking.number}</span>
          </DetailItem>
        ) : null}
      </dl>
      {tracking.url ? (
        <a href={tracking.url} target="_blank" rel="noopener noreferrer nofollow" className={buttonClass('outline', 'sm', 'mt-3 max-sm:w-full')}>
          Track your parcel<span className="sr-only"> (opens the carrier’s site)</span>
        </a>
      ) : null}
    </Part>
  )
}

function StatusHistory({ history }: { history: OrderDetail['history'] }) {
  return (
    <Part title="Status history">
      <ol className="grid gap-1 text-sm">
        {history.map((entry) => (
          <li key={`${entry.changedAt}-${entry.status}-${entry.note}`} className="break-words">
            <span className="font-medium">{orderStatusLabel(entry.status)}</span> · {formatDateTime(entry.changedAt)}
            {entry.note ? ` · ${entry.note}` : ''}
          </li>
        ))}
      </ol>
    </Part>
  )
}

/** The admin's references: the order's id and Razorpay's ids for it. */
function AdminReferences({ order }: { order: OrderDetail }) {
  const refs = [
    ['Reference', order.id],
    ['Razorpay order', order.gatewayOrderId],
    ['payment', order.gatewayPaymentId],
  ].filter((ref): ref is [string, string] => Boolean(ref[1]))
  return (
    <p className="text-xs break-all text-zinc-500 dark:text-zinc-400">
      {refs.map(([label, value], i) => (
        <span key={label}>
          {i > 0 ? ' · ' : ''}
          {label}: <span className="font-mono">{value}</span>
        </span>
      ))}
    </p>
  )
}

/** The owner's ways to reach the shopper from a phone: call, WhatsApp (a mobile), mail. */
function ContactShopper({ order }: { order: OrderDetail }) {
  const whatsapp = whatsappHref(order.address.phone)
  const link = buttonClass('outline', 'sm', 'max-sm:flex-1')
  return (
    <nav className="flex flex-wrap gap-2" aria-label="Contact the shopper">
      <a className={link} href={telHref(order.address.phone)}>
        Call<span className="sr-only"> {order.address.phone}</span>
      </a>
      {whatsapp ? (
        <a className={link} href={whatsapp} target="_blank" rel="noopener noreferrer">
          WhatsApp<span className="sr-only"> (opens WhatsApp)</span>
        </a>
      ) : null}
      <a className={link} href={`mailto:${order.email}?subject=${encodeURIComponent(`Order ${formatOrderNumber(order.number)}`)}`}>
        Email
      </a>
    </nav>
  )
}

/**
 * An order's page: the way back, the title, its facts, the refund flag, shipping details (once
 * set), lines and totals, address, status history. The admin's page has the test badge, the ways to
 * reach the shopper and its controls (children) near the top, where a phone's screen starts, and the
 * references at the end.
 */
export function OrderDetailView({
  order,
  back,
  admin = false,
  className,
  children,
}: {
  order: OrderDetail
  back: { to: string; label: string }
  admin?: boolean
  className?: string
  children?: ReactNode
}) {
  return (
    <section className={cn('mx-auto grid w-full max-w-3xl gap-6', className)}>
      <Link to={back.to} className="inline-flex min-h-11 items-center justify-self-start text-sm underline">
        {back.label}
      </Link>
      <h1 className="text-2xl font-bold">
        Order Details <span className="text-zinc-500 dark:text-zinc-400">{formatOrderNumber(order.number)}</span>{' '}
        {admin ? <TestModeBadge testMode={order.testMode} /> : null}
      </h1>
      <OrderFacts order={order} admin={admin} />
      {admin ? <ContactShopper order={order} /> : null}
      <RefundNotice order={order} admin={admin} />
      <RefundList refunds={order.refunds} base={admin ? `/admin/orders/${order.id}` : `/shop/account/orders/${order.id}`} />
      {admin ? children : null}
      {order.tracking ? <TrackingDetails tracking={order.tracking} /> : null}
      <Part title="Items">
        <OrderLines order={order} />
      </Part>
      <Part title="Shipping address">
        <p className="text-sm">
          {order.userName} ({order.email})
        </p>
        <AddressLines address={order.address} />
      </Part>
      <StatusHistory history={order.history} />
      {admin ? <AdminReferences order={order} /> : children}
    </section>
  )
}
