// Named colour sets for the resin pours; each pour style picks its roles from one of these.

export type Metal = 'gold' | 'silver' | 'rose-gold'

export interface Palette {
  /** The darkest pigment: ocean depths, geode rims, galaxy night. */
  deep: string
  /** Main pigments, dark to light. */
  pigments: readonly [string, string, string, string]
  /** Near-white tint for foam, crystal and clear resin. */
  light: string
  /** Soft backdrop the finished piece is photographed on. */
  backdrop: readonly [string, string]
  metal: Metal
}

export const PALETTES = {
  lagoon: {
    deep: '#072b45',
    pigments: ['#0c5a78', '#0f8ea0', '#36bfc0', '#9be3dc'],
    light: '#f2fdff',
    backdrop: ['#f4efe6', '#dfeceb'],
    metal: 'gold',
  },
  deepSea: {
    deep: '#06163a',
    pigments: ['#0b3a78', '#1463b0', '#2f95d6', '#93d0f2'],
    light: '#f3faff',
    backdrop: ['#eef2f7', '#d7e3ef'],
    metal: 'silver',
  },
  rose: {
    deep: '#5e1634',
    pigments: ['#a8325f', '#d9688f', '#f0a9bf', '#fbdbe4'],
    light: '#fff7f9',
    backdrop: ['#fbf1ee', '#f3dcdc'],
    metal: 'rose-gold',
  },
  emerald: {
    deep: '#032e25',
    pigments: ['#0a5f47', '#17906a', '#4fc196', '#bde9d4'],
    light: '#f4fffa',
    backdrop: ['#f3f1e8', '#dde9df'],
    metal: 'gold',
  },
  amethyst: {
    deep: '#240c44',
    pigments: ['#4f2386', '#8048c0', '#b88ae6', '#e9d8fa'],
    light: '#fbf7ff',
    backdrop: ['#f4f0f6', '#e4dcee'],
    metal: 'silver',
  },
  marigold: {
    deep: '#5a1708',
    pigments: ['#b4421a', '#e57b2c', '#f3b445', '#fde3a6'],
    light: '#fffaf0',
    backdrop: ['#fbf3e6', '#f1dfc6'],
    metal: 'gold',
  },
  midnight: {
    deep: '#05071a',
    pigments: ['#1b1c5c', '#3a2a8c', '#7a3fb8', '#3e86d6'],
    light: '#f6f3ff',
    backdrop: ['#ecebf2', '#d6d5e3'],
    metal: 'gold',
  },
  blush: {
    deep: '#6e4c4a',
    pigments: ['#c28f8b', '#e3bcb6', '#f2dad4', '#fff8f5'],
    light: '#fffdfb',
    backdrop: ['#f6efe9', '#eadbd3'],
    metal: 'rose-gold',
  },
  ivory: {
    deep: '#3a3a42',
    pigments: ['#8c8983', '#b9b4ab', '#ddd8cf', '#f7f4ee'],
    light: '#ffffff',
    backdrop: ['#efede8', '#dcd9d2'],
    metal: 'gold',
  },
  crimson: {
    deep: '#3f0511',
    pigments: ['#8a0f27', '#c2213f', '#e45d72', '#f8c4cc'],
    light: '#fff6f7',
    backdrop: ['#f8efe8', '#efd9d0'],
    metal: 'gold',
  },
} as const satisfies Record<string, Palette>

export type PaletteName = keyof typeof PALETTES

/** Gradient stops that read as polished metal: dark, bright, mid, highlight, dark. */
export const METAL_STOPS: Record<Metal, readonly string[]> = {
  gold: ['#7a5410', '#f6dc7f', '#c18f2a', '#fff4c8', '#8f6518'],
  silver: ['#6d7378', '#f4f6f8', '#a9b0b6', '#ffffff', '#7b8288'],
  'rose-gold': ['#8a4f45', '#f7cbbb', '#c98b7c', '#fff0ea', '#94584c'],
}

/** One flat colour per metal for small flecks where a gradient would be invisible. */
export const METAL_FLECKS: Record<Metal, readonly string[]> = {
  gold: ['#d4a53a', '#f3d27a', '#b8861f', '#fff0b8'],
  silver: ['#c9ced3', '#eef1f4', '#9aa1a8', '#ffffff'],
  'rose-gold': ['#d69c8c', '#f5c9bb', '#b8756a', '#ffe9e1'],
}

/** Blends two #rrggbb colours; t = 0 gives `from`, 1 gives `to`. */
export function mixColors(from: string, to: string, t: number): string {
  const channel = (hex: string, offset: number): number => Number.parseInt(hex.slice(1 + offset, 3 + offset), 16)
  const mixed = [0, 2, 4].map((offset) =>
    Math.round(channel(from, offset) + (channel(to, offset) - channel(from, offset)) * t),
  )
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`
}

/** A colour along a ramp of colours, t in [0, 1]. */
export function rampColor(ramp: readonly string[], t: number): string {
  const scaled = Math.max(0, Math.min(1, t)) * (ramp.length - 1)
  const index = Math.min(ramp.length - 2, Math.floor(scaled))
  return mixColors(ramp[index] ?? '#000000', ramp[index + 1] ?? '#000000', scaled - index)
}
