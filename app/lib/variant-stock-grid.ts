// The admin form's stock grid (ADR 067, 091): which boxes a product's stock per variant takes, and their labels.

/**
 * What the grid keeps stock for: each option, each option and colour, each colour, or, with a second
 * option group (ADR 091), each option and second option (`option2`), by colour too (`option2Color`).
 */
export type StockBy = 'option' | 'optionColor' | 'color' | 'option2' | 'option2Color'

/**
 * The grid's shape: with a second group, each option and second option (and colour when the product
 * has colours); else option x colour when the product has both; else per option, else per colour; null
 * without either. `byOptionOnly`: the saved variants are kept per option alone (the second options
 * and colours draw on the option's stock), and the grid keeps them so.
 */
export function stockGridShape(options: number, colors: number, byOptionOnly: boolean, options2 = 0): StockBy | null {
  if (options > 0 && byOptionOnly && (colors > 0 || options2 > 0)) return 'option'
  if (options > 0 && options2 > 0) return colors > 0 ? 'option2Color' : 'option2'
  if (options > 0 && colors > 0) return 'optionColor'
  if (options > 0) return 'option'
  if (colors > 0) return 'color'
  return null
}

/** A box's accessible name: "Stock of Small, Teal", "Stock of Small", "Stock of Teal", "Stock of Small, Gold, Teal". */
export function stockBoxLabel(option: string | undefined, color: string | undefined, option2?: string): string {
  return `Stock of ${[option, option2, color].filter((part) => part !== undefined && part !== '').join(', ')}`
}
