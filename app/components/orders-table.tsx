// One orders table for the shopper's Order History and the admin's All Orders. A table on wider
// screens; on a phone each row folds into a small card, so nothing scrolls sideways.
import { Link } from 'react-router'
import { OrderStatusBadge } from '~/components/order-badge'
import { TestModeBadge } from '~/components/test-mode-badge'
import { buttonClass } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/dates'
import { awaitsDispatch, formatDispatchDay } from '~/lib/dispatch'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { type RefundView, refundSentence } from '~/lib/refunds'

export interface OrderRow {
  id: string
  number: number
  orderDate: string
  orderStatus: string
  totalAmountPaise: number
  userName?: string
  email?: string
  testMode?: boolean
  /** The India day it is expected to leave the studio (ADR 070): the admin's list shows it under the date while it is still to go. */
  dispatchBy?: string | null
  /** The order's refund, when it has one: its words show under the status. */
  refund?: Pick<RefundView, 'status' | 'reason' | 'amountPaise' | 'processedAt'> | null
}

const cell = 'sm:p-3 max-sm:p-0'

export function OrdersTable({ orders, detailsHref, admin = false }: { orders: OrderRow[]; detailsHref: (id: string) => string; admin?: boolean }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="bg-zinc-50 max-sm:sr-only dark:bg-zinc-900">
        <tr>
          <th className="p-3">Order ID</th>
          <th className="p-3">Order Date</th>
          {admin ? <th className="p-3">Customer</th> : null}
          <th className="p-3">Order Status</th>
          <th className="p-3">Order Price</th>
          <th className="p-3">
            <span className="sr-only">Details</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr
            key={order.id}
            data-dispatch-by={admin ? (order.dispatchBy ?? '') : undefined}
            className="border-t border-zinc-200 first:border-t-0 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:p-3 sm:first:border-t dark:border-zinc-800"
          >
            <td className={cn(cell, 'font-semibold max-sm:col-start-1 max-sm:row-start-1 max-sm:whitespace-nowrap')}>
              {formatOrderNumber(order.number)}
              {admin ? <TestModeBadge testMode={order.testMode} /> : null}
            </td>
            <td className={cn(cell, 'max-sm:col-start-1 max-sm:row-start-2 max-sm:text-xs max-sm:whitespace-nowrap max-sm:text-zinc-500 max-sm:dark:text-zinc-400')}>
              {formatDate(order.orderDate)}
              {admin && order.dispatchBy && awaitsDispatch(order.orderStatus) ? (
                <span className="block text-xs text-zinc-500 dark:text-zinc-400" data-dispatch-by={order.dispatchBy}>
                  Dispatch by {formatDispatchDay(order.dispatchBy)}
                </span>
              ) : null}
            </td>
            {admin ? (
              <td className={cn(cell, 'max-sm:col-span-2 max-sm:row-start-3')}>
                {order.userName}
                <span className="block text-xs text-zinc-500 dark:text-zinc-400">{order.email}</span>
              </td>
            ) : null}
            <td className={cn(cell, 'max-sm:col-start-2 max-sm:row-start-2 max-sm:justify-self-end')}>
              <OrderStatusBadge status={order.orderStatus} admin={admin} />
              {order.refund ? (
                <span className="mt-1 block text-xs text-zinc-600 max-sm:text-right dark:text-zinc-400" data-refund-status={order.refund.status}>
                  {refundSentence(order.orderStatus, order.refund)}
                </span>
              ) : null}
            </td>
            <td className={cn(cell, 'max-sm:col-start-2 max-sm:row-start-1 max-sm:text-right max-sm:font-semibold')}>
              {formatPaise(order.totalAmountPaise)}
            </td>
            <td className={cn(cell, 'max-sm:col-span-2 max-sm:mt-1')}>
              <Link to={detailsHref(order.id)} className={buttonClass('outline', 'sm', 'max-sm:w-full')}>
                View Details
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
