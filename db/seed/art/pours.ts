// The five resin "pour" styles: each paints a rectangle with one kind of poured-epoxy look.
import { METAL_FLECKS, METAL_STOPS, mixColors, type Palette, rampColor } from './palettes'
import type { Random } from './random'
import { type Box, n, type Point, type SvgDocument, smoothPath, softEllipse, wobblyLoop } from './svg'

export type PourStyle = 'ocean' | 'geode' | 'floral' | 'marble-gold' | 'galaxy'

export interface PourContext {
  doc: SvgDocument
  rng: Random
  palette: Palette
  box: Box
}

export function pour(style: PourStyle, context: PourContext): string {
  switch (style) {
    case 'ocean':
      return oceanPour(context)
    case 'geode':
      return geodePour(context)
    case 'floral':
      return floralPour(context)
    case 'marble-gold':
      return marbleGoldPour(context)
    case 'galaxy':
      return galaxyPour(context)
  }
}

const centerOf = (box: Box): Point => ({ x: box.x + box.w / 2, y: box.y + box.h / 2 })
const rect = (box: Box, fill: string): string =>
  `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${fill}"/>`
const randomPointIn = (rng: Random, box: Box): Point => ({ x: box.x + rng.next() * box.w, y: box.y + rng.next() * box.h })

/** Metal that shimmers along a long stroke: the stops reflect back and forth every `period` px. */
function metalPaint(doc: SvgDocument, palette: Palette, at: Point, period: number): string {
  return doc.linearGradient(METAL_STOPS[palette.metal], at, { x: at.x + period, y: at.y + period * 0.6 }, undefined, 'reflect')
}

/** Scattered specks; fill-opacity (not opacity) keeps librsvg from compositing each one offscreen. */
function speckles(
  rng: Random,
  box: Box,
  count: number,
  colors: readonly string[],
  radius: [number, number],
  alpha: [number, number],
): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const at = randomPointIn(rng, box)
    out += `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(rng.range(...radius))}" fill="${rng.pick(colors)}" fill-opacity="${n(rng.range(...alpha))}"/>`
  }
  return out
}

/** Irregular little polygons: gold leaf flakes. */
function flakes(rng: Random, box: Box, count: number, colors: readonly string[], size: [number, number]): string {
  let out = ''
  for (let i = 0; i < count; i++) {
    const at = randomPointIn(rng, box)
    const r = rng.range(...size)
    const corners = rng.int(4, 6)
    const start = rng.next() * Math.PI
    const points = Array.from({ length: corners }, (_, k) => {
      const angle = start + (k / corners) * Math.PI * 2 + rng.range(-0.3, 0.3)
      const reach = r * rng.range(0.45, 1)
      return `${n(at.x + Math.cos(angle) * reach)},${n(at.y + Math.sin(angle) * reach)}`
    })
    out += `<polygon points="${points.join(' ')}" fill="${rng.pick(colors)}" fill-opacity="${n(rng.range(0.75, 1))}"/>`
  }
  return out
}

/** A cloud of pigment: a few offset soft spots, so it reads as a diffuse cloud, not a ringed disc. */
function pigmentCloud(rng: Random, at: Point, radius: number, color: string, strength: number): string {
  let out = ''
  for (let i = 0; i < 2; i++) {
    const offset = { x: at.x + rng.range(-0.3, 0.3) * radius, y: at.y + rng.range(-0.3, 0.3) * radius }
    const r = radius * rng.range(0.7, 1)
    out += softEllipse(offset, r, r * rng.range(0.6, 1), color, strength * 0.6)
  }
  return out
}

/** A meandering line: a random walk with slowly turning heading, smoothed. */
function meander(rng: Random, start: Point, heading: number, steps: number, stepLength: number, turn: number): Point[] {
  const points: Point[] = [start]
  let angle = heading
  let at = start
  for (let i = 0; i < steps; i++) {
    angle += rng.range(-turn, turn)
    at = { x: at.x + Math.cos(angle) * stepLength, y: at.y + Math.sin(angle) * stepLength }
    points.push(at)
  }
  return points
}

/** A point on the far side of the box, so a line started there crosses the whole piece. */
function entryPoint(rng: Random, box: Box, heading: number): Point {
  const c = centerOf(box)
  const reach = Math.max(box.w, box.h) * 0.6
  const across = rng.range(-0.35, 0.35) * Math.max(box.w, box.h)
  return {
    x: c.x - Math.cos(heading) * reach - Math.sin(heading) * across,
    y: c.y - Math.sin(heading) * reach + Math.cos(heading) * across,
  }
}

// ---------------------------------------------------------------------------------------------
// Ocean: deep water to shallow turquoise to sand, each wave edge trimmed with white lacing.

function oceanPour({ doc, rng, palette, box }: PourContext): string {
  const c = centerOf(box)
  const degrees = rng.range(-35, 35) + (rng.chance(0.3) ? 90 : 0)
  const radians = (degrees * Math.PI) / 180
  // Work in a rotated frame; `span` is the box's extent across the shoreline in that frame.
  const span = Math.abs(box.w * Math.sin(radians)) + Math.abs(box.h * Math.cos(radians))
  const side = Math.hypot(box.w, box.h)
  const frame = { x: c.x - side / 2, y: c.y - side / 2, w: side, h: side }
  const top = c.y - span / 2
  const bottom = frame.y + frame.h
  const xs = Array.from({ length: 15 }, (_, i) => frame.x + (i / 14) * frame.w)
  const waveEdge = (baseline: number, amplitude: number): Point[] => {
    const f1 = rng.range(1.5, 3.2)
    const f2 = rng.range(4, 7)
    const p1 = rng.range(0, Math.PI * 2)
    const p2 = rng.range(0, Math.PI * 2)
    return xs.map((x) => {
      const t = (x - frame.x) / frame.w
      return {
        x,
        y: baseline + amplitude * Math.sin(t * f1 * Math.PI + p1) + amplitude * 0.35 * Math.sin(t * f2 * Math.PI + p2),
      }
    })
  }
  const band = (edge: Point[]): string =>
    `${smoothPath(edge, false)}L${n(frame.x + frame.w)} ${n(bottom)}L${n(frame.x)} ${n(bottom)}Z`

  // Flat fills only in here: under the rotation any gradient becomes diagonal, which librsvg
  // renders several times slower than flat or axis-aligned paint.
  let out = rect(frame, palette.deep)
  out += pigmentCloud(rng, { x: c.x + rng.range(-0.3, 0.3) * span, y: top + span * 0.25 }, span * 0.4, palette.pigments[0], 0.8)
  out += pigmentCloud(rng, { x: c.x + rng.range(-0.3, 0.3) * span, y: top + span * 0.15 }, span * 0.3, palette.pigments[1], 0.5)

  const waveCount = rng.int(3, 4)
  const sandLine = top + span * rng.range(0.74, 0.8)
  const waveColors = [palette.pigments[1], palette.pigments[2], palette.pigments[3], palette.light]
  for (let i = 0; i < waveCount; i++) {
    const baseline = top + span * (0.22 + (i * 0.48) / waveCount) + rng.range(-0.02, 0.02) * span
    const edge = waveEdge(baseline, span * rng.range(0.025, 0.05))
    const color = waveColors[Math.min(i, waveColors.length - 1)] as string
    const deeper = i === 0 ? palette.pigments[0] : (waveColors[i - 1] as string)
    out += `<path d="${band(edge)}" fill="${color}"/>`
    out += waveBody(edge, span, deeper)
    out += lacing(rng, edge, span)
  }

  // Wet sand, a last translucent wave washing over it, then the dry beach beyond the wave.
  const sandEdge = waveEdge(sandLine, span * 0.03)
  out += `<path d="${band(sandEdge)}" fill="#cfae7e"/>`
  const washEdge = waveEdge(sandLine - span * 0.015, span * 0.04)
  out += `<path d="${band(washEdge)}" fill="${palette.pigments[3]}" fill-opacity="0.3"/>`
  out += lacing(rng, washEdge, span)
  const dryEdge = sandEdge.map((p) => ({ x: p.x, y: p.y + span * 0.08 }))
  out += `<path d="${band(dryEdge)}" fill="#e4c899"/>`
  out += waveBody(dryEdge, span, '#f3e2bf')
  const sandBox = { x: frame.x, y: sandLine, w: frame.w, h: bottom - sandLine }
  out += speckles(rng, sandBox, 320, ['#8a6a45', '#fff6e0', '#b08450', ...METAL_FLECKS[palette.metal]], [0.8, 2.6], [0.4, 0.9])
  if (rng.chance(0.5)) {
    // A gold shoreline, a favourite finishing touch on beach pours.
    const shore = dryEdge.map((p) => ({ x: p.x, y: p.y + span * 0.03 }))
    out += `<path d="${smoothPath(shore, false)}" fill="none" stroke="${metalPaint(doc, palette, { x: frame.x, y: sandLine }, span * 0.3)}" stroke-width="${n(span * 0.007)}" stroke-linecap="round"/>`
  }
  return `<g transform="rotate(${n(degrees)} ${n(c.x)} ${n(c.y)})">${out}</g>`
}

/** Shading behind a wave crest: bands of the deeper colour fading back from the edge. */
function waveBody(edge: readonly Point[], span: number, deeper: string): string {
  let out = ''
  for (const [offset, width, alpha] of [
    [0.06, 0.1, 0.35],
    [0.15, 0.14, 0.18],
  ] as const) {
    const shifted = edge.map((p) => ({ x: p.x, y: p.y + span * offset }))
    out += `<path d="${smoothPath(shifted, false)}" fill="none" stroke="${deeper}" stroke-opacity="${alpha}" stroke-width="${n(span * width)}"/>`
  }
  return out
}

/** White foam along a wave edge: a soft halo, a crisp line and trailing cells. */
function lacing(rng: Random, edge: readonly Point[], span: number): string {
  const line = smoothPath(edge, false)
  const scale = span / 1000
  let out = ''
  for (const [width, alpha] of [
    [30, 0.14],
    [12, 0.4],
  ] as const) {
    out += `<path d="${line}" fill="none" stroke="#ffffff" stroke-opacity="${alpha}" stroke-width="${n(width * scale)}" stroke-linecap="round"/>`
  }
  out += `<path d="${line}" fill="none" stroke="#ffffff" stroke-width="${n(4 * scale)}" stroke-linecap="round"/>`
  const trailing = edge.map((p) => ({ x: p.x, y: p.y + 14 * scale }))
  out += `<path d="${smoothPath(trailing, false)}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${n(2.2 * scale)}" stroke-dasharray="${n(40 * scale)} ${n(14 * scale)} ${n(10 * scale)} ${n(22 * scale)}"/>`

  // Cells thin out away from the edge, like silicone-oil lacing pulled open by a heat gun.
  for (let i = 0; i < 130; i++) {
    const segment = rng.int(0, edge.length - 2)
    const a = edge[segment] as Point
    const b = edge[segment + 1] as Point
    const t = rng.next()
    const depth = rng.next() ** 2 * 110 * scale
    const r = rng.range(2.5, 12) * scale * (1 - depth / (160 * scale))
    const alpha = 0.85 - depth / (150 * scale)
    out += `<circle cx="${n(a.x + (b.x - a.x) * t)}" cy="${n(a.y + (b.y - a.y) * t + depth + 4 * scale)}" r="${n(r)}" fill="#ffffff" fill-opacity="${n(alpha * 0.22)}" stroke="#ffffff" stroke-opacity="${n(alpha)}" stroke-width="${n(1.6 * scale)}"/>`
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Geode: agate bands of uneven width with metal lines, around a sparkling quartz cavity.

function geodePour({ doc, rng, palette, box }: PourContext): string {
  // Area-based scale: on a wide banner the longest side would make the cavity fill the height.
  const size = Math.sqrt(box.w * box.h)
  const c = centerOf(box)
  const core = { x: c.x + rng.range(-0.3, 0.3) * box.w, y: c.y + rng.range(-0.3, 0.3) * box.h }
  const wobble = Array.from({ length: 4 }, (_, i) => ({
    frequency: i + 2,
    amplitude: rng.range(0.03, 0.1) / (i + 1),
    phase: rng.range(0, Math.PI * 2),
  }))
  let out = rect(box, palette.deep)

  const outer = size * rng.range(0.75, 0.95)
  const cavity = size * rng.range(0.12, 0.17)
  const metal = metalPaint(doc, palette, { x: box.x, y: box.y }, size * 0.35)
  // Dark rim to pale heart, like a sliced agate.
  const ramp = [palette.deep, palette.pigments[0], palette.pigments[1], palette.pigments[2], palette.pigments[3], palette.light]
  const ringCount = rng.int(14, 18)
  // Agate has a few thin pale lines between broad coloured bands.
  const bands = Array.from({ length: ringCount }, () => {
    const pale = rng.chance(0.25)
    return { pale, width: pale ? rng.range(0.15, 0.35) : rng.range(0.5, 1.8) }
  })
  const totalWidth = bands.reduce((sum, band) => sum + band.width, 0)
  let radius = outer
  for (const [i, band] of bands.entries()) {
    const t = i / (ringCount - 1)
    const tone = rampColor(ramp, t * 0.85 + rng.range(-0.08, 0.08))
    const color = band.pale ? mixColors(tone, palette.light, 0.75) : tone
    const jitter = wobble.map((w) => ({ ...w, amplitude: w.amplitude * rng.range(0.85, 1.15) }))
    const d = smoothPath(wobblyLoop(core, radius, jitter, 40), true)
    const isMetal = i > 1 && rng.chance(0.22)
    const stroke = isMetal
      ? `stroke="${metal}" stroke-width="${n(size * rng.range(0.005, 0.01))}"`
      : `stroke="${palette.deep}" stroke-opacity="0.25" stroke-width="${n(size * 0.0015)}"`
    out += `<path d="${d}" fill="${color}" ${stroke}/>`
    radius -= ((outer - cavity) * band.width) / totalWidth
  }

  // The quartz cavity: a pale hollow ringed with inward-pointing crystals.
  const cavityOutline = wobblyLoop(core, cavity, wobble, 40)
  const cavityPaint = doc.radialGradient([palette.light, palette.pigments[3], palette.pigments[1]], core, cavity * 1.1)
  out += `<path d="${smoothPath(cavityOutline, true)}" fill="${cavityPaint}" stroke="${metal}" stroke-width="${n(size * 0.008)}"/>`
  for (let i = 0; i < 100; i++) {
    const base = cavityOutline[rng.int(0, cavityOutline.length - 1)] as Point
    const inward = Math.atan2(core.y - base.y, core.x - base.x) + rng.range(-0.35, 0.35)
    const length = cavity * rng.range(0.25, 0.75)
    const halfWidth = cavity * rng.range(0.04, 0.1)
    const across = inward + Math.PI / 2
    const tip = { x: base.x + Math.cos(inward) * length, y: base.y + Math.sin(inward) * length }
    const left = { x: base.x + Math.cos(across) * halfWidth, y: base.y + Math.sin(across) * halfWidth }
    const right = { x: base.x - Math.cos(across) * halfWidth, y: base.y - Math.sin(across) * halfWidth }
    const shade = rng.pick(['#ffffff', palette.light, palette.pigments[3]])
    out += `<polygon points="${n(left.x)},${n(left.y)} ${n(tip.x)},${n(tip.y)} ${n(right.x)},${n(right.y)}" fill="${shade}" fill-opacity="${n(rng.range(0.35, 0.85))}" stroke="${palette.pigments[2]}" stroke-opacity="0.35" stroke-width="1"/>`
  }
  const heart = { x: core.x - cavity, y: core.y - cavity, w: cavity * 2, h: cavity * 2 }
  out += speckles(rng, heart, 120, ['#ffffff', ...METAL_FLECKS[palette.metal]], [0.8, 2.8], [0.5, 1])
  out += softEllipse(core, cavity * 0.7, cavity * 0.7, '#ffffff', 0.5, 6)
  out += speckles(rng, box, 160, METAL_FLECKS[palette.metal], [0.8, 2.2], [0.4, 0.9])
  return out
}

// ---------------------------------------------------------------------------------------------
// Floral: pressed flowers, leaves and gold leaf suspended in tinted clear resin.

const LEAF_GREENS = ['#4f7d3a', '#6f9a4e', '#3e6b3f', '#8fae5f'] as const

function floralPour({ doc, rng, palette, box }: PourContext): string {
  const size = Math.max(box.w, box.h)
  // Axis-aligned gradients: librsvg has a fast path for them, diagonal ones cost ~25 ms each.
  const basePaint = doc.linearGradient([palette.light, palette.pigments[3], palette.pigments[2]], { x: box.x, y: box.y }, { x: box.x, y: box.y + box.h * 1.2 })
  let out = rect(box, basePaint)
  for (let i = 0; i < 3; i++) {
    out += pigmentCloud(rng, randomPointIn(rng, box), size * rng.range(0.2, 0.35), rng.pick(palette.pigments), 0.3)
  }
  out += pigmentCloud(rng, { x: box.x + box.w * 0.3, y: box.y + box.h * 0.25 }, size * 0.3, '#ffffff', 0.45)
  out += flakes(rng, box, 26, METAL_FLECKS[palette.metal], [size * 0.006, size * 0.02])

  const flowerCount = rng.int(3, 5)
  const petalColors = [palette.pigments[0], palette.pigments[1], palette.pigments[2], '#ffffff', '#f6d365', '#c9a4e8']
  const placed: Point[] = []
  for (let i = 0; i < flowerCount; i++) {
    const at = spreadPoint(rng, box, placed, size * 0.22)
    placed.push(at)
    const radius = size * rng.range(0.09, 0.17)
    out += leafSpray(rng, at, radius)
    out += pressedFlower(doc, rng, at, radius, rng.pick(petalColors), palette)
  }
  for (let i = 0; i < rng.int(3, 5); i++) {
    out += babysBreath(rng, randomPointIn(rng, box), size * 0.05)
  }
  // Tiny trapped bubbles sell the "clear resin" look.
  for (let i = 0; i < 40; i++) {
    const at = randomPointIn(rng, box)
    out += `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(rng.range(1.5, 5))}" fill="#ffffff" fill-opacity="0.25" stroke="#ffffff" stroke-opacity="0.7" stroke-width="1"/>`
  }
  return out
}

/** A point away from earlier ones (best of a few tries), so flowers do not pile up. */
function spreadPoint(rng: Random, box: Box, placed: readonly Point[], margin: number): Point {
  let best = centerOf(box)
  let bestDistance = -1
  for (let attempt = 0; attempt < 12; attempt++) {
    const candidate = { x: box.x + margin * 0.5 + rng.next() * (box.w - margin), y: box.y + margin * 0.5 + rng.next() * (box.h - margin) }
    const distance = placed.reduce((min, p) => Math.min(min, Math.hypot(p.x - candidate.x, p.y - candidate.y)), Number.POSITIVE_INFINITY)
    if (distance > bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

function pressedFlower(doc: SvgDocument, rng: Random, at: Point, radius: number, color: string, palette: Palette): string {
  const petals = rng.int(5, 8)
  // Bounding-box gradient units: one gradient shades every petal from base to tip.
  const petalPaint = doc.define(
    'pp',
    (id) =>
      `<linearGradient id="${id}" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${color}"/><stop offset="0.7" stop-color="${color}" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.7"/></linearGradient>`,
  )
  const petal = (length: number, width: number): string =>
    `M0 0C${n(width)} ${n(-length * 0.25)} ${n(width * 0.95)} ${n(-length * 0.95)} 0 ${n(-length)}C${n(-width * 0.95)} ${n(-length * 0.95)} ${n(-width)} ${n(-length * 0.25)} 0 0Z`
  let out = `<g transform="translate(${n(at.x)} ${n(at.y)}) rotate(${n(rng.range(0, 360))})">`
  for (const [scale, shift] of [
    [1, 0],
    [0.62, 180 / petals],
  ] as const) {
    const length = radius * scale
    const width = length * rng.range(0.35, 0.5)
    for (let k = 0; k < petals; k++) {
      const angle = (k * 360) / petals + shift + rng.range(-6, 6)
      out += `<path transform="rotate(${n(angle)})" d="${petal(length * rng.range(0.9, 1.08), width)}" fill="${petalPaint}" stroke="${palette.deep}" stroke-opacity="0.25" stroke-width="1.2"/>`
      out += `<path transform="rotate(${n(angle)})" d="M0 0L0 ${n(-length * 0.75)}" stroke="${palette.deep}" stroke-opacity="0.18" stroke-width="1"/>`
    }
  }
  const heart = radius * 0.2
  out += `<circle r="${n(heart)}" fill="#e0a526"/>`
  for (let k = 0; k < 18; k++) {
    const angle = rng.range(0, Math.PI * 2)
    const reach = heart * Math.sqrt(rng.next())
    out += `<circle cx="${n(Math.cos(angle) * reach)}" cy="${n(Math.sin(angle) * reach)}" r="${n(heart * 0.14)}" fill="${rng.pick(['#7a4a12', '#ffe08a', '#b8741a'])}"/>`
  }
  return `${out}</g>`
}

function leafSpray(rng: Random, at: Point, radius: number): string {
  let out = ''
  for (let i = 0; i < rng.int(2, 3); i++) {
    const length = radius * rng.range(1.2, 1.7)
    const width = length * 0.22
    out += `<g transform="translate(${n(at.x)} ${n(at.y)}) rotate(${n(rng.range(0, 360))})"><path d="M0 0C${n(width)} ${n(-length * 0.3)} ${n(width)} ${n(-length * 0.75)} 0 ${n(-length)}C${n(-width)} ${n(-length * 0.75)} ${n(-width)} ${n(-length * 0.3)} 0 0Z" fill="${rng.pick(LEAF_GREENS)}" fill-opacity="0.9"/><path d="M0 0L0 ${n(-length * 0.95)}" stroke="#dfe8c8" stroke-opacity="0.6" stroke-width="1.5"/></g>`
  }
  return out
}

function babysBreath(rng: Random, at: Point, spread: number): string {
  let out = ''
  for (let i = 0; i < 7; i++) {
    const tip = { x: at.x + rng.range(-spread, spread), y: at.y + rng.range(-spread, spread) }
    out += `<path d="M${n(at.x)} ${n(at.y + spread)}Q${n(at.x)} ${n(tip.y)} ${n(tip.x)} ${n(tip.y)}" fill="none" stroke="#7c9a5a" stroke-opacity="0.7" stroke-width="1.4"/>`
    out += `<circle cx="${n(tip.x)}" cy="${n(tip.y)}" r="${n(rng.range(3, 6))}" fill="#ffffff" stroke="#e8e2d5" stroke-width="1"/>`
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Marble with gold: soft pigment swirls on a pale base, fine veins and metal leaf.

function marbleGoldPour({ doc, rng, palette, box }: PourContext): string {
  const size = Math.max(box.w, box.h)
  const basePaint = doc.linearGradient([palette.light, palette.pigments[3], palette.light], { x: box.x, y: box.y }, { x: box.x + box.w, y: box.y })
  let out = rect(box, basePaint)
  const heading = rng.range(0, Math.PI * 2)

  // Stacked translucent strokes of shrinking width: a soft pigment edge without a blur filter,
  // which would cost librsvg several hundred milliseconds at this size.
  for (let i = 0; i < rng.int(5, 8); i++) {
    const path = smoothPath(meander(rng, entryPoint(rng, box, heading), heading + rng.range(-0.3, 0.3), 8, size * 0.2, 0.5), false)
    const color = rng.pick([palette.pigments[0], palette.pigments[1], palette.pigments[1], palette.pigments[2]])
    const width = size * rng.range(0.03, 0.11)
    const layers = 7
    const alpha = rng.range(0.05, 0.09)
    for (let k = 0; k < layers; k++) {
      out += `<path d="${path}" fill="none" stroke="${color}" stroke-opacity="${n(alpha)}" stroke-width="${n(width * (1 - k / layers))}" stroke-linecap="round" stroke-linejoin="round"/>`
    }
  }
  for (let i = 0; i < rng.int(6, 9); i++) {
    const path = smoothPath(meander(rng, entryPoint(rng, box, heading), heading + rng.range(-0.4, 0.4), 10, size * 0.14, 0.35), false)
    out += `<path d="${path}" fill="none" stroke="${palette.deep}" stroke-opacity="${n(rng.range(0.2, 0.5))}" stroke-width="${n(rng.range(1, 3))}"/>`
  }
  const metal = metalPaint(doc, palette, { x: box.x, y: box.y }, size * 0.25)
  for (let i = 0; i < rng.int(2, 4); i++) {
    const points = meander(rng, entryPoint(rng, box, heading), heading + rng.range(-0.35, 0.35), 10, size * 0.16, 0.45)
    const path = smoothPath(points, false)
    out += `<path d="${path}" fill="none" stroke="${metal}" stroke-width="${n(size * rng.range(0.004, 0.01))}" stroke-linecap="round"/>`
    out += `<path d="${path}" fill="none" stroke="#fffbe8" stroke-opacity="0.5" stroke-width="${n(size * 0.0015)}"/>`
    // Leaf breaks up beside the vein, as gold foil does when the resin is tilted.
    for (const p of points) {
      if (!rng.chance(0.5)) continue
      const spot = size * 0.035
      out += flakes(rng, { x: p.x - spot, y: p.y - spot, w: spot * 2, h: spot * 2 }, 5, METAL_FLECKS[palette.metal], [size * 0.003, size * 0.011])
    }
  }
  out += speckles(rng, box, 120, METAL_FLECKS[palette.metal], [0.8, 2.4], [0.5, 1])
  return out
}

// ---------------------------------------------------------------------------------------------
// Galaxy: nebula clouds over deep night, glitter, stars and a metal streak.

function galaxyPour({ doc, rng, palette, box }: PourContext): string {
  const size = Math.max(box.w, box.h)
  const c = centerOf(box)
  const nightPaint = doc.linearGradient(['#03030c', palette.deep, palette.pigments[0], palette.deep], { x: box.x, y: box.y + box.h }, { x: box.x, y: box.y })
  let out = rect(box, nightPaint)
  // The Milky Way: clouds strung along one diagonal band.
  const bandAngle = rng.range(0, Math.PI)
  for (let i = 0; i < 8; i++) {
    const along = rng.range(-0.55, 0.55) * size
    const offset = rng.range(-0.12, 0.12) * size
    const at = {
      x: c.x + Math.cos(bandAngle) * along - Math.sin(bandAngle) * offset,
      y: c.y + Math.sin(bandAngle) * along + Math.cos(bandAngle) * offset,
    }
    const color = rng.pick([palette.pigments[1], palette.pigments[2], palette.pigments[3]])
    out += pigmentCloud(rng, at, size * rng.range(0.14, 0.28), color, rng.range(0.35, 0.55))
  }
  out += pigmentCloud(rng, c, size * 0.15, palette.light, 0.3)

  // One shared gradient for every star's halo: bounding-box units scale it to each circle.
  const halo = doc.define(
    'halo',
    (id) =>
      `<radialGradient id="${id}"><stop offset="0" stop-color="#ffffff"/><stop offset="0.25" stop-color="#ffffff" stop-opacity="0.5"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
  )
  out += speckles(rng, box, 650, ['#ffffff', palette.light, palette.pigments[3]], [0.5, 1.8], [0.3, 1])
  out += speckles(rng, box, 140, METAL_FLECKS[palette.metal], [1, 2.8], [0.6, 1])
  for (let i = 0; i < 22; i++) {
    const at = randomPointIn(rng, box)
    const r = size * rng.range(0.008, 0.02)
    out += `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(r)}" fill="${halo}"/>`
    if (rng.chance(0.4)) {
      const arm = r * 2.4
      out += `<path d="M${n(at.x - arm)} ${n(at.y)}L${n(at.x + arm)} ${n(at.y)}M${n(at.x)} ${n(at.y - arm)}L${n(at.x)} ${n(at.y + arm)}" stroke="#ffffff" stroke-opacity="0.7" stroke-width="1.2"/>`
    }
  }
  if (rng.chance(0.7)) {
    const heading = rng.range(0, Math.PI * 2)
    const path = smoothPath(meander(rng, entryPoint(rng, box, heading), heading, 10, size * 0.14, 0.35), false)
    out += `<path d="${path}" fill="none" stroke="${metalPaint(doc, palette, { x: box.x, y: box.y }, size * 0.25)}" stroke-width="${n(size * 0.006)}" stroke-linecap="round"/>`
  }
  return out
}
