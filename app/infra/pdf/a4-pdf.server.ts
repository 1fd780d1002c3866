// One A4 document in our fonts, drawn by the caller and read back as bytes: the invoice, the credit
// note, the packing slips and the test courier's labels (ADR 054, 072).
//
// pdfkit and the fonts (fontkit and its Unicode tables) are imported on the first document, not when
// this file is: the server imports it at start (the test courier's labels), while on a running shop
// documents are drawn on the PDF thread; loaded eagerly they cost the request thread about 0.4 s and
// their heap at every start (ADR 097). pdfkit is required, not imported: its ES module imports
// fontkit's ES module, and fonts.server.ts parses our fonts with fontkit's CommonJS one, so an
// import loaded fontkit twice (about 2 MB of source and code in each thread that draws, ADR 113).
//
// The words a document shapes are kept for the next ones (`keepShapedWords`): the invoices of a sale
// day repeat their labels, figures and the shop's own lines, and shaping them (fontkit's OpenType
// pass) was a fifth of each document's time (ADR 090).
import { createRequire } from 'node:module'
import { LRUCache } from 'lru-cache'

const require = createRequire(import.meta.url)

export interface A4Options {
  margin: number
  info: PDFKit.DocumentInfo
  /** False when the drawing adds each page itself (a slip per order). */
  autoFirstPage?: boolean
}

/** Draws the document with `draw` and answers its bytes once pdfkit has written them all. */
export async function a4Pdf({ margin, info, autoFirstPage = true }: A4Options, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { registerFonts } = await import('./script-text.server')
  const PDFDocument = require('pdfkit') as typeof import('pdfkit')
  const pdf = new PDFDocument({
    size: 'A4',
    // No font yet (the default, Helvetica, would parse its metrics file per document); ours are
    // registered below and 'regular' taken first. Given here as the parsed font, pdfkit would open
    // it again under the name 'regular' and compare the two fonts' name tables as JSON every time.
    font: null as never,
    margin,
    autoFirstPage,
    info,
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  keepShapedWords(pdf)
  registerFonts(pdf)
  pdf.font('regular')
  draw(pdf)
  pdf.end()
  return done
}

/** pdfkit's font of one document (its EmbeddedFont): `font` is the parsed fontkit font behind it. */
interface DocumentFont {
  font: object
  layoutRun(text: string): ShapedWord
  layoutCached(text: string): ShapedWord
}

/** What pdfkit reads of a shaped word (fontkit's GlyphRun, scaled by pdfkit; its other fields are not kept). */
interface ShapedWord {
  glyphs: unknown[]
  positions: unknown[]
  advanceWidth: number
}

/**
 * Words shaped in each parsed font, kept across documents: the most recently used per font. An
 * invoice has about 120 different words, most of them the same in every invoice. Bounded by count
 * and by characters: a word too wide for its column is measured prefix by prefix (pdfkit's line
 * wrapper), each prefix an entry, and an address or a personalisation may be long.
 */
const shapedWords = new WeakMap<object, LRUCache<string, ShapedWord>>()
const SHAPED_WORDS_PER_FONT = 1_000
const SHAPED_CHARACTERS_PER_FONT = 20_000

/**
 * Makes each font the document opens look its words up in the fonts' shared cache before shaping
 * them. pdfkit keeps a cache per document's font (`layoutCached`: a word's glyphs and positions,
 * which it never changes once made; pdfkit 0.20) and shapes every word of every document afresh.
 * Bounded: names and addresses come and go.
 */
function keepShapedWords(pdf: PDFKit.PDFDocument): void {
  const internals = pdf as unknown as { font: (...args: unknown[]) => PDFKit.PDFDocument; _font: DocumentFont | null }
  const open = internals.font.bind(pdf)
  const shared = new WeakSet<DocumentFont>()
  internals.font = (...args) => {
    open(...args)
    const current = internals._font
    if (current && !shared.has(current) && typeof current.layoutRun === 'function') {
      shared.add(current)
      const cache =
        shapedWords.get(current.font) ??
        new LRUCache<string, ShapedWord>({ max: SHAPED_WORDS_PER_FONT, maxSize: SHAPED_CHARACTERS_PER_FONT, sizeCalculation: (_word, text) => Math.max(1, text.length) })
      shapedWords.set(current.font, cache)
      current.layoutCached = (text) => {
        const kept = cache.get(text)
        if (kept) return kept
        const { glyphs, positions, advanceWidth } = current.layoutRun(text)
        const word = { glyphs, positions, advanceWidth }
        cache.set(text, word)
        return word
      }
    }
    return pdf
  }
}
