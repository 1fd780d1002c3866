// The demo shop's products and banners: realistic titles, rupee prices, stock and the art behind each picture.
import type { PersonalizationField } from '~/lib/personalization'
import { rupeesToPaise } from '~/lib/money'
import type { Category, VarietyType } from '../schema'
import { seedFromText } from './art/random'
import type { ArtSpec, PaletteName, PourStyle, ResinObject } from './resin-art'

export interface DemoVarietyOption {
  name: string
  pricePaise: number
  /** 0 when the option is not on sale. */
  salePricePaise: number
}

export interface DemoProduct {
  title: string
  description: string
  category: Category
  pricePaise: number
  /** 0 when the product is not on sale. */
  salePricePaise: number
  totalStock: number
  /** `label`: the option group's own name, when the owner gave one. */
  variety: { type: VarietyType; label?: string; options: DemoVarietyOption[] } | null
  colors: string[]
  images: ArtSpec[]
  /** The personalisation fields the piece asks for (ADR 069); none for most. */
  personalization: PersonalizationField[]
}

type Art = [PourStyle, ResinObject, PaletteName]
/** [name, price in rupees, sale price in rupees or 0] */
type OptionInRupees = [string, number, number]

interface ProductInRupees {
  title: string
  description: string
  category: Category
  /** Rupees; ignored (taken from the first option) when the product has a variety. */
  price?: number
  sale?: number
  stock: number
  colors?: string[]
  variety?: { type: VarietyType; label?: string; options: OptionInRupees[] }
  personalization?: PersonalizationField[]
  /**
   * 1-3 pictures; the first is the card image. Each stored picture costs ~0.3 s of CPU (mostly
   * WebP encoding), so only a few products get a gallery, to keep the first start quick.
   */
  art: [Art, ...Art[]]
}

/** Options under the owner's own group name ('Chain', not 'Choice': issue 27). */
const choice = (label: string, ...options: OptionInRupees[]) => ({ type: 'choice' as const, label, options })
const size = (...options: OptionInRupees[]) => ({ type: 'size' as const, options })
/** Packs are priced per pack and never on sale. */
const pack = (...options: [string, number][]) => ({
  type: 'pack' as const,
  options: options.map(([name, price]): OptionInRupees => [name, price, 0]),
})

function product(input: ProductInRupees): DemoProduct {
  // A product with a variety shows (and is sorted by) its first, cheapest option.
  const first = input.variety?.options[0]
  const price = first ? first[1] : (input.price ?? 0)
  const sale = first ? first[2] : (input.sale ?? 0)
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    pricePaise: rupeesToPaise(price),
    salePricePaise: rupeesToPaise(sale),
    totalStock: input.stock,
    variety: input.variety
      ? {
          type: input.variety.type,
          ...(input.variety.label ? { label: input.variety.label } : {}),
          options: input.variety.options.map(([name, optionPrice, optionSale]) => ({
            name,
            pricePaise: rupeesToPaise(optionPrice),
            salePricePaise: rupeesToPaise(optionSale),
          })),
        }
      : null,
    colors: input.colors ?? [],
    personalization: input.personalization ?? [],
    // Seeds come from the title, so a product keeps its pictures when the list is reordered.
    images: input.art.map(([style, object, palette], index) => ({
      style,
      object,
      palette,
      seed: seedFromText(`${input.title}#${index}`),
    })),
  }
}

const jewellery: DemoProduct[] = [
  product({
    title: 'Ocean Wave Resin Pendant',
    category: 'jewellery',
    description:
      'Layers of turquoise and deep-sea blue resin with hand-pulled white lacing, set in a gold-toned bezel. Every wave is poured by hand, so no two pendants are alike.',
    stock: 24,
    colors: ['Ocean Blue', 'Teal'],
    variety: choice('Chain', ['Silver Chain', 1199, 949], ['Gold Chain', 1299, 999]),
    art: [
      ['ocean', 'pendant', 'lagoon'],
      ['ocean', 'full', 'lagoon'],
      ['ocean', 'pendant', 'emerald'],
    ],
  }),
  product({
    title: 'Amethyst Geode Teardrop Pendant',
    category: 'jewellery',
    description:
      'A geode slice in violet resin with a sparkling crystal heart and fine silver leaf rings. Light and comfortable for everyday wear.',
    price: 1499,
    sale: 1199,
    stock: 7,
    colors: ['Purple', 'Lavender'],
    // A size and a chain (the second option group, ADR 077: demo-variant-stock.ts).
    variety: size(['Small', 1499, 1199], ['Medium', 1699, 0]),
    art: [['geode', 'pendant', 'amethyst']],
  }),
  product({
    title: 'Pressed Forget-Me-Not Drop Earrings',
    category: 'jewellery',
    description:
      'Real forget-me-not blossoms pressed and sealed in crystal-clear resin teardrops. Hypoallergenic hooks, weighing just 4 g each.',
    price: 749,
    stock: 31,
    colors: ['Sky Blue', 'Clear'],
    art: [['floral', 'earrings', 'deepSea']],
  }),
  product({
    title: 'Gold Flake Marble Drop Earrings',
    category: 'jewellery',
    description: 'Soft white marble swirls veined with 24k gold leaf, finished to a glass-like shine.',
    price: 899,
    sale: 699,
    stock: 18,
    colors: ['Ivory', 'Gold'],
    art: [['marble-gold', 'earrings', 'ivory']],
  }),
  product({
    title: 'Galaxy Glitter Pendant Necklace',
    category: 'jewellery',
    description:
      'A pocket-sized night sky: indigo and violet pigments with holographic glitter and tiny star flecks. Comes on an 18 inch chain.',
    stock: 42,
    colors: ['Midnight Blue', 'Purple'],
    variety: choice('Chain', ['Silver Chain', 1099, 0], ['Gold Chain', 1199, 0]),
    art: [['galaxy', 'pendant', 'midnight']],
  }),
  product({
    title: 'Preserved Rose Petal Pendant',
    category: 'jewellery',
    description: 'Petals from a fresh rose, dried for two weeks and set in clear resin with rose-gold flakes.',
    price: 1299,
    stock: 3,
    colors: ['Rose Pink'],
    art: [['floral', 'pendant', 'rose']],
  }),
  product({
    title: 'Emerald Agate Drop Earrings',
    category: 'jewellery',
    description: 'Banded emerald agate look-alikes with gold edging, poured in small batches.',
    price: 999,
    stock: 0,
    colors: ['Emerald'],
    art: [['geode', 'earrings', 'emerald']],
  }),
  product({
    title: 'Personalised Initial Resin Pendant',
    category: 'jewellery',
    description:
      'Your initial in gold leaf, floating among baby’s breath and blush petals. Type the letter before you add it to your cart.',
    stock: 15,
    colors: ['Blush', 'Clear'],
    variety: choice('Chain', ['Silver Chain', 1349, 1149], ['Gold Chain', 1449, 1249], ['Rose Gold Chain', 1499, 0]),
    personalization: [{ label: 'Initial', kind: 'text', maxLength: 2, required: true, pricePaise: 0 }],
    art: [['floral', 'pendant', 'blush']],
  }),
  product({
    title: 'Beach Shore Drop Earrings',
    category: 'jewellery',
    description: 'Tiny beaches for your ears: real sand, deep blue water and white foam lacing.',
    price: 849,
    stock: 27,
    colors: ['Ocean Blue', 'Sand'],
    art: [['ocean', 'earrings', 'deepSea']],
  }),
  product({
    title: 'Marigold Haldi Pendant',
    category: 'jewellery',
    description: 'Dried marigold petals in warm saffron resin, a cheerful pick for haldi and mehendi outfits.',
    price: 899,
    sale: 749,
    stock: 9,
    colors: ['Marigold', 'Gold'],
    art: [['floral', 'pendant', 'marigold']],
  }),
  product({
    title: 'Rose Quartz Geode Pendant',
    category: 'jewellery',
    description: 'Blush pink crystal bands around a glittering quartz centre, edged in rose-gold leaf.',
    price: 1399,
    stock: 0,
    colors: ['Rose Pink'],
    art: [['geode', 'pendant', 'rose']],
  }),
  product({
    title: 'Stardust Galaxy Earrings',
    category: 'jewellery',
    description: 'Deep violet teardrops full of silver stardust. Light enough to wear all evening.',
    price: 799,
    stock: 36,
    art: [['galaxy', 'earrings', 'amethyst']],
  }),
]

const homeDecor: DemoProduct[] = [
  product({
    title: 'Geode Resin Wall Clock',
    category: 'home-decor',
    description:
      'A statement clock poured like a sliced geode, with crystal-quartz centre, silver leaf rings and a silent sweep movement.',
    stock: 8,
    colors: ['Purple', 'Emerald', 'Rose Pink'],
    variety: size(['12 inch', 3499, 2999], ['18 inch', 5999, 4999]),
    art: [
      ['geode', 'clock', 'amethyst'],
      ['geode', 'clock', 'emerald'],
      ['geode', 'full', 'amethyst'],
    ],
  }),
  product({
    title: 'Ocean Wave Coaster Set',
    category: 'home-decor',
    description:
      'Heat-resistant resin coasters with sandy shores and foamy waves, rimmed in gold. Felt-backed to protect your table.',
    stock: 54,
    colors: ['Ocean Blue', 'Teal'],
    variety: pack(['Pack of 2', 899], ['Pack of 4', 1599], ['Pack of 6', 2249]),
    art: [
      ['ocean', 'coaster', 'lagoon'],
      ['ocean', 'coaster', 'deepSea'],
    ],
  }),
  product({
    title: 'Marble & Gold Serving Tray',
    category: 'home-decor',
    description: 'White marble-effect resin with 24k gold leaf veins and brass handles. Food-safe top coat.',
    stock: 21,
    colors: ['Ivory', 'Gold'],
    variety: size(['12 inch', 1999, 1699], ['16 inch', 2799, 2399]),
    art: [['marble-gold', 'tray', 'ivory']],
  }),
  product({
    title: 'Galaxy Night Sky Wall Clock',
    category: 'home-decor',
    description: 'Nebula clouds, glitter stars and gold hands, a dreamy clock for bedrooms and study corners.',
    stock: 12,
    colors: ['Midnight Blue'],
    variety: size(['12 inch', 2999, 0], ['18 inch', 4999, 4499]),
    art: [['galaxy', 'clock', 'midnight']],
  }),
  product({
    title: 'Beach Shoreline Serving Tray',
    category: 'home-decor',
    description: 'A rectangular tray with a real-sand beach, three layers of waves and gold handles.',
    price: 2499,
    stock: 14,
    colors: ['Ocean Blue', 'Sand'],
    art: [['ocean', 'tray', 'deepSea']],
  }),
  product({
    title: 'Agate Slice Coasters',
    category: 'home-decor',
    description: 'Coasters poured to look like polished agate slices, each with a gilded crystal centre.',
    stock: 40,
    colors: ['Emerald', 'Purple', 'Rose Pink'],
    variety: pack(['Pack of 2', 799], ['Pack of 4', 1449]),
    art: [['geode', 'coaster', 'emerald']],
  }),
  product({
    title: 'Pressed Flower Serving Tray',
    category: 'home-decor',
    description: 'Wildflowers and fern leaves suspended in clear resin above a blush base. A lovely tea tray.',
    price: 2299,
    stock: 6,
    colors: ['Blush', 'Clear'],
    art: [['floral', 'tray', 'blush']],
  }),
  product({
    title: 'Ocean Resin Wall Art Panel',
    category: 'home-decor',
    description: 'A framed panel of deep sea, turquoise shallows and lacy foam that brings the coast indoors.',
    stock: 5,
    colors: ['Ocean Blue'],
    variety: size(['12 inch', 3999, 3499], ['18 inch', 6499, 5799], ['24 inch', 8999, 0]),
    art: [['ocean', 'frame', 'lagoon']],
  }),
  product({
    title: 'Rose Gold Marble Wall Clock',
    category: 'home-decor',
    description: 'Blush marble swirls with rose-gold veins and markers, a soft touch for living rooms.',
    price: 2799,
    stock: 19,
    colors: ['Blush', 'Rose Gold'],
    art: [['marble-gold', 'clock', 'blush']],
  }),
  product({
    title: 'Emerald Geode Wall Art',
    category: 'home-decor',
    description: 'A gold-framed geode panel in emerald and jade greens with a glittering quartz cavity.',
    price: 4499,
    stock: 3,
    colors: ['Emerald', 'Gold'],
    art: [['geode', 'frame', 'emerald']],
  }),
  product({
    title: 'Galaxy Trinket Tray',
    category: 'home-decor',
    description: 'A small tray for rings and keys, swirled with violet nebula and silver glitter.',
    price: 699,
    stock: 0,
    art: [['galaxy', 'tray', 'amethyst']],
  }),
  product({
    title: 'Pressed Flower Table Clock',
    category: 'home-decor',
    description: 'Pink blooms and gold flakes in a clear resin dial, on a wooden stand.',
    price: 1899,
    stock: 23,
    colors: ['Rose Pink', 'Clear'],
    art: [['floral', 'clock', 'rose']],
  }),
]

const giftingMemories: DemoProduct[] = [
  product({
    title: 'Baby Footprint Memory Block',
    category: 'gifting-memories',
    description:
      'Send us a photo of your baby’s footprint and we set a print of it, the name and birth date among pastel flowers in a solid resin block.',
    stock: 16,
    colors: ['Blush', 'Sky Blue'],
    variety: size(['6 inch', 1799, 1499], ['8 inch', 2499, 2199]),
    art: [['floral', 'block', 'blush']],
  }),
  product({
    title: 'Preserved Rose Resin Keychain',
    category: 'gifting-memories',
    description: 'A real rosebud sealed in a heart of clear resin, on a sturdy gold-toned ring.',
    stock: 58,
    colors: ['Rose Pink', 'Crimson'],
    variety: pack(['Pack of 1', 349], ['Pack of 2', 599], ['Pack of 4', 1099]),
    art: [
      ['floral', 'keychain', 'rose'],
      ['floral', 'keychain', 'crimson'],
    ],
  }),
  product({
    title: 'Personalised Name Resin Bookmark',
    category: 'gifting-memories',
    description: 'A slim bookmark with pressed flowers, gold flakes, a silk tassel and the name of your choice.',
    price: 249,
    sale: 199,
    stock: 45,
    colors: ['Emerald', 'Sky Blue', 'Blush'],
    personalization: [
      { label: 'Name to engrave', kind: 'text', maxLength: 20, required: true, pricePaise: 0 },
      { label: 'Date', kind: 'date', maxLength: 10, required: false, pricePaise: 5000 },
    ],
    art: [['floral', 'bookmark', 'emerald']],
  }),
  product({
    title: 'Photo Memory Resin Frame',
    category: 'gifting-memories',
    description: 'Your favourite photo set under marble-and-gold resin in a metal frame. We email a preview before pouring.',
    stock: 13,
    variety: size(['8 inch', 1999, 0], ['12 inch', 2999, 2599]),
    art: [['marble-gold', 'frame', 'ivory']],
  }),
  product({
    title: 'Pet Memorial Resin Block',
    category: 'gifting-memories',
    description: 'Keep a tuft of fur, a name tag or a photo of your companion under a starry resin sky.',
    price: 2199,
    stock: 4,
    art: [['galaxy', 'block', 'midnight']],
  }),
  product({
    title: 'Gold Leaf Initial Keychain',
    category: 'gifting-memories',
    description: 'A heart keychain of white marble resin with gold veins and your initial in gold foil.',
    price: 299,
    stock: 60,
    colors: ['Ivory', 'Blush'],
    art: [['marble-gold', 'keychain', 'ivory']],
  }),
  product({
    title: 'Couple Name Galaxy Keychain Set',
    category: 'gifting-memories',
    description: 'Two matching galaxy hearts with your names, one for each of you.',
    price: 549,
    stock: 33,
    colors: ['Purple', 'Midnight Blue'],
    art: [['galaxy', 'keychain', 'amethyst']],
  }),
  product({
    title: 'Birth Flower Bookmark',
    category: 'gifting-memories',
    description: 'Choose the birth month and we press its flower into a bookmark with a matching tassel.',
    stock: 28,
    colors: ['Marigold', 'Rose Pink', 'Emerald'],
    variety: pack(['Pack of 2', 449], ['Pack of 4', 799]),
    art: [['floral', 'bookmark', 'marigold']],
  }),
  product({
    title: 'Beach Holiday Memory Block',
    category: 'gifting-memories',
    description: 'Bring back sand and shells from your trip; we set them in a block with a wave of blue resin.',
    price: 1899,
    stock: 0,
    colors: ['Ocean Blue'],
    art: [['ocean', 'block', 'lagoon']],
  }),
  product({
    title: 'Friendship Keychain Pack',
    category: 'gifting-memories',
    description: 'Ocean-wave heart keychains to share with your best friends or as return gifts.',
    stock: 50,
    colors: ['Ocean Blue', 'Teal'],
    variety: pack(['Pack of 3', 799], ['Pack of 6', 1499]),
    art: [['ocean', 'keychain', 'lagoon']],
  }),
  product({
    title: 'Anniversary Date Resin Plaque',
    category: 'gifting-memories',
    description: 'Your names and special date in gold, over rose marble swirls. Add a wooden stand for a desk or shelf.',
    variety: choice('Style', ['Plaque Only', 1599, 1349], ['With Wooden Stand', 1899, 1599]),
    stock: 11,
    colors: ['Rose Pink', 'Gold'],
    art: [['marble-gold', 'block', 'rose']],
  }),
]

const specialOccasion: DemoProduct[] = [
  product({
    title: 'Wedding Varmala Preservation Frame',
    category: 'special-occasion',
    description:
      'Courier us your wedding varmala within three days of the ceremony; we dry the flowers and preserve them in a framed resin keepsake.',
    stock: 9,
    colors: ['Crimson', 'Gold'],
    variety: size(['12 inch', 5999, 5499], ['18 inch', 8999, 7999]),
    art: [
      ['floral', 'frame', 'crimson'],
      ['floral', 'full', 'crimson'],
      ['floral', 'frame', 'marigold'],
    ],
  }),
  product({
    title: 'Rakhi Resin Gift Set',
    category: 'special-occasion',
    description: 'A floral resin rakhi on a silk thread, packed with roli-chawal; add a matching keychain for your brother.',
    variety: choice('Set', ['Rakhi Only', 299, 0], ['Rakhi with Keychain', 499, 399]),
    stock: 47,
    colors: ['Marigold', 'Crimson'],
    art: [['floral', 'pendant', 'marigold']],
  }),
  product({
    title: 'Diwali Marble Urli Tray',
    category: 'special-occasion',
    description: 'A festive tray in saffron marble with gold veins for diyas, sweets or floating flowers.',
    stock: 26,
    colors: ['Marigold', 'Gold'],
    variety: size(['10 inch', 1499, 1299], ['14 inch', 2199, 1899]),
    art: [['marble-gold', 'tray', 'marigold']],
  }),
  product({
    title: 'Bridal Bouquet Preservation Block',
    category: 'special-occasion',
    description: 'Roses and greenery from your bridal bouquet, preserved forever in a crystal-clear block.',
    price: 4999,
    stock: 5,
    colors: ['Crimson', 'Clear'],
    art: [['floral', 'block', 'crimson']],
  }),
  product({
    title: 'Haldi Ceremony Keepsake Coasters',
    category: 'special-occasion',
    description: 'Sunny marigold coasters made with petals from your haldi, a bright reminder of the day.',
    stock: 30,
    colors: ['Marigold'],
    variety: pack(['Pack of 2', 999], ['Pack of 4', 1799]),
    art: [['floral', 'coaster', 'marigold']],
  }),
  product({
    title: 'Resin Pooja Thali',
    category: 'special-occasion',
    description: 'A crimson and gold marble thali for aarti and festivals. Easy to wipe clean.',
    price: 1299,
    stock: 17,
    art: [['marble-gold', 'coaster', 'crimson']],
  }),
  product({
    title: 'Anniversary Galaxy Wall Clock',
    category: 'special-occasion',
    description: 'The night sky in deep blues with gold hands; add your names and date on the dial.',
    price: 3299,
    sale: 2899,
    stock: 0,
    art: [['galaxy', 'clock', 'deepSea']],
  }),
  product({
    title: 'Mehendi Return Gift Coasters',
    category: 'special-occasion',
    description: 'Pretty floral coasters in mehendi green, gift-boxed and ready to hand out to your guests.',
    stock: 44,
    colors: ['Emerald'],
    variety: pack(['Pack of 6', 1199], ['Pack of 12', 2199]),
    art: [['floral', 'coaster', 'emerald']],
  }),
  product({
    title: 'Baby Shower Keepsake Frame',
    category: 'special-occasion',
    description: 'Pastel flowers and the baby’s name in a soft marble frame, a sweet godh bharai gift.',
    price: 1799,
    stock: 20,
    colors: ['Blush', 'Sky Blue'],
    art: [['floral', 'frame', 'blush']],
  }),
  product({
    title: 'Griha Pravesh Geode Name Plate',
    category: 'special-occasion',
    description: 'A geode-inspired name plate for your new home, with your family name in gold letters.',
    stock: 12,
    colors: ['Marigold', 'Emerald', 'Purple'],
    variety: size(['12 inch', 2499, 0], ['18 inch', 3999, 3499]),
    art: [['geode', 'frame', 'marigold']],
  }),
  product({
    title: 'Wedding Invitation Preservation Tray',
    category: 'special-occasion',
    description: 'We set your wedding card among gold flakes and dried flowers in a keepsake tray.',
    price: 2999,
    stock: 7,
    art: [['floral', 'tray', 'crimson']],
  }),
]

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  ...jewellery,
  ...homeDecor,
  ...giftingMemories,
  ...specialOccasion,
]

/** Home page banners, wide art without text (the page overlays its own). */
export const DEMO_BANNERS: readonly Omit<ArtSpec, 'object'>[] = (
  [
    ['ocean', 'lagoon'],
    ['galaxy', 'midnight'],
    ['floral', 'rose'],
    ['geode', 'amethyst'],
  ] as const
).map(([style, palette]) => ({ style, palette, seed: seedFromText(`banner:${style}:${palette}`) }))
