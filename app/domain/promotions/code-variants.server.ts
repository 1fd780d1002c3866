// The variants a discount code may be for (ADR 084): a product's variant rows, else every mix of its
// options, second options and colours (the whole piece when it has none), in the owner's words; and
// the check that a code's variants are among them.
import type { DB } from '../../../db/database'
import { optionLabelOf } from '~/lib/catalog'
import { type ScopeVariant, variantCovers, variantValue } from '~/lib/discounts'
import { choiceWords } from '~/lib/variants'
import { Invalid } from '~/domain/errors'

export const CODE_VARIANT_MESSAGES = {
  chooseVariants: 'Choose variants from the list',
  wholePiece: 'The whole piece',
} as const

export interface VariantChoice extends ScopeVariant {
  /** The form's checkbox value (variantValue). */
  value: string
  /** 'Size: Large · Colour: Teal', or 'The whole piece'. */
  label: string
}

export interface ProductVariantChoices {
  productId: string
  title: string
  choices: VariantChoice[]
}

const byProduct = <T extends { product_id: string }>(rows: T[], id: string) => rows.filter((row) => row.product_id === id)
const orAny = (names: string[]) => (names.length ? names : [''])

/** The variants of the listed products (at most 200), in the order asked; unknown or deleted ones are left out. */
export async function variantChoices(db: DB, productIds: readonly string[]): Promise<ProductVariantChoices[]> {
  const ids = [...new Set(productIds)].slice(0, 200)
  if (ids.length === 0) return []
  const [products, variants, varieties, options2, colors] = await Promise.all([
    db.selectFrom('products').select(['id', 'title', 'variety_type', 'option_label', 'option2_label']).where('id', 'in', ids).where('deleted_at', 'is', null).execute(),
    db.selectFrom('product_variants').select(['product_id', 'variety_name', 'option2', 'color']).where('product_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('product_varieties').select(['product_id', 'name']).where('product_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('product_options2').select(['product_id', 'name']).where('product_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('product_colors').select(['product_id', 'name']).where('product_id', 'in', ids).orderBy('position').execute(),
  ])
  const answer: ProductVariantChoices[] = []
  for (const id of ids) {
    const product = products.find((row) => row.id === id)
    if (!product) continue
    const labels = { option: optionLabelOf(product.option_label, product.variety_type), option2: product.option2_label }
    const own = byProduct(variants, id)
    const keys = own.length
      ? own.map((row) => ({ variety: row.variety_name, option2: row.option2, color: row.color }))
      : orAny(byProduct(varieties, id).map((row) => row.name)).flatMap((variety) =>
          orAny(byProduct(options2, id).map((row) => row.name)).flatMap((option2) => orAny(byProduct(colors, id).map((row) => row.name)).map((color) => ({ variety, option2, color }))),
        )
    const choices = keys.map((key) => {
      const variant = { productId: id, ...key }
      return { ...variant, value: variantValue(variant), label: choiceWords(labels, key).join(' · ') || CODE_VARIANT_MESSAGES.wholePiece }
    })
    answer.push({ productId: id, title: product.title, choices })
  }
  return answer
}

/**
 * Invalid on `variants` unless each variant covers at least one of its product's (variantChoices): one
 * listed, or a wider one from /api ({ variety: 'Large' } of a product in colours).
 */
export async function checkCodeVariants(db: DB, variants: readonly ScopeVariant[]): Promise<void> {
  const known = (await variantChoices(db, variants.map((variant) => variant.productId))).flatMap((product) => product.choices)
  if (variants.length === 0 || variants.some((variant) => !known.some((choice) => variantCovers(variant, choice)))) {
    throw new Invalid({ variants: [CODE_VARIANT_MESSAGES.chooseVariants] })
  }
}
