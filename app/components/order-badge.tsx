import { cn } from '~/lib/cn'
import { orderStatusLabel } from '~/lib/order-status'

/**
 * Order status badge in words: the shop shows green for confirmed; the admin view also greens
 * delivered and reds rejected (docs/spec/states.md). The -700 shades keep white text above 4.5:1 (WCAG AA).
 */
export function OrderStatusBadge({ status, admin = false }: { status: string; admin?: boolean }) {
  const green = status === 'confirmed' || (admin && status === 'delivered')
  const red = admin && status === 'rejected'
  return (
    <span
      className={cn(
        'inline-block rounded-full px-3 py-1 text-xs font-semibold text-white',
        green ? 'bg-green-700' : red ? 'bg-red-700' : 'bg-black dark:bg-zinc-700',
      )}
    >
      {orderStatusLabel(status)}
    </span>
  )
}
