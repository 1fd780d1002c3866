// Our fonts: each glyph's outline is read once per process (keepDecodedGlyphs), and the subset a
// document embeds is byte for byte the one fontkit makes without it.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { loadFonts, loadScriptFont, woffToSfnt } from './fonts.server'

const require = createRequire(import.meta.url)
type Glyph = { id: number; _decode(): unknown }
type Font = {
  glyphsForString(text: string): Glyph[]
  getGlyph(id: number): Glyph
  createSubset(): { includeGlyph(glyph: number): number; encode(): Uint8Array }
}
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): Font }

/** The font's subset of the glyphs the text uses, encoded as a document embeds it. */
function subsetOf(font: Font, text: string): Buffer {
  const subset = font.createSubset()
  for (const glyph of font.glyphsForString(text)) subset.includeGlyph(glyph.id)
  return Buffer.from(subset.encode())
}

const TEXT = 'Ocean Resin Coaster Set — ₹1,299.00 (GST 18%) Ä Ñ é'

describe('our fonts', () => {
  it('read each glyph outline once, and embed the same subset fontkit makes without keeping them', () => {
    const kept = loadFonts().regular as unknown as Font
    const fresh = fontkit.create(woffToSfnt(readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'))))
    const first = subsetOf(kept, TEXT)
    expect(subsetOf(kept, TEXT).equals(first)).toBe(true)
    expect(subsetOf(kept, TEXT).equals(subsetOf(fresh, TEXT))).toBe(true)
    expect(subsetOf(kept, `${TEXT} 0123456789`).equals(subsetOf(fresh, `${TEXT} 0123456789`))).toBe(true)
    // A glyph of ours is read once; a font we did not parse is read each time, as fontkit does.
    const glyph = kept.glyphsForString('O')[0] as Glyph
    expect(kept.getGlyph(glyph.id)._decode()).toBe(kept.getGlyph(glyph.id)._decode())
    expect(fresh.getGlyph(glyph.id)._decode()).not.toBe(fresh.getGlyph(glyph.id)._decode())
    expect(fresh.getGlyph(glyph.id)._decode()).toEqual(kept.getGlyph(glyph.id)._decode())
  })

  it('keep an Indian script font\'s outlines too (its documents print: invoice-pdf.server.test.ts)', () => {
    const tamil = loadScriptFont('tamil', 'regular') as unknown as Font
    const glyph = tamil.glyphsForString('ஸ்ரீ')[0] as Glyph
    expect(tamil.getGlyph(glyph.id)._decode()).toBe(tamil.getGlyph(glyph.id)._decode())
  })
})
