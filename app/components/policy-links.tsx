// Links to the six policy pages: the footer's list, and the row under each policy page.
import { Link } from 'react-router'
import { POLICY_SLUGS, POLICY_TITLES, type PolicySlug, policyPath } from '~/lib/policies'

export function PolicyLinks({ className, current }: { className: string; current?: PolicySlug }) {
  return POLICY_SLUGS.map((slug) => (
    <li key={slug}>
      <Link className={className} to={policyPath(slug)} aria-current={slug === current ? 'page' : undefined}>
        {POLICY_TITLES[slug]}
      </Link>
    </li>
  ))
}
