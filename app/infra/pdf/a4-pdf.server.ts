// One A4 document in our fonts, drawn by the caller and read back as bytes: the invoice, the credit
// note and the packing slips (ADR 054, 072).
import PDFDocument from 'pdfkit'
import { loadFonts } from './fonts.server'
import { registerFonts } from './script-text.server'

export interface A4Options {
  margin: number
  info: PDFKit.DocumentInfo
  /** False when the drawing adds each page itself (a slip per order). */
  autoFirstPage?: boolean
}

/** Draws the document with `draw` and answers its bytes once pdfkit has written them all. */
export function a4Pdf({ margin, info, autoFirstPage = true }: A4Options, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    // Our font from the start: the default (Helvetica) would parse its metrics file per document.
    font: loadFonts().regular as never,
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
  registerFonts(pdf)
  draw(pdf)
  pdf.end()
  return done
}
