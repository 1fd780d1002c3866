import { cn } from '~/lib/cn'
import { orderStatusLabel } from '~/lib/order-status'

/**
 * Order status badge in words: the shop shows green for confirmed; the admin view also greens
 * delivered and reds rejected (docs/spec/states.md).
 */
export function OrderStatusBadge({ status, admin = false }: { status: string; admin?: boolean }) {
  const green = status === 'confirmed' || (admin && status === 'delivered')
  const red = admin && status === 'rejected'
  return (
    <span
      className={cn(
        'inline-block rounded-full px-3 py-1 text-xs font-semibold text-white',
        green ? 'bg-green-600' : red ? 'bg-red-600' : 'bg-black dark:bg-zinc-700',
      )}
    >
      {orderStatusLabel(status)}
    </span>
  )
}
