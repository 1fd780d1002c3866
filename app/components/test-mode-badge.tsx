/** Marks an order the TEST MODE gateway took: no money moved, and it is not in revenue. */
export function TestModeBadge({ testMode }: { testMode: boolean | undefined }) {
  if (!testMode) return null
  return (
    <span
      title="Paid through the TEST MODE gateway: no money moved"
      className="ml-1 inline-block rounded-full border border-dashed border-amber-600 bg-amber-50 px-2 py-0.5 align-middle text-xs font-bold text-amber-900"
    >
      Test
    </span>
  )
}
