// The PDFs' fonts: DejaVu Sans from @fontsource/dejavu-sans (pdfkit's built-in Helvetica has no
// rupee sign) for Latin text, and Noto Sans for each Indian script a name or an address may be
// written in (@fontsource/noto-sans-<script>, ADR 072), each parsed once per process, the Indian
// ones only when a document first needs them. The packages ship WOFF files only, so the WOFF is
// unwrapped here (ADR 054).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { inflateSync } from 'node:zlib'

const require = createRequire(import.meta.url)
const FONT_FILES = {
  regular: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
}

/**
 * A WOFF 1.0 font as the TrueType (sfnt) file it wraps: each table inflated once. fontkit reads a
 * WOFF directly, but inflates the whole glyph table again for every glyph (over a second per
 * document); the TrueType bytes take milliseconds.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font')
  const numTables = woff.readUInt16BE(12)
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20
    const offset = woff.readUInt32BE(at + 4)
    const compLength = woff.readUInt32BE(at + 8)
    const origLength = woff.readUInt32BE(at + 12)
    const stored = woff.subarray(offset, offset + compLength)
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(stored) : stored }
  })
  const power = 2 ** Math.floor(Math.log2(numTables))
  const header = Buffer.alloc(12 + 16 * numTables)
  header.writeUInt32BE(woff.readUInt32BE(4), 0)
  header.writeUInt16BE(numTables, 4)
  header.writeUInt16BE(power * 16, 6)
  header.writeUInt16BE(Math.log2(power), 8)
  header.writeUInt16BE(numTables * 16 - power * 16, 10)
  const parts: Buffer[] = [header]
  let offset = header.length
  tables.forEach((table, i) => {
    const record = 12 + i * 16
    header.writeUInt32BE(table.tag, record)
    header.writeUInt32BE(table.checksum, record + 4)
    header.writeUInt32BE(offset, record + 8)
    header.writeUInt32BE(table.data.length, record + 12)
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4)
    table.data.copy(padded)
    parts.push(padded)
    offset += padded.length
  })
  return Buffer.concat(parts)
}

/** The parsed font as pdfkit takes it (a fontkit font: anything with `layout`). */
export type ParsedFont = { layout: (...args: never[]) => unknown; hasGlyphForCodePoint(codePoint: number): boolean }

/**
 * fontkit, the font parser pdfkit itself uses (its own dependency, so resolved from pdfkit): the
 * CommonJS build, the one pdfkit's CommonJS build requires (a4-pdf.server.ts), so loaded once.
 */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): ParsedFont }

export type FontWeight = 'regular' | 'bold'

let fonts: Record<FontWeight, ParsedFont> | undefined

/**
 * The two fonts, parsed once per process. Given the bytes, pdfkit parses them again for every
 * document (its glyph, kerning and substitution tables: most of a document's time); given the
 * parsed font, each document only makes its own subset of it.
 */
export function loadFonts() {
  fonts ??= {
    regular: parse(require.resolve(FONT_FILES.regular)),
    bold: parse(require.resolve(FONT_FILES.bold)),
  }
  return fonts
}

/** A WOFF file of ours, parsed, its glyphs' outlines read once (keepDecodedGlyphs). */
function parse(file: string): ParsedFont {
  const font = fontkit.create(woffToSfnt(readFileSync(file)))
  keepDecodedGlyphs(font)
  return font
}

type GlyphPrototype = { _decode(this: FontGlyph): unknown }
type FontGlyph = { _font: object }
const decodedGlyphs = new WeakMap<object, unknown>()
/** Our fonts whose glyphs' outlines are kept (static fonts: fontkit changes an outline only for a variable one). */
const keptFonts = new WeakSet<object>()
const keptPrototypes = new WeakSet<GlyphPrototype>()

/**
 * Each document embeds a subset of the font with the glyphs it used, and fontkit's subsetter reads
 * each glyph's outline again for every document (TTFGlyph._decode, which it calls to find a
 * compound glyph's parts): a fifth of an invoice's time on a sale day (ADR 120). A glyph of our
 * fonts is read once and its outline kept with it: fontkit keeps a font's glyph objects for the
 * font's life, and ours live as long as the process, so this holds at most one outline per glyph
 * (a few hundred for DejaVu's Latin). The outline is only read (by the subsetter, and by a glyph's
 * path, which copies its points); fontkit changes it only for a variable font, and ours are not.
 */
function keepDecodedGlyphs(font: ParsedFont): void {
  if ((font as unknown as { _variationProcessor?: unknown })._variationProcessor) return
  const prototype = Object.getPrototypeOf((font as unknown as { getGlyph(id: number): object }).getGlyph(0)) as GlyphPrototype
  if (typeof prototype._decode !== 'function') return
  keptFonts.add(font)
  if (keptPrototypes.has(prototype)) return
  keptPrototypes.add(prototype)
  const decode = prototype._decode
  prototype._decode = function decodeOnce(this: FontGlyph) {
    if (!keptFonts.has(this._font)) return decode.call(this)
    if (decodedGlyphs.has(this)) return decodedGlyphs.get(this)
    const decoded = decode.call(this)
    decodedGlyphs.set(this, decoded)
    return decoded
  }
}

/**
 * The Indian scripts the PDFs draw, each with its Unicode block and its Noto Sans package (Odia's is
 * still named 'oriya'). The personalisation fields and addresses accept any of them (ADR 069).
 */
export const INDIC_SCRIPTS = {
  devanagari: { from: 0x0900, to: 0x097f, package: 'devanagari' },
  bengali: { from: 0x0980, to: 0x09ff, package: 'bengali' },
  gurmukhi: { from: 0x0a00, to: 0x0a7f, package: 'gurmukhi' },
  gujarati: { from: 0x0a80, to: 0x0aff, package: 'gujarati' },
  odia: { from: 0x0b00, to: 0x0b7f, package: 'oriya' },
  tamil: { from: 0x0b80, to: 0x0bff, package: 'tamil' },
  telugu: { from: 0x0c00, to: 0x0c7f, package: 'telugu' },
  kannada: { from: 0x0c80, to: 0x0cff, package: 'kannada' },
  malayalam: { from: 0x0d00, to: 0x0d7f, package: 'malayalam' },
} as const
export type IndicScript = keyof typeof INDIC_SCRIPTS

const scriptFonts = new Map<string, ParsedFont>()

/** An Indian script's font, parsed the first time any document needs it and kept for the process. */
export function loadScriptFont(script: IndicScript, weight: FontWeight): ParsedFont {
  const key = `${script}-${weight}`
  let font = scriptFonts.get(key)
  if (!font) {
    const name = INDIC_SCRIPTS[script].package
    const file = `@fontsource/noto-sans-${name}/files/noto-sans-${name}-${name}-${weight === 'bold' ? 700 : 400}-normal.woff`
    font = parse(require.resolve(file))
    skipMissingAnchors(font)
    scriptFonts.set(key, font)
  }
  return font
}

type AnchorProcessor = { applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseGlyphIndex: number): void }

/**
 * fontkit 2.0 throws on a mark-to-base record whose anchor is empty (Noto Sans Gurmukhi has them:
 * 'ਪੰਜਾਬੀ' would not print). An empty anchor means "this mark does not attach here", so the mark is
 * left where it stands, as HarfBuzz does. The font's layout engine is made once and kept (a cached
 * getter), so its processor is patched once.
 */
function skipMissingAnchors(font: ParsedFont): void {
  const gpos = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: AnchorProcessor } } })._layoutEngine?.engine?.GPOSProcessor
  if (!gpos) return
  const applyAnchor = gpos.applyAnchor.bind(gpos)
  gpos.applyAnchor = (markRecord, baseAnchor, baseGlyphIndex) => {
    if (markRecord?.markAnchor && baseAnchor) applyAnchor(markRecord, baseAnchor, baseGlyphIndex)
  }
}
