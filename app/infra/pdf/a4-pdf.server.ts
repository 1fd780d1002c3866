// One A4 document in our fonts, drawn by the caller and read back as bytes: the invoice, the credit
// note, the packing slips and the test courier's labels (ADR 054, 072).
//
// pdfkit and the fonts (fontkit and its Unicode tables) are imported on the first document, not when
// this file is: the server imports it at start (the test courier's labels), while on a running shop
// documents are drawn on the PDF thread; loaded eagerly they cost the request thread about 0.4 s and
// their heap at every start (ADR 097).

export interface A4Options {
  margin: number
  info: PDFKit.DocumentInfo
  /** False when the drawing adds each page itself (a slip per order). */
  autoFirstPage?: boolean
}

/** Draws the document with `draw` and answers its bytes once pdfkit has written them all. */
export async function a4Pdf({ margin, info, autoFirstPage = true }: A4Options, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const [{ default: PDFDocument }, { loadFonts }, { registerFonts }] = await Promise.all([import('pdfkit'), import('./fonts.server'), import('./script-text.server')])
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
