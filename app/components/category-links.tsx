// A link to each category's listing, in catalogue order: the header (wide and phone menu), the
// footer, the home page's tiles and the search page's "Browse a category instead" all list them.
import { Link } from 'react-router'
import { CATEGORIES, type Category } from '~/lib/catalog'

export function categoryHref(category: Category): string {
  return `/shop/listing?category=${category}`
}

/** One link a category with `className`; `listItems` wraps each in an <li> (inside a list). */
export function CategoryLinks({ className, listItems = false }: { className: string; listItems?: boolean }) {
  return CATEGORIES.map((category) => {
    const link = (
      <Link key={category.id} to={categoryHref(category.id)} className={className}>
        {category.label}
      </Link>
    )
    return listItems ? <li key={category.id}>{link}</li> : link
  })
}
