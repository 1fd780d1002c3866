// What the demo's jewellery is made of (issue 32, ADR 083), by title: the product page's "Materials".
// Every demo piece is poured in the studio, so its country of origin is the default, India.
import type { ProductInput } from '~/schemas/product'

export const DEMO_MATERIALS: Record<string, string> = {
  'Ocean Wave Resin Pendant': 'Epoxy resin, pigments, gold-toned brass bezel, stainless steel chain',
  'Amethyst Geode Teardrop Pendant': 'Epoxy resin, crystal chips, silver leaf, stainless steel chain',
  'Pressed Forget-Me-Not Drop Earrings': 'Epoxy resin, pressed forget-me-not flowers, hypoallergenic stainless steel hooks',
  'Gold Flake Marble Drop Earrings': 'Epoxy resin, 24k gold leaf, gold-plated brass hooks',
  'Galaxy Glitter Pendant Necklace': 'Epoxy resin, pigments, holographic glitter, 18 inch stainless steel chain',
  'Preserved Rose Petal Pendant': 'Epoxy resin, dried rose petals, rose-gold flakes, stainless steel chain',
  'Emerald Agate Drop Earrings': 'Epoxy resin, pigments, gold-plated brass edging and hooks',
  'Personalised Initial Resin Pendant': "Epoxy resin, gold leaf, dried baby's breath and petals, stainless steel chain",
  'Beach Shore Drop Earrings': 'Epoxy resin, real sand, pigments, hypoallergenic stainless steel hooks',
  'Marigold Haldi Pendant': 'Epoxy resin, dried marigold petals, gold-toned brass bezel',
  'Rose Quartz Geode Pendant': 'Epoxy resin, quartz crystal chips, rose-gold leaf, stainless steel chain',
  'Stardust Galaxy Earrings': 'Epoxy resin, silver glitter, hypoallergenic stainless steel hooks',
}

/** The demo product's input with its materials, when it names some. */
export function withMaterials(input: ProductInput): ProductInput {
  const materials = DEMO_MATERIALS[input.title]
  return materials === undefined ? input : { ...input, materials }
}
