// The finished pieces a pour is cast into (pendant, coaster, tray, clock…), photographed on a soft backdrop.
import { METAL_STOPS, mixColors, type Palette } from './palettes'
import type { Random } from './random'
import { type Box, n, type SvgDocument, softEllipse } from './svg'

export type ResinObject =
  | 'coaster'
  | 'pendant'
  | 'earrings'
  | 'keychain'
  | 'tray'
  | 'clock'
  | 'block'
  | 'bookmark'
  | 'frame'
  | 'full'

/** Paints the pour into a box; the object clips it to its outline. */
export type PourPainter = (box: Box) => string

interface Stage {
  doc: SvgDocument
  rng: Random
  palette: Palette
  paintPour: PourPainter
}

export function castObject(shape: ResinObject, stage: Stage): string {
  const { doc } = stage
  if (shape === 'full') return stage.paintPour({ x: 0, y: 0, w: doc.width, h: doc.height })
  return backdrop(stage) + OBJECTS[shape](stage)
}

/** A product-photo backdrop: soft two-tone wash with window light from the top left. */
function backdrop({ doc, palette }: Stage): string {
  const { width: w, height: h } = doc
  // Vertical gradient plus stacked ellipses: librsvg fast-paths axis-aligned gradients, while
  // diagonal or radial ones over the whole canvas cost tens of milliseconds each.
  const wash = doc.linearGradient([mixColors(palette.backdrop[0], '#ffffff', 0.5), ...palette.backdrop], { x: 0, y: 0 }, { x: 0, y: h })
  return `<rect width="${w}" height="${h}" fill="${wash}"/>${softEllipse({ x: w * 0.15, y: h * 0.1 }, w * 0.7, h * 0.55, '#ffffff', 0.6, 6)}`
}

/** A soft contact shadow under the piece. */
function shadow(cx: number, cy: number, rx: number, ry: number): string {
  // Many faint layers: fewer, stronger ones show as rings.
  return softEllipse({ x: cx, y: cy }, rx, ry, '#3a2a20', 0.22, 10)
}

function metal(doc: SvgDocument, palette: Palette, box: Box): string {
  return doc.linearGradient(METAL_STOPS[palette.metal], { x: box.x, y: box.y }, { x: box.x + box.w, y: box.y + box.h })
}

/**
 * The resin itself: the pour clipped to the outline, a domed gloss highlight and an edge.
 * `outline` is one SVG shape element without paint attributes.
 */
function resinPiece(stage: Stage, outline: string, box: Box, edge: string, edgeWidth: number): string {
  const { doc } = stage
  const clip = doc.clip(outline)
  const gloss = doc.linearGradient(
    ['#ffffff', '#ffffff', '#ffffff', '#ffffff'],
    { x: box.x, y: box.y },
    { x: box.x, y: box.y + box.h },
    [0.32, 0.06, 0, 0.08],
  )
  return (
    `<g clip-path="${clip}">${stage.paintPour(box)}` +
    `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" fill="${gloss}"/>` +
    softEllipse({ x: box.x + box.w * 0.3, y: box.y + box.h * 0.2 }, box.w * 0.2, box.h * 0.1, '#ffffff', 0.3, 6) +
    '</g>' +
    outline.replace('/>', ` fill="none" stroke="${edge}" stroke-width="${n(edgeWidth)}"/>`) +
    outline.replace('/>', ` fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${n(Math.max(2, edgeWidth * 0.2))}"/>`)
  )
}

const circle = (cx: number, cy: number, r: number): string => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/>`
const roundedRect = (box: Box, radius: number): string =>
  `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.w)}" height="${n(box.h)}" rx="${n(radius)}"/>`
const squareAround = (cx: number, cy: number, r: number): Box => ({ x: cx - r, y: cy - r, w: r * 2, h: r * 2 })

function teardropPath(cx: number, cy: number, r: number): string {
  // Round bottom of radius r, tapering to a point 1.9 r above the centre.
  const top = cy - r * 1.9
  return `<path d="M${n(cx)} ${n(top)}C${n(cx + r * 0.45)} ${n(cy - r * 1.2)} ${n(cx + r)} ${n(cy - r * 0.75)} ${n(cx + r)} ${n(cy)}A${n(r)} ${n(r)} 0 0 1 ${n(cx - r)} ${n(cy)}C${n(cx - r)} ${n(cy - r * 0.75)} ${n(cx - r * 0.45)} ${n(cy - r * 1.2)} ${n(cx)} ${n(top)}Z"/>`
}

function heartPath(cx: number, cy: number, size: number): string {
  const s = size / 2
  return `<path d="M${n(cx)} ${n(cy + s * 0.95)}C${n(cx - s * 1.25)} ${n(cy + s * 0.1)} ${n(cx - s * 1.1)} ${n(cy - s * 0.95)} ${n(cx - s * 0.5)} ${n(cy - s * 0.95)}C${n(cx - s * 0.15)} ${n(cy - s * 0.95)} ${n(cx)} ${n(cy - s * 0.7)} ${n(cx)} ${n(cy - s * 0.5)}C${n(cx)} ${n(cy - s * 0.7)} ${n(cx + s * 0.15)} ${n(cy - s * 0.95)} ${n(cx + s * 0.5)} ${n(cy - s * 0.95)}C${n(cx + s * 1.1)} ${n(cy - s * 0.95)} ${n(cx + s * 1.25)} ${n(cy + s * 0.1)} ${n(cx)} ${n(cy + s * 0.95)}Z"/>`
}

/** A chain hanging from two points to a bail: dashes with round caps read as links. */
function chain(doc: SvgDocument, palette: Palette, from: [number, number], to: [number, number], sag: number): string {
  const [x1, y1] = from
  const [x2, y2] = to
  const d = `M${n(x1)} ${n(y1)}Q${n((x1 + x2) / 2 + sag)} ${n((y1 + y2) / 2)} ${n(x2)} ${n(y2)}`
  const paint = metal(doc, palette, { x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1) + 1, h: Math.abs(y2 - y1) + 1 })
  return `<path d="${d}" fill="none" stroke="#000000" stroke-opacity="0.12" stroke-width="9" transform="translate(6 8)"/><path d="${d}" fill="none" stroke="${paint}" stroke-width="8" stroke-linecap="round" stroke-dasharray="11 7"/>`
}

function ring(doc: SvgDocument, palette: Palette, cx: number, cy: number, r: number, width: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${metal(doc, palette, squareAround(cx, cy, r))}" stroke-width="${n(width)}"/>`
}

const OBJECTS: Record<Exclude<ResinObject, 'full'>, (stage: Stage) => string> = {
  coaster(stage) {
    const { doc, palette } = stage
    const r = 470
    const box = squareAround(640, 630, r)
    return shadow(670, 680, r * 1.08, r * 1.02) + resinPiece(stage, circle(640, 630, r), box, metal(doc, palette, box), 16)
  },

  pendant(stage) {
    const { doc, palette, rng } = stage
    const cx = 640
    const round = rng.chance(0.5)
    const r = round ? 300 : 270
    const cy = round ? 760 : 830
    const top = round ? cy - r : cy - r * 1.9
    const box = round ? squareAround(cx, cy, r) : { x: cx - r, y: top, w: r * 2, h: cy + r - top }
    const outline = round ? circle(cx, cy, r) : teardropPath(cx, cy, r)
    const bailY = top - 44
    return (
      chain(doc, palette, [90, -10], [cx - 14, bailY - 20], 120) +
      chain(doc, palette, [1190, -10], [cx + 14, bailY - 20], -120) +
      shadow(cx + 30, cy + 40, r * 1.15, r * 1.05) +
      ring(doc, palette, cx, bailY, 34, 11) +
      resinPiece(stage, outline, box, metal(doc, palette, box), 18)
    )
  },

  earrings(stage) {
    const { doc, palette } = stage
    let out = ''
    for (const cx of [400, 880]) {
      const r = 190
      const cy = 790
      const top = cy - r * 1.9
      const box = { x: cx - r, y: top, w: r * 2, h: cy + r - top }
      const hook = `<path d="M${cx} ${n(top - 24)}C${cx} ${n(top - 130)} ${cx + 95} ${n(top - 150)} ${cx + 95} ${n(top - 60)}" fill="none" stroke="${metal(doc, palette, box)}" stroke-width="9" stroke-linecap="round"/>`
      out += shadow(cx + 24, cy + 30, r * 1.2, r * 1.1) + hook + ring(doc, palette, cx, top - 14, 14, 7)
      out += resinPiece(stage, teardropPath(cx, cy, r), box, metal(doc, palette, box), 12)
    }
    return out
  },

  keychain(stage) {
    const { doc, palette } = stage
    const size = 640
    const cx = 640
    const cy = 720
    const box = squareAround(cx, cy, size / 2)
    const topY = cy - size * 0.25
    return (
      ring(doc, palette, cx, topY - 250, 110, 14) +
      `<path d="M${cx} ${n(topY - 142)}L${cx} ${n(topY - 40)}" stroke="${metal(doc, palette, box)}" stroke-width="12" stroke-dasharray="16 6" stroke-linecap="round"/>` +
      ring(doc, palette, cx, topY - 30, 22, 8) +
      shadow(cx + 30, cy + 40, size * 0.62, size * 0.55) +
      resinPiece(stage, heartPath(cx, cy, size), box, metal(doc, palette, box), 12)
    )
  },

  tray(stage) {
    const { doc, palette } = stage
    const box = { x: 170, y: 280, w: 940, h: 720 }
    const handles = [box.x - 70, box.x + box.w + 10]
      .map(
        (x) =>
          `<rect x="${x}" y="${box.y + box.h / 2 - 90}" width="60" height="180" rx="30" fill="none" stroke="${metal(doc, palette, { x, y: box.y, w: 60, h: 180 })}" stroke-width="16"/>`,
      )
      .join('')
    return (
      shadow(680, 690, 620, 460) +
      handles +
      resinPiece(stage, roundedRect(box, 70), box, metal(doc, palette, box), 14)
    )
  },

  clock(stage) {
    const { doc, palette } = stage
    const [cx, cy, r] = [640, 640, 520]
    const box = squareAround(cx, cy, r)
    const paint = metal(doc, palette, box)
    let face = ''
    for (let hour = 0; hour < 12; hour++) {
      const angle = (hour / 12) * Math.PI * 2
      const big = hour % 3 === 0
      const reach = r * 0.84
      face += `<circle cx="${n(cx + Math.sin(angle) * reach)}" cy="${n(cy - Math.cos(angle) * reach)}" r="${big ? 20 : 11}" fill="${paint}"/>`
    }
    // Ten past ten: the classic product-photo time.
    const hand = (turns: number, length: number, width: number, color: string, offset: number): string => {
      const angle = turns * Math.PI * 2
      const [x, y] = [cx + offset, cy + offset * 1.4]
      return `<path d="M${x} ${y}L${n(x + Math.sin(angle) * length)} ${n(y - Math.cos(angle) * length)}" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`
    }
    const hands = (color: string, offset: number): string =>
      hand(10 / 12 + 10 / 720, r * 0.5, 18, color, offset) + hand(10 / 60, r * 0.72, 12, color, offset)
    face += `<g stroke-opacity="0.25">${hands('#000000', 5)}</g>${hands(paint, 0)}`
    face += `<circle cx="${cx}" cy="${cy}" r="26" fill="${paint}"/>`
    return shadow(cx + 30, cy + 45, r * 1.1, r * 1.04) + resinPiece(stage, circle(cx, cy, r), box, paint, 22) + face
  },

  block(stage) {
    const { palette } = stage
    const box = { x: 290, y: 200, w: 700, h: 840 }
    const depth = 46
    // The slab's thickness shows below its face, as on a block photographed from slightly above.
    const side = `<rect x="${box.x}" y="${box.y + depth}" width="${box.w}" height="${box.h}" rx="36" fill="${palette.pigments[1]}" fill-opacity="0.6" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>`
    return shadow(660, box.y + box.h + depth, 440, 60) + side + resinPiece(stage, roundedRect(box, 36), box, '#ffffff', 5)
  },

  bookmark(stage) {
    const { doc, palette } = stage
    const box = { x: 480, y: 150, w: 320, h: 980 }
    const holeY = box.y + 70
    const tassel = Array.from({ length: 9 }, (_, i) => {
      const spread = (i - 4) * 9
      return `<path d="M640 ${holeY}C${560 + spread} ${holeY - 80} ${430 + spread * 2} ${holeY - 60} ${380 + spread * 3} ${holeY + 120}" fill="none" stroke="${palette.pigments[0]}" stroke-width="5" stroke-linecap="round"/>`
    }).join('')
    const piece =
      shadow(660, 680, 230, 560) +
      resinPiece(stage, roundedRect(box, 40), box, '#ffffff', 6) +
      `<circle cx="640" cy="${holeY}" r="18" fill="${palette.backdrop[0]}" stroke="${metal(doc, palette, box)}" stroke-width="6"/>` +
      tassel +
      ring(doc, palette, 640, holeY - 18, 10, 6)
    return `<g transform="rotate(-14 640 640)">${piece}</g>`
  },

  frame(stage) {
    const { doc, palette } = stage
    const outer = { x: 230, y: 120, w: 820, h: 1040 }
    const inner = { x: outer.x + 70, y: outer.y + 70, w: outer.w - 140, h: outer.h - 140 }
    // Horizontal, not diagonal: the moulding is a big fill and axis-aligned gradients are cheap.
    const moulding = doc.linearGradient(METAL_STOPS[palette.metal], { x: outer.x, y: 0 }, { x: outer.x + outer.w, y: 0 })
    return (
      shadow(670, 660, 450, 560) +
      `<rect x="${outer.x}" y="${outer.y}" width="${outer.w}" height="${outer.h}" rx="18" fill="${moulding}"/>` +
      `<rect x="${outer.x + 26}" y="${outer.y + 26}" width="${outer.w - 52}" height="${outer.h - 52}" rx="10" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="6"/>` +
      resinPiece(stage, roundedRect(inner, 8), inner, '#ffffff', 4)
    )
  },
}
