// Small SVG-building helpers: a document with collected <defs>, smooth paths and gradients.

export interface Point {
  x: number
  y: number
}

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** Two decimals are plenty at 1280 px and keep the SVG text (and librsvg's parse) small. */
export const n = (value: number): string => String(Math.round(value * 100) / 100)

/** Collects <defs> and hands out unique ids while a picture is being composed. */
export class SvgDocument {
  private readonly defs: string[] = []
  private counter = 0

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  id(prefix: string): string {
    this.counter += 1
    return `${prefix}${this.counter}`
  }

  /** Adds a definition and returns its `url(#id)` reference. */
  define(prefix: string, build: (id: string) => string): string {
    const id = this.id(prefix)
    this.defs.push(build(id))
    return `url(#${id})`
  }

  /**
   * For big fills keep `from` and `to` on one horizontal or vertical line: librsvg fast-paths
   * those, while a diagonal gradient costs ~25 ms per full 1280 canvas. `reflect` repeats the
   * stops back and forth beyond `to`: metal shimmer along a long stroke.
   */
  linearGradient(
    stops: readonly string[],
    from: Point,
    to: Point,
    opacities?: readonly number[],
    spread: 'pad' | 'reflect' = 'pad',
  ): string {
    return this.define(
      'lg',
      (id) =>
        `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" spreadMethod="${spread}" x1="${n(from.x)}" y1="${n(from.y)}" x2="${n(to.x)}" y2="${n(to.y)}">${gradientStops(stops, opacities)}</linearGradient>`,
    )
  }

  /** Costly in librsvg (about 60 ms per full 1280 canvas): keep to small areas; see softEllipse. */
  radialGradient(stops: readonly string[], center: Point, radius: number, opacities?: readonly number[]): string {
    return this.define(
      'rg',
      (id) =>
        `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(center.x)}" cy="${n(center.y)}" r="${n(radius)}">${gradientStops(stops, opacities)}</radialGradient>`,
    )
  }

  clip(shape: string): string {
    return this.define('cp', (id) => `<clipPath id="${id}">${shape}</clipPath>`)
  }

  render(body: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join('')}</defs>${body}</svg>`
  }
}

function gradientStops(stops: readonly string[], opacities?: readonly number[]): string {
  const last = Math.max(1, stops.length - 1)
  return stops
    .map((color, i) => {
      const opacity = opacities?.[i]
      const alpha = opacity === undefined ? '' : ` stop-opacity="${n(opacity)}"`
      return `<stop offset="${n(i / last)}" stop-color="${color}"${alpha}/>`
    })
    .join('')
}

/** Catmull-Rom through the points, as cubic Béziers: organic curves from a handful of samples. */
export function smoothPath(points: readonly Point[], closed: boolean): string {
  const count = points.length
  if (count < 2) return ''
  const at = (i: number): Point => {
    if (closed) return points[((i % count) + count) % count] as Point
    return points[Math.max(0, Math.min(count - 1, i))] as Point
  }
  const first = at(0)
  let d = `M${n(first.x)} ${n(first.y)}`
  const segments = closed ? count : count - 1
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1)
    const p1 = at(i)
    const p2 = at(i + 1)
    const p3 = at(i + 2)
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 }
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 }
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`
  }
  return closed ? `${d}Z` : d
}

/** Points of a wobbly closed loop around a centre: the outline of a geode ring or a blob. */
export function wobblyLoop(
  center: Point,
  radius: number,
  wobble: readonly { frequency: number; amplitude: number; phase: number }[],
  samples = 36,
): Point[] {
  return Array.from({ length: samples }, (_, i) => {
    const angle = (i / samples) * Math.PI * 2
    const factor = wobble.reduce((sum, w) => sum + w.amplitude * Math.sin(w.frequency * angle + w.phase), 1)
    return { x: center.x + Math.cos(angle) * radius * factor, y: center.y + Math.sin(angle) * radius * factor }
  })
}

/**
 * A soft-edged spot made of stacked translucent ellipses: looks like a radial-gradient glow but
 * renders many times faster, because flat fills are cheap and gradients are not.
 */
export function softEllipse(
  center: Point,
  rx: number,
  ry: number,
  color: string,
  peakAlpha: number,
  steps = 7,
): string {
  // Per-layer alpha chosen so that all layers stacked at the centre reach peakAlpha.
  const alpha = 1 - (1 - Math.min(peakAlpha, 0.99)) ** (1 / steps)
  let out = ''
  for (let i = 0; i < steps; i++) {
    const scale = 1 - i / steps
    out += `<ellipse cx="${n(center.x)}" cy="${n(center.y)}" rx="${n(rx * scale)}" ry="${n(ry * scale)}" fill="${color}" fill-opacity="${n(alpha)}"/>`
  }
  return out
}
