// A shopper's personal pieces of a browse page (the header's cart count and user menu; ADR 076): in
// the root loader's data on a page rendered for her, or in a JSON element the server splices into a
// kept page, which was rendered for nobody (its root loader data says `personal: null`).
import { jsonForScript } from '~/lib/json-for-script'
import type { SessionUser } from '~/lib/user'

export interface Personal {
  user: SessionUser | null
  cartCount: number
}

/** What a visitor without a session or a cart sees. */
export const ANONYMOUS: Personal = { user: null, cartCount: 0 }

/** The id of the `<script type="application/json">` element a kept page's personal pieces travel in. */
export const PERSONAL_ELEMENT_ID = 'personal'

/**
 * The JSON of the pieces, safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`
 * however the shopper spelled her name) and no line separators. It is a data block, never run.
 */
export function personalJson(personal: Personal): string {
  return jsonForScript(personal)
}

/** The element the server splices into a kept page's head. */
export function personalElement(personal: Personal): string {
  return `<script type="application/json" id="${PERSONAL_ELEMENT_ID}">${personalJson(personal)}</script>`
}

/** The element's pieces, read once per document (the element stays as the server sent it). */
let fromElement: Personal | undefined

function readPersonalElement(): Personal {
  if (typeof document === 'undefined') return ANONYMOUS
  if (fromElement) return fromElement
  const text = document.getElementById(PERSONAL_ELEMENT_ID)?.textContent
  try {
    const parsed = text ? (JSON.parse(text) as Partial<Personal>) : null
    fromElement = parsed ? { user: parsed.user ?? null, cartCount: Number(parsed.cartCount) || 0 } : ANONYMOUS
  } catch {
    fromElement = ANONYMOUS
  }
  return fromElement
}

/**
 * The pieces a page shows: the root loader's when it has them (a page rendered for this request, or
 * any revalidation after a post, which never comes from the cache), else the kept page's element.
 */
export function personalOf(loaderPersonal: Personal | null | undefined): Personal {
  return loaderPersonal ?? readPersonalElement()
}
