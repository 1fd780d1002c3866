// The invoice PDF's fonts: DejaVu Sans from @fontsource/dejavu-sans (pdfkit's built-in Helvetica has
// no rupee sign), parsed once per process. The package ships WOFF files only, and no TrueType copy
// of DejaVu is in node_modules, so the WOFF is unwrapped here (ADR 054).
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
type ParsedFont = { layout: (...args: never[]) => unknown }

/** fontkit, the font parser pdfkit itself uses (its own dependency, so resolved from pdfkit). */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): ParsedFont }

let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined

/**
 * The two fonts, parsed once per process. Given the bytes, pdfkit parses them again for every
 * document (its glyph, kerning and substitution tables: most of a document's time); given the
 * parsed font, each document only makes its own subset of it.
 */
export function loadFonts() {
  fonts ??= {
    regular: fontkit.create(woffToSfnt(readFileSync(require.resolve(FONT_FILES.regular)))),
    bold: fontkit.create(woffToSfnt(readFileSync(require.resolve(FONT_FILES.bold)))),
  }
  return fonts
}
