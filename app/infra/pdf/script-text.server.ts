// Text in any of the shop's scripts on a PDF page: a string is split into runs by Unicode script
// and each run is drawn in the font that has its letters (DejaVu for Latin, Noto Sans for each
// Indian script), so 'प्रिया Sharma' prints both names. fontkit shapes each run through its font's
// OpenType tables (conjuncts such as क्ष, ஸ்ரீ). Used by the invoice and the packing slip (ADR 072).
import { type FontWeight, INDIC_SCRIPTS, type IndicScript, loadFonts, loadScriptFont } from './fonts.server'

export type RunFont = 'latin' | IndicScript

export interface TextRun {
  font: RunFont
  text: string
}

const SCRIPT_RANGES = Object.entries(INDIC_SCRIPTS) as [IndicScript, (typeof INDIC_SCRIPTS)[IndicScript]][]

/**
 * Characters every Indian script shares (space, no-break space, the joiners that pick a conjunct's
 * form, the dandas, the dotted circle): they stay in the run they are in, so a name's words are
 * shaped together; elsewhere they are Latin.
 */
const SHARED = new Set([0x20, 0xa0, 0x200c, 0x200d, 0x0964, 0x0965, 0x25cc])

export function scriptOf(codePoint: number): IndicScript | null {
  for (const [script, block] of SCRIPT_RANGES) if (codePoint >= block.from && codePoint <= block.to) return script
  return null
}

/** The string as runs of one font each, in order; '' gives no runs. */
export function splitRuns(text: string): TextRun[] {
  const runs: TextRun[] = []
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number
    const last = runs.at(-1)
    const font: RunFont = scriptOf(codePoint) ?? (SHARED.has(codePoint) && last ? last.font : 'latin')
    if (last && last.font === font) last.text += char
    else runs.push({ font, text: char })
  }
  return runs
}

/** Whether the string needs a font besides DejaVu (some letter of an Indian script). */
export function hasIndicText(text: string): boolean {
  return splitRuns(text).some((run) => run.font !== 'latin')
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>()

/** Registers DejaVu's two weights on a new document (as 'regular' and 'bold'); the Indian fonts come when used. */
export function registerFonts(pdf: PDFKit.PDFDocument): void {
  const { regular, bold } = loadFonts()
  pdf.registerFont('regular', regular as never)
  pdf.registerFont('bold', bold as never)
  registered.set(pdf, new Set())
}

/** The registered name of a run's font on this document, registering an Indian font on first use. */
function fontName(pdf: PDFKit.PDFDocument, font: RunFont, weight: FontWeight): string {
  if (font === 'latin') return weight
  const name = `${font}-${weight}`
  const names = registered.get(pdf) ?? new Set<string>()
  if (!names.has(name)) {
    pdf.registerFont(name, loadScriptFont(font, weight) as never)
    names.add(name)
    registered.set(pdf, names)
  }
  return name
}

/**
 * Ends an ActualText span in the coordinates its text was drawn in: pdfkit draws each piece of text
 * in an unflipped space with its font set, and leaves both at once; a reader places and sizes the
 * span's text with the transformation and font in force at its end (poppler put 'प्रिया' on its own
 * line, zero points high, otherwise).
 */
function endSpan(pdf: PDFKit.PDFDocument): void {
  const { _font: font, _fontSize: size } = pdf as unknown as { _font: { id: string }; _fontSize: number }
  pdf.save()
  pdf.transform(1, 0, 0, -1, 0, pdf.page.height)
  pdf.addContent(`/${font.id} ${size} Tf`)
  pdf.endMarkedContent()
  pdf.restore()
}

/**
 * Draws `text` as pdfkit's `text` would (at x, y when given, else where the last text left off),
 * each script in its own font; the runs of one string continue one another, wrapping as one text.
 */
export function writeText(
  pdf: PDFKit.PDFDocument,
  weight: FontWeight,
  text: string,
  at: { x: number; y: number } | null,
  options: PDFKit.Mixins.TextOptions = {},
): PDFKit.PDFDocument {
  const runs = splitRuns(text)
  if (runs.length === 0 || (runs.length === 1 && runs[0]?.font === 'latin')) {
    pdf.font(weight)
    return at ? pdf.text(text, at.x, at.y, options) : pdf.text(text, options)
  }
  runs.forEach((run, i) => {
    pdf.font(fontName(pdf, run.font, weight))
    const runOptions = { ...options, continued: i < runs.length - 1 }
    // Shaping puts glyphs in the order they are seen (ि before its consonant, a reph after it): the
    // run's own text rides along as ActualText, so copying or pdftotext gives the letters back in order.
    if (run.font !== 'latin') pdf.markContent('Span', { actual: run.text } as never)
    if (i === 0 && at) pdf.text(run.text, at.x, at.y, runOptions)
    else pdf.text(run.text, runOptions)
    if (run.font !== 'latin') endSpan(pdf)
  })
  return pdf.font(weight)
}
