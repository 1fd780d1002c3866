// The admin form's stock grid (ADR 067): which boxes a product's stock per variant takes, and their labels.

/** What the grid keeps stock for: each option, each option and colour, or each colour. */
export type StockBy = 'option' | 'optionColor' | 'color'

/**
 * The grid's shape: option x colour when the product has both (per option only when its saved
 * variants are kept that way, `byOptionOnly`), else per option, else per colour; null without either.
 */
export function stockGridShape(options: number, colors: number, byOptionOnly: boolean): StockBy | null {
  if (options > 0 && colors > 0) return byOptionOnly ? 'option' : 'optionColor'
  if (options > 0) return 'option'
  if (colors > 0) return 'color'
  return null
}

/** A box's accessible name: "Stock of Small, Teal", "Stock of Small", "Stock of Teal". */
export function stockBoxLabel(option: string | undefined, color: string | undefined): string {
  return `Stock of ${[option, color].filter((part) => part !== undefined && part !== '').join(', ')}`
}
