// The admin lists' page numbers (mail, orders, products): one plain link a page, so paging works
// without JavaScript; each link is a 44 px target. The shop listing has its own windowed
// `Pagination` (listing-controls.tsx) with Previous / Next.
import { Link } from 'react-router'
import { buttonClass } from './ui/button'

/** `href(page)` builds each page's link (keeping the list's filters); nothing when there is one page. */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pages" className="flex flex-wrap justify-center gap-2">
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={href(n)}
          aria-current={n === page ? 'page' : undefined}
          className={buttonClass(n === page ? 'primary' : 'outline', 'sm', 'min-w-11')}
        >
          {n}
        </Link>
      ))}
    </nav>
  )
}
