// Which demo products keep their stock per variant (ADR 061), by title: the shop then shows a sold-out
// chain colour, a last large clock and a sold-out earring colour beside the ones still on sale, and a
// chain colour with its own price (ADR 071). Each
// product's variants add up to the stock the catalogue gives it.
import type { ProductInput } from '~/schemas/product'

interface DemoVariantStock {
  optionLabel?: string
  /** Per option: its own stock, or its stock per colour (and a colour's own price and sale price in paise, ADR 071). */
  options?: Record<string, { stock: number } | { stockByColor: Record<string, number>; priceByColor?: Record<string, number>; salePriceByColor?: Record<string, number> }>
  /** Per colour, for a product without options. */
  stockByColor?: Record<string, number>
  /** A colour's own picture, by its number among the product's pictures (1 = the first). */
  colorPictures?: Record<string, number>
}

export const DEMO_VARIANT_STOCK: Record<string, DemoVariantStock> = {
  'Ocean Wave Resin Pendant': {
    optionLabel: 'Chain',
    options: {
      // Teal on a silver chain is the deeper pour: its own price, on sale (ADR 071).
      'Silver Chain': { stockByColor: { 'Ocean Blue': 10, Teal: 6 }, priceByColor: { Teal: 134_900 }, salePriceByColor: { Teal: 109_900 } },
      'Gold Chain': { stockByColor: { 'Ocean Blue': 1, Teal: 7 } },
    },
    colorPictures: { 'Ocean Blue': 1, Teal: 3 },
  },
  'Geode Resin Wall Clock': { options: { '12 inch': { stock: 7 }, '18 inch': { stock: 1 } } },
  'Gold Flake Marble Drop Earrings': { stockByColor: { Ivory: 18, Gold: 0 } },
}

/** The demo product's input with its stock per variant, when it keeps one; a sum other than its stock is a mistake here. */
export function withVariantStock(input: ProductInput): ProductInput {
  const demo = DEMO_VARIANT_STOCK[input.title]
  if (!demo) return input
  const varieties = input.varieties.map((option) => ({ ...option, ...demo.options?.[option.name] }))
  const sum = (stock: Record<string, number>) => Object.values(stock).reduce((a, b) => a + b, 0)
  const total = demo.stockByColor
    ? sum(demo.stockByColor)
    : varieties.reduce((all, option) => all + (option.stockByColor ? sum(option.stockByColor) : (option.stock ?? 0)), 0)
  if (total !== input.totalStock) throw new Error(`The variants of "${input.title}" add up to ${total}, not ${input.totalStock}`)
  const colorImages = Object.fromEntries(Object.entries(demo.colorPictures ?? {}).map(([color, n]) => [color, input.images[n - 1] ?? '']))
  return {
    ...input,
    varieties,
    colorImages,
    ...(demo.optionLabel ? { optionLabel: demo.optionLabel } : {}),
    ...(demo.stockByColor ? { stockByColor: demo.stockByColor } : {}),
  }
}
