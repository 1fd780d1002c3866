// The packing slip as an A4 PDF with pdfkit (ADR 072): one order a page (a long order runs on,
// headed again), the personalisation in large type for the maker, no prices (the slip travels in
// the parcel, which is often a gift). Names and addresses print in any Indian script (script-text).
import { formatDispatchDay } from '~/lib/dispatch'
import { formatDocumentDate } from '~/lib/gst'
import { formatOrderNumber } from '~/lib/order-status'
import type { PackingSlip, PackingSlipLine } from '~/lib/packing-slip'
import { a4Pdf } from './a4-pdf.server'
import { writeText } from './script-text.server'

const MARGIN = 40
const PAGE = { width: 595.28, height: 841.89 }
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const GREY = '#555555'
const RULE = '#bbbbbb'
const QTY_WIDTH = 44
const TICK = 12
const ITEM_X = MARGIN + QTY_WIDTH + TICK + 10
const ITEM_WIDTH = CONTENT_WIDTH - (ITEM_X - MARGIN)
/** The personalisation's size: what the maker copies letter by letter. */
const VALUE_SIZE = 18

/** The slips of one or more orders as one PDF, each order from a new page. */
export function packingSlipPdf(slips: readonly PackingSlip[]): Promise<Buffer> {
  const title = slips.length === 1 ? `Packing slip ${formatOrderNumber(slips[0]?.orderNumber ?? 0)}` : `Packing slips (${slips.length} orders)`
  return a4Pdf({ margin: MARGIN, autoFirstPage: false, info: { Title: title } }, (pdf) => {
    for (const slip of slips) drawSlip(pdf, slip)
  })
}

function drawSlip(pdf: PDFKit.PDFDocument, slip: PackingSlip) {
  pdf.addPage()
  let y = drawHeading(pdf, slip, false)

  // From and ship to, side by side; the ship-to larger (it is copied onto the parcel).
  const half = CONTENT_WIDTH / 2
  pdf.fontSize(7).fillColor(GREY)
  writeText(pdf, 'regular', 'FROM', { x: MARGIN, y })
  pdf.fontSize(9).fillColor('black')
  writeText(pdf, 'bold', slip.studio.name, null, { width: half - 12 })
  pdf.fontSize(8)
  for (const line of slip.studio.lines) writeText(pdf, 'regular', line, null, { width: half - 12 })
  const fromBottom = pdf.y
  pdf.fontSize(7).fillColor(GREY)
  writeText(pdf, 'regular', 'SHIP TO', { x: MARGIN + half, y })
  pdf.fontSize(12).fillColor('black')
  writeText(pdf, 'bold', slip.shipTo.name, null, { width: half })
  pdf.fontSize(10)
  for (const line of slip.shipTo.lines) writeText(pdf, 'regular', line, null, { width: half })
  if (slip.shipTo.phone) writeText(pdf, 'bold', `Phone: ${slip.shipTo.phone}`, null, { width: half })
  y = Math.max(fromBottom, pdf.y) + 12

  if (slip.note) {
    pdf.fontSize(10)
    const height = pdf.heightOfString(slip.note, { width: CONTENT_WIDTH - 16 }) + 26
    pdf.rect(MARGIN, y, CONTENT_WIDTH, height).lineWidth(0.8).strokeColor(RULE).stroke()
    pdf.fontSize(7).fillColor(GREY)
    writeText(pdf, 'regular', 'NOTE FROM THE SHOPPER', { x: MARGIN + 8, y: y + 6 })
    pdf.fontSize(10).fillColor('black')
    writeText(pdf, 'regular', slip.note, { x: MARGIN + 8, y: y + 17 }, { width: CONTENT_WIDTH - 16 })
    y += height + 12
  }

  y = drawLinesHeader(pdf, y)
  for (const line of slip.lines) {
    const height = lineHeight(pdf, line)
    if (y + height > PAGE.height - MARGIN - 30) {
      pdf.addPage()
      y = drawLinesHeader(pdf, drawHeading(pdf, slip, true))
    }
    drawLine(pdf, line, y)
    y += height
    pdf.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke()
  }
  const pieces = slip.lines.reduce((sum, line) => sum + line.quantity, 0)
  pdf.fontSize(9).fillColor('black')
  writeText(pdf, 'bold', `${pieces} ${pieces === 1 ? 'piece' : 'pieces'} in ${slip.lines.length} ${slip.lines.length === 1 ? 'line' : 'lines'}`, {
    x: MARGIN,
    y: y + 8,
  })
  pdf.fontSize(7).fillColor(GREY)
  writeText(pdf, 'regular', 'No prices on this slip: the parcel may be a gift. The invoice is sent to the buyer by mail.', { x: MARGIN, y: pdf.y + 4 })
}

/** The title, the order's facts and the dispatch day; on a continued page, a shorter title. Answers the y below it. */
function drawHeading(pdf: PDFKit.PDFDocument, slip: PackingSlip, continued: boolean): number {
  const y = MARGIN
  pdf.fontSize(18).fillColor('black')
  writeText(pdf, 'bold', continued ? 'Packing slip (continued)' : 'Packing slip', { x: MARGIN, y })
  const facts: [string, string][] = [
    ['Order', formatOrderNumber(slip.orderNumber)],
    ['Ordered', formatDocumentDate(slip.orderDate)],
    ...(slip.dispatchBy ? ([['Dispatch by', formatDispatchDay(slip.dispatchBy)]] as [string, string][]) : []),
  ]
  let factsY = y
  for (const [label, value] of facts) {
    pdf.fontSize(9).fillColor(GREY)
    writeText(pdf, 'regular', `${label}:`, { x: MARGIN + CONTENT_WIDTH - 260, y: factsY }, { width: 110, align: 'right' })
    pdf.fontSize(label === 'Dispatch by' ? 12 : 10).fillColor('black')
    writeText(pdf, 'bold', value, { x: MARGIN + CONTENT_WIDTH - 140, y: factsY - (label === 'Dispatch by' ? 2 : 1) }, { width: 140 })
    factsY = pdf.y + 3
  }
  let bottom = Math.max(factsY, y + 26) + 8
  if (slip.testMode) {
    pdf.rect(MARGIN, bottom, CONTENT_WIDTH, 18).fill('#fde68a')
    pdf.fontSize(9).fillColor('#7c2d12')
    writeText(pdf, 'bold', 'TEST MODE: no money moved. Do not send this order.', { x: MARGIN + 6, y: bottom + 5 })
    bottom += 26
  }
  return bottom
}

function drawLinesHeader(pdf: PDFKit.PDFDocument, top: number): number {
  pdf.rect(MARGIN, top, CONTENT_WIDTH, 18).fill('#eeeeee')
  pdf.fontSize(8).fillColor('black')
  writeText(pdf, 'bold', 'Qty', { x: MARGIN + 4, y: top + 5 }, { width: QTY_WIDTH - 8, align: 'right' })
  writeText(pdf, 'bold', 'Packed', { x: MARGIN + QTY_WIDTH - 2, y: top + 5 })
  writeText(pdf, 'bold', 'Piece, choice and personalisation', { x: ITEM_X + 14, y: top + 5 })
  return top + 18
}

function detailWords(line: PackingSlipLine): string {
  return [...line.choice, line.sku ? `SKU: ${line.sku}` : ''].filter(Boolean).join('  ·  ')
}

/** How tall a line is drawn (measured in the Latin font: the Indian ones are no taller at these sizes). */
function lineHeight(pdf: PDFKit.PDFDocument, line: PackingSlipLine): number {
  let height = 10
  pdf.font('bold').fontSize(11)
  height += pdf.heightOfString(line.title, { width: ITEM_WIDTH })
  const details = detailWords(line)
  pdf.font('regular').fontSize(9)
  if (details) height += pdf.heightOfString(details, { width: ITEM_WIDTH }) + 2
  for (const [, value] of line.personalization) {
    pdf.font('regular').fontSize(8)
    height += 12
    pdf.font('bold').fontSize(VALUE_SIZE)
    height += pdf.heightOfString(value, { width: ITEM_WIDTH - 8 }) * 1.25 + 2
  }
  return height + 6
}

function drawLine(pdf: PDFKit.PDFDocument, line: PackingSlipLine, top: number) {
  pdf.fontSize(14).fillColor('black')
  writeText(pdf, 'bold', String(line.quantity), { x: MARGIN + 4, y: top + 7 }, { width: QTY_WIDTH - 8, align: 'right' })
  pdf.rect(MARGIN + QTY_WIDTH + 8, top + 8, TICK, TICK).lineWidth(0.8).strokeColor('black').stroke()
  pdf.fontSize(11).fillColor('black')
  writeText(pdf, 'bold', line.title, { x: ITEM_X + 14, y: top + 7 }, { width: ITEM_WIDTH - 14 })
  const details = detailWords(line)
  if (details) {
    pdf.fontSize(9).fillColor(GREY)
    writeText(pdf, 'regular', details, { x: ITEM_X + 14, y: pdf.y + 2 }, { width: ITEM_WIDTH - 14 })
  }
  for (const [label, value] of line.personalization) {
    pdf.fontSize(8).fillColor(GREY)
    writeText(pdf, 'regular', label, { x: ITEM_X + 14, y: pdf.y + 4 }, { width: ITEM_WIDTH - 14 })
    pdf.fontSize(VALUE_SIZE).fillColor('black')
    writeText(pdf, 'bold', value, { x: ITEM_X + 22, y: pdf.y + 1 }, { width: ITEM_WIDTH - 22 })
  }
}
