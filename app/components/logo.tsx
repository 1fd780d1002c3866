import { Link } from 'react-router'
// The mark under a content-hashed name (a year's cache, like the scripts). public/favicon.svg, the
// same picture for whoever asks for it by name, is cached for a week only, which Lighthouse counts
// against every page that shows the header.
import markUrl from '~/lib/mark.svg?no-inline'

/** The studio's mark and name; the name hides on narrow phones where the header is full. */
export function Logo({ to, name, hideNameOnPhones = false }: { to: string; name: string; hideNameOnPhones?: boolean }) {
  return (
    <Link to={to} className="flex min-h-11 min-w-11 items-center justify-center gap-2 font-bold tracking-tight" aria-label={name}>
      {/* Low priority: React writes no preload for it, so it comes after the page's main picture. */}
      <img src={markUrl} alt="" width="28" height="28" fetchPriority="low" />
      <span className={hideNameOnPhones ? 'hidden sm:inline' : undefined}>{name}</span>
    </Link>
  )
}
