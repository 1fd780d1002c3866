// The catalogue's vocabulary, shared by pages, the domain, the API and db/schema.ts, which derives
// its column types from these lists (docs/spec/constants.md).

/** The category ids, in the order the shop lists them. */
export const CATEGORY_IDS = ['jewellery', 'home-decor', 'gifting-memories', 'special-occasion'] as const
export type Category = (typeof CATEGORY_IDS)[number]

export const CATEGORY_LABELS: Record<Category, string> = {
  jewellery: 'Jewellery',
  'home-decor': 'Home Decor',
  'gifting-memories': 'Gifting & Memories',
  'special-occasion': 'Special Occasion',
}

export const CATEGORIES: readonly { id: Category; label: string }[] = CATEGORY_IDS.map((id) => ({ id, label: CATEGORY_LABELS[id] }))

export function categoryLabel(id: string): string {
  return CATEGORIES.find((c) => c.id === id)?.label ?? id
}

/** A product's variety: one list of options, named by its type. */
export const VARIETY_TYPES = ['choice', 'size', 'pack'] as const
export type VarietyType = (typeof VARIETY_TYPES)[number]

/** A variety type in one word ('Size'): the cart line's label; headings and form labels add 'Options'. */
export const VARIETY_LABELS: Record<VarietyType, string> = {
  choice: 'Choice',
  size: 'Size',
  pack: 'Pack',
}

function varietyLabelsWith(suffix: string): Record<VarietyType, string> {
  return Object.fromEntries(VARIETY_TYPES.map((type) => [type, `${VARIETY_LABELS[type]}${suffix}`])) as Record<VarietyType, string>
}

/** The name of a product's option group: the owner's own ('Chain'), else its variety type's ('Size'), else ''. */
export function optionLabelOf(ownLabel: string, varietyType: VarietyType | null): string {
  return ownLabel || (varietyType ? VARIETY_LABELS[varietyType] : '')
}

/** The heading over a product's option buttons, from the group's name ('Chain Options', 'Size Options'). */
export function optionsHeading(optionLabel: string): string {
  return `${optionLabel} Options`
}

/** The admin form's variety select ('Size options'). */
export const VARIETY_OPTION_LABELS = varietyLabelsWith(' options')

/** What the shopper still has to pick, in the reason beside a disabled 'Add to Cart'. */
export const VARIETY_NOUNS: Record<VarietyType, string> = {
  choice: 'an option',
  size: 'a size',
  pack: 'a pack',
}

/** 'Choose a size and a colour': why 'Add to Cart' waits; null once nothing is missing. */
export function missingChoicesMessage(missingVariety: VarietyType | null, missingColor: boolean, missingOption2: string | null = null): string | null {
  // The second group's name (ADR 077) reads as its noun: 'Chain' -> 'a chain'.
  const option2 = missingOption2 === null ? null : `a ${(missingOption2 || 'option').toLowerCase()}`
  const missing = [missingVariety ? VARIETY_NOUNS[missingVariety] : null, option2, missingColor ? 'a colour' : null].filter(Boolean)
  const words = missing.length > 2 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing.join(' and ')
  return missing.length ? `Choose ${words}` : null
}

export const LOW_STOCK_THRESHOLD = 10

/**
 * The mark (an SQL comment at the end of the statement) of a stock write whose change of availability
 * the domain tells the page cache itself (the stock a payment takes: reportAvailability, ADR 050).
 * The cache's write counter (app/infra/shop-writes.server.ts) leaves such a statement to that telling,
 * so a sale that leaves every badge as it was drops no page (issue 29).
 */
export const AVAILABILITY_TOLD = '/* availability told */'

/** What one product may hold: the admin form, its schema and the /api product bodies. */
export const PRODUCT_LIMITS = { images: 8, options: 12, colors: 12 } as const

/** What the admin's product pages and the admin /api say (docs/spec/errors.md). */
export const PRODUCT_MESSAGES = {
  added: 'Product added successfully',
  edited: 'Product edited successfully',
  deleted: 'Product deleted successfully',
  notFound: 'Product not found.',
  tooManyImages: `At most ${PRODUCT_LIMITS.images} images`,
  tooManyOptions: `At most ${PRODUCT_LIMITS.options} options`,
  tooManyColors: `At most ${PRODUCT_LIMITS.colors} colors`,
  unknownImage: 'Unknown image',
} as const
