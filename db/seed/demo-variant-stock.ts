// Which demo products keep their stock per variant (ADR 061), by title: the shop then shows a sold-out
// chain colour, a last large clock and a sold-out earring colour beside the ones still on sale, and a
// chain colour with its own price (ADR 071). Each
// product's variants add up to the stock the catalogue gives it.
import type { ProductInput } from '~/schemas/product'

type DemoStock = { stock: number } | { stockByColor: Record<string, number>; priceByColor?: Record<string, number>; salePriceByColor?: Record<string, number> }

interface DemoVariantStock {
  optionLabel?: string
  /** The second option group (ADR 077): its name and options; the options then give their stock per second option. */
  option2?: { label: string; options: string[] }
  /** Per option: its own stock, or its stock per colour (and a colour's own price and sale price in paise, ADR 071). */
  options?: Record<string, DemoStock | { byOption2: Record<string, DemoStock> }>
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
  // Sizes and chains: the last Medium on a silver chain in purple, none in lavender (ADR 077).
  'Amethyst Geode Teardrop Pendant': {
    option2: { label: 'Chain', options: ['Silver', 'Gold'] },
    options: {
      Small: { byOption2: { Silver: { stockByColor: { Purple: 2, Lavender: 1 } }, Gold: { stock: 1 } } },
      Medium: { byOption2: { Silver: { stockByColor: { Purple: 1, Lavender: 0 } }, Gold: { stockByColor: { Purple: 1, Lavender: 1 } } } },
    },
  },
}

/** The demo product's input with its stock per variant, when it keeps one; a sum other than its stock is a mistake here. */
export function withVariantStock(input: ProductInput): ProductInput {
  const demo = DEMO_VARIANT_STOCK[input.title]
  if (!demo) return input
  const varieties = input.varieties.map((option) => ({ ...option, ...demo.options?.[option.name] }))
  const sum = (stock: Record<string, number>) => Object.values(stock).reduce((a, b) => a + b, 0)
  const total = demo.stockByColor
    ? sum(demo.stockByColor)
    : varieties.reduce((all, option) => all + stockOf(option), 0)
  if (total !== input.totalStock) throw new Error(`The variants of "${input.title}" add up to ${total}, not ${input.totalStock}`)
  const colorImages = Object.fromEntries(Object.entries(demo.colorPictures ?? {}).map(([color, n]) => [color, input.images[n - 1] ?? '']))
  return {
    ...input,
    varieties,
    colorImages,
    ...(demo.optionLabel ? { optionLabel: demo.optionLabel } : {}),
    ...(demo.option2 ? { option2Label: demo.option2.label, options2: demo.option2.options } : {}),
    ...(demo.stockByColor ? { stockByColor: demo.stockByColor } : {}),
  }
}

/** What an option's stock adds up to: its own, its colours', or its second options' (ADR 077). */
function stockOf(option: { stock?: number; stockByColor?: Record<string, number>; byOption2?: Record<string, { stock?: number; stockByColor?: Record<string, number> }> }): number {
  if (option.byOption2) return Object.values(option.byOption2).reduce((all, entry) => all + stockOf(entry), 0)
  return option.stockByColor ? Object.values(option.stockByColor).reduce((a, b) => a + b, 0) : (option.stock ?? 0)
}
