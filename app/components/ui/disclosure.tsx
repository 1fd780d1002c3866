import { type HTMLAttributes, type ReactNode, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * A <details> menu: opens and closes without JS; with JS it also closes on navigation,
 * on Escape and on a click outside.
 */
export function Disclosure({
  summary,
  summaryLabel,
  summaryClassName,
  className,
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLDetailsElement>, 'children'> & {
  summary: ReactNode
  summaryLabel: string
  summaryClassName?: string
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  // Close whenever the location changes, but not at hydration: a menu a shopper opened while the
  // page's scripts were still loading stays open.
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    if (ref.current) ref.current.open = false
  }, [location.key])

  useEffect(() => {
    function close(event: Event) {
      const details = ref.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false
      }
    }
    document.addEventListener('click', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('click', close)
      document.removeEventListener('keydown', close)
    }
  }, [])

  return (
    <details ref={ref} className={className} {...rest}>
      <summary aria-label={summaryLabel} className={summaryClassName}>
        {summary}
      </summary>
      {children}
    </details>
  )
}
