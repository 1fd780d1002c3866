// Which demo products are made to order (ADR 070), by title: their making time in working days, and an
// option's own where it differs (the large wall clock is poured to order, the small one is on the shelf).
import type { ProductInput } from '~/schemas/product'

interface DemoMadeToOrder {
  days: number
  options?: Record<string, number>
}

export const DEMO_MADE_TO_ORDER: Record<string, DemoMadeToOrder> = {
  'Baby Footprint Memory Block': { days: 5 },
  'Pet Memorial Resin Block': { days: 5 },
  'Wedding Varmala Preservation Frame': { days: 7, options: { '18 inch': 10 } },
  'Geode Resin Wall Clock': { days: 0, options: { '18 inch': 7 } },
}

/** The demo product's input with its making times, when it is made to order. */
export function withMadeToOrder(input: ProductInput): ProductInput {
  const demo = DEMO_MADE_TO_ORDER[input.title]
  if (!demo) return input
  const varieties = input.varieties.map((option) => {
    const days = demo.options?.[option.name]
    return days === undefined ? option : { ...option, madeToOrderDays: days }
  })
  return { ...input, madeToOrderDays: demo.days, varieties }
}
