// How a string is split into runs of one font each (ADR 072); the drawing itself is read back in
// invoice-pdf.server.test.ts and packing-slip-pdf.server.test.ts.
import { describe, expect, it } from 'vitest'
import { INDIC_SCRIPTS, loadScriptFont } from './fonts.server'
import { hasIndicText, scriptOf, splitRuns } from './script-text.server'

describe('splitRuns', () => {
  it('keeps a name in one run with its spaces and joiners, and Latin around it in another', () => {
    expect(splitRuns('Name: प्रिया शर्मा, Chennai')).toEqual([
      { font: 'latin', text: 'Name: ' },
      { font: 'devanagari', text: 'प्रिया शर्मा' },
      { font: 'latin', text: ', Chennai' },
    ])
    expect(splitRuns('க்\u200Dஷ ஸ்ரீ')).toEqual([{ font: 'tamil', text: 'க்\u200Dஷ ஸ்ரீ' }])
  })

  it('gives each script its own run, and digits and a leading space to Latin', () => {
    expect(splitRuns(' मीरा ਮੀਰਾ 12').map((run) => run.font)).toEqual(['latin', 'devanagari', 'gurmukhi', 'latin'])
    expect(splitRuns('')).toEqual([])
  })

  it('knows every script the shop prints', () => {
    const samples = { devanagari: 'क', bengali: 'ক', gurmukhi: 'ਕ', gujarati: 'ક', odia: 'କ', tamil: 'க', telugu: 'క', kannada: 'ಕ', malayalam: 'ക' }
    for (const [script, letter] of Object.entries(samples)) expect(scriptOf(letter.codePointAt(0) as number)).toBe(script)
    expect(hasIndicText('Asha Rao')).toBe(false)
    expect(hasIndicText('Asha राव')).toBe(true)
  })
})

describe('loadScriptFont', () => {
  it('has a font with the letters of each script, in both weights, parsed once', () => {
    for (const [script, block] of Object.entries(INDIC_SCRIPTS)) {
      for (const weight of ['regular', 'bold'] as const) {
        const font = loadScriptFont(script as keyof typeof INDIC_SCRIPTS, weight)
        expect(font.hasGlyphForCodePoint(block.from + 0x15)).toBe(true)
        expect(loadScriptFont(script as keyof typeof INDIC_SCRIPTS, weight)).toBe(font)
      }
    }
  })

  it('shapes Gurmukhi, whose marks fontkit cannot always attach, without throwing', () => {
    const font = loadScriptFont('gurmukhi', 'regular') as unknown as { layout(text: string): { glyphs: unknown[] } }
    expect(font.layout('ਪੰਜਾਬੀ').glyphs.length).toBeGreaterThan(0)
  })
})
