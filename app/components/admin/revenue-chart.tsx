// Daily revenue as a bar chart in plain SVG: rendered on the server, no chart library, readable
// without JavaScript; each bar names its day and amount on hover and to screen readers.
import { formatDay } from '~/lib/dates'
import { formatPaise, paiseToRupees, rupeesToPaise } from '~/lib/money'

export interface ChartDay {
  day: string
  revenuePaise: number
  paidOrders: number
}

// The bars stretch to the box (preserveAspectRatio none); text sits in HTML so it never scales.
const WIDTH = 600
const HEIGHT = 200
/** Room above the tallest bar; the gridlines sit at 10% (the scale's top) and 55% (its half). */
const TOP = 20
const PLOT = HEIGHT - TOP

/** ₹500, ₹2.5K, ₹1L, ₹1.5Cr: short scale labels, the same on server and browser (Intl's compact form is not). */
export function shortRupees(paise: number): string {
  const rupees = paiseToRupees(paise)
  const [value, unit] = rupees >= 1e7 ? [rupees / 1e7, 'Cr'] : rupees >= 1e5 ? [rupees / 1e5, 'L'] : rupees >= 1e3 ? [rupees / 1e3, 'K'] : [rupees, '']
  return `₹${Number(value.toFixed(1))}${unit}`
}

/** The smallest 1, 2 or 5 × 10ⁿ rupees at or above the highest day, in paise, so the scale reads cleanly. */
export function chartCeiling(maxPaise: number): number {
  if (maxPaise <= 0) return 0
  const rupees = paiseToRupees(maxPaise)
  const magnitude = 10 ** Math.floor(Math.log10(rupees))
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= rupees) ?? 10
  return rupeesToPaise(step * magnitude)
}

function ordersText(count: number): string {
  return `${count} paid order${count === 1 ? '' : 's'}`
}

export function RevenueChart({ days }: { days: ChartDay[] }) {
  const ceiling = chartCeiling(Math.max(0, ...days.map((d) => d.revenuePaise)))
  const slot = WIDTH / Math.max(1, days.length)
  const total = days.reduce((sum, d) => sum + d.revenuePaise, 0)
  const orders = days.reduce((sum, d) => sum + d.paidOrders, 0)
  const best = days.reduce<ChartDay | undefined>((top, d) => (d.revenuePaise > (top?.revenuePaise ?? 0) ? d : top), undefined)
  const first = days[0]
  const summary = best
    ? `${formatPaise(total)} from ${ordersText(orders)}; best day ${formatDay(best.day)} with ${formatPaise(best.revenuePaise)}.`
    : `No paid orders in these ${days.length} days.`

  return (
    <figure className="grid gap-1">
      <div className="relative h-40 text-zinc-900 sm:h-52 dark:text-zinc-100">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full"
          role="img"
          aria-labelledby="revenue-chart-title revenue-chart-desc"
        >
          <title id="revenue-chart-title">{`Daily revenue, last ${days.length} days`}</title>
          <desc id="revenue-chart-desc">{summary}</desc>
          {[TOP, TOP + PLOT / 2].map((y) => (
            <line key={y} x1={0} x2={WIDTH} y1={y} y2={y} className="text-zinc-300 dark:text-zinc-700" stroke="currentColor" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          ))}
          <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            const height = ceiling > 0 ? Math.max(d.revenuePaise > 0 ? 2 : 0, (d.revenuePaise / ceiling) * PLOT) : 0
            return (
              <rect key={d.day} x={i * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} fill="currentColor">
                <title>{`${formatDay(d.day)}: ${formatPaise(d.revenuePaise)}, ${ordersText(d.paidOrders)}`}</title>
              </rect>
            )
          })}
        </svg>
        {ceiling > 0 ? (
          <>
            <span aria-hidden="true" className="absolute top-[10%] left-0 -translate-y-full text-xs text-zinc-500 dark:text-zinc-400">
              {shortRupees(ceiling)}
            </span>
            <span aria-hidden="true" className="absolute top-[55%] left-0 -translate-y-full text-xs text-zinc-500 dark:text-zinc-400">
              {shortRupees(ceiling / 2)}
            </span>
          </>
        ) : null}
      </div>
      {first ? (
        <div aria-hidden="true" className="flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
          <span>{formatDay(first.day)}</span>
          <span>Today</span>
        </div>
      ) : null}
      <figcaption className="text-sm text-zinc-600 dark:text-zinc-400">{summary}</figcaption>
    </figure>
  )
}
