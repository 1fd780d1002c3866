// The invoice writer (app/domain/orders/invoice-writer.ts) with pdfkit: draws an issued invoice, bill
// of supply or credit note (app/lib/invoice-document.ts) as an A4 PDF. Layout only: every figure
// comes from the document. The fonts (fonts.server.ts) are embedded as subsets; names, addresses
// and line descriptions print in any Indian script (script-text.server.ts, ADR 072).
import type { InvoiceWriter } from '~/domain/orders/invoice-writer'
import { formatDispatchDay } from '~/lib/dispatch'
import { formatDocumentDate, formatRate, type TaxLine } from '~/lib/gst'
import type { InvoiceDocument } from '~/lib/invoice-document'
import { formatPaise, formatPaiseFigure } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'
import { a4Pdf } from './a4-pdf.server'
import { writeText } from './script-text.server'

const MARGIN = 40
const PAGE = { width: 595.28, height: 841.89 }
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN
const GREY = '#555555'
const RULE = '#bbbbbb'

interface Column {
  label: string
  width: number
  align: 'left' | 'right' | 'center'
  cell: (line: TaxLine, index: number) => string
}

function columnsFor(doc: InvoiceDocument): Column[] {
  const money = (pick: (line: TaxLine) => number) => (line: TaxLine) => formatPaiseFigure(pick(line))
  const start: Column[] = [
    { label: '#', width: 18, align: 'left', cell: (_line, i) => String(i + 1) },
    { label: 'Description', width: 0, align: 'left', cell: (line) => line.description },
    { label: 'HSN/SAC', width: 44, align: 'left', cell: (line) => line.hsn },
    { label: 'Qty', width: 26, align: 'right', cell: (line) => String(line.quantity) },
    { label: 'Unit price (incl.)', width: 58, align: 'right', cell: (line) => formatPaiseFigure(line.unitPricePaise) },
  ]
  const tax: Column[] =
    doc.mode === 'none'
      ? []
      : [
          { label: 'Taxable value', width: 58, align: 'right', cell: money((l) => l.taxablePaise) },
          { label: 'GST', width: 32, align: 'right', cell: (line) => formatRate(line.ratePercent) },
          ...(doc.mode === 'intra'
            ? ([
                { label: 'CGST', width: 48, align: 'right', cell: money((l) => l.cgstPaise) },
                { label: 'SGST', width: 48, align: 'right', cell: money((l) => l.sgstPaise) },
              ] as Column[])
            : ([{ label: 'IGST', width: 52, align: 'right', cell: money((l) => l.igstPaise) }] as Column[])),
        ]
  const columns = [...start, ...tax, { label: 'Amount', width: 62, align: 'right', cell: money((l) => l.grossPaise) } as Column]
  const used = columns.reduce((sum, c) => sum + c.width, 0)
  return columns.map((c) => (c.width === 0 ? { ...c, width: CONTENT_WIDTH - used } : c))
}

/** The PDF of an issued document. */
function invoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const info = { Title: `${doc.title} ${doc.number}`, Author: doc.seller.name, Subject: `Order ${formatOrderNumber(doc.orderNumber)}` }
  return a4Pdf({ margin: MARGIN, info }, (pdf) => draw(pdf, doc))
}

function draw(pdf: PDFKit.PDFDocument, doc: InvoiceDocument) {
  let y = MARGIN
  // Title and the document's number, date and order.
  pdf.font('bold').fontSize(18).fillColor('black').text(doc.title, MARGIN, y)
  const facts = [
    [`${doc.kind === 'credit-note' ? 'Credit note' : doc.title} no.`, doc.number],
    ['Date', formatDocumentDate(doc.issuedAt)],
    ['Order', `${formatOrderNumber(doc.orderNumber)} of ${formatDocumentDate(doc.orderDate)}`],
    ...(doc.against ? [['Against invoice', `${doc.against.number} of ${formatDocumentDate(doc.against.issuedAt)}`]] : []),
    ...(doc.kind === 'invoice' && doc.dispatchBy ? [['Dispatch by', formatDispatchDay(doc.dispatchBy)]] : []),
  ]
  let factsY = y
  for (const [label, value] of facts) {
    pdf.font('regular').fontSize(8).fillColor(GREY).text(`${label}:`, MARGIN + CONTENT_WIDTH - 300, factsY, { width: 95, align: 'right' })
    pdf.font('bold').fontSize(8).fillColor('black').text(value ?? '', MARGIN + CONTENT_WIDTH - 200, factsY, { width: 200, align: 'left' })
    factsY = pdf.y + 2
  }
  y = Math.max(factsY, y + 24) + 8
  if (doc.testMode) {
    pdf.rect(MARGIN, y, CONTENT_WIDTH, 18).fill('#fde68a')
    pdf.font('bold').fontSize(9).fillColor('#7c2d12').text('TEST MODE: no money moved. This is not a tax document.', MARGIN + 6, y + 5)
    y += 26
  }

  // Seller, buyer and ship-to side by side.
  const third = CONTENT_WIDTH / 3
  const parties = [
    { heading: 'Sold by', party: doc.seller, extra: doc.seller.gstin ? [`GSTIN: ${doc.seller.gstin}`] : ['Not registered under GST'] },
    { heading: 'Billed to', party: doc.buyer, extra: [] },
    { heading: 'Ship to', party: doc.shipTo, extra: [`Place of supply: ${doc.placeOfSupply}`] },
  ]
  let partiesBottom = y
  parties.forEach(({ heading, party, extra }, i) => {
    const x = MARGIN + i * third
    const width = third - 10
    pdf.font('regular').fontSize(7).fillColor(GREY).text(heading.toUpperCase(), x, y, { width })
    writeText(pdf.fontSize(9).fillColor('black'), 'bold', party.name, null, { width })
    pdf.fontSize(8)
    for (const line of [...party.lines, ...extra]) writeText(pdf, 'regular', line, null, { width })
    partiesBottom = Math.max(partiesBottom, pdf.y)
  })
  y = partiesBottom + 12

  // The lines.
  const columns = columnsFor(doc)
  y = drawHeaderRow(pdf, columns, y)
  doc.lines.forEach((line, index) => {
    const description = [line.description, ...line.details].join('\n')
    const descriptionColumn = columns[1] as Column
    pdf.font('regular').fontSize(8)
    const height = Math.max(pdf.heightOfString(description, { width: descriptionColumn.width - 4 }), 10) + 6
    if (y + height > PAGE.height - MARGIN - 120) {
      pdf.addPage()
      y = drawHeaderRow(pdf, columns, MARGIN)
    }
    let x = MARGIN
    for (const column of columns) {
      const text = column === descriptionColumn ? description : column.cell(line, index)
      writeText(pdf.fontSize(8).fillColor('black'), 'regular', text, { x: x + 2, y: y + 3 }, {
        width: column.width - 4,
        align: column.align,
      })
      x += column.width
    }
    y += height
    pdf.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke()
  })

  // Totals, right-aligned under the amounts.
  y += 8
  const totals: [string, string][] =
    doc.mode === 'none'
      ? []
      : [
          ['Taxable value', formatPaise(doc.totals.taxablePaise)],
          ...((doc.mode === 'intra'
            ? [
                ['CGST', formatPaise(doc.totals.cgstPaise)],
                ['SGST', formatPaise(doc.totals.sgstPaise)],
              ]
            : [['IGST', formatPaise(doc.totals.igstPaise)]]) as [string, string][]),
        ]
  totals.push([doc.kind === 'credit-note' ? 'Total credited' : 'Total', formatPaise(doc.totals.grossPaise)])
  if (y + totals.length * 14 + 60 > PAGE.height - MARGIN) {
    pdf.addPage()
    y = MARGIN
  }
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1
    pdf.font(last ? 'bold' : 'regular').fontSize(last ? 10 : 9).fillColor('black')
    pdf.text(label, MARGIN + CONTENT_WIDTH - 220, y, { width: 120, align: 'right' })
    pdf.text(value, MARGIN + CONTENT_WIDTH - 100, y, { width: 100, align: 'right' })
    y += last ? 16 : 13
  })
  pdf.font('regular').fontSize(8).fillColor(GREY).text('Amount in words', MARGIN, y + 4)
  pdf.font('bold').fontSize(9).fillColor('black').text(doc.totalInWords, MARGIN, pdf.y + 1, { width: CONTENT_WIDTH })
  y = pdf.y + 14

  const notes = [
    doc.mode === 'none'
      ? 'The seller is not registered under GST: no tax is charged on this bill of supply.'
      : 'Prices include GST. Tax payable on reverse charge: No.',
    doc.kind === 'credit-note' ? 'This credit note reverses the invoice named above in full.' : '',
    'This is a computer-generated document and needs no signature.',
  ].filter(Boolean)
  pdf.font('regular').fontSize(7).fillColor(GREY).text(notes.join('\n'), MARGIN, y, { width: CONTENT_WIDTH })
}

function drawHeaderRow(pdf: PDFKit.PDFDocument, columns: Column[], top: number): number {
  const height = 22
  pdf.rect(MARGIN, top, CONTENT_WIDTH, height).fill('#eeeeee')
  let x = MARGIN
  for (const column of columns) {
    pdf.font('bold').fontSize(7).fillColor('black').text(column.label, x + 2, top + 3, { width: column.width - 4, align: column.align })
    x += column.width
  }
  return top + height
}

/** The shop's one invoice writer: documents are drawn the same way in every process. */
export const pdfInvoiceWriter: InvoiceWriter = { pdf: invoicePdf }
