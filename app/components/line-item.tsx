// One line of an order or a cart as a summary shows it: a thumbnail, what it is, how many, the line total.
import { formatPaise } from '~/lib/money'
import { Picture } from './ui/picture'

export function LineItem({
  image,
  title,
  quantity,
  details,
  totalPaise,
  problem,
}: {
  image: string
  title: string
  quantity: number
  /** Variety, colour and personalisation ("Name to engrave: Priya"), when the line has them. */
  details: string[]
  totalPaise: number
  problem?: string | null
}) {
  const detail = details.filter(Boolean).join(' · ')
  return (
    <li className="flex items-center gap-3 py-3 text-sm">
      <Picture url={image} sizes="56px" width={56} height={56} className="h-14 w-14 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800" />
      <span className="min-w-0 flex-1">
        <span className="font-medium">{title}</span> × {quantity}
        {detail ? <span className="block text-xs text-zinc-500 dark:text-zinc-400">{detail}</span> : null}
        {problem ? <span className="block text-red-600">{problem}</span> : null}
      </span>
      <span className="shrink-0 font-medium">{formatPaise(totalPaise)}</span>
    </li>
  )
}
