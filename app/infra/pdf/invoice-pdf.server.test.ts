// The pdfkit invoice writer on its own: documents built by app/lib/invoice-document.ts, drawn, and
// read back as text with poppler's pdftotext. How invoices are issued and numbered is tested in
// app/domain/orders/invoices.server.test.ts.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { buildCreditNote, buildInvoice, type InvoiceOrder } from '~/lib/invoice-document'
import { parseInvoiceSettings } from '~/lib/invoice-settings'
import { woffToSfnt } from './fonts.server'
import { pdfInvoiceWriter } from './invoice-pdf.server'

const settings = parseInvoiceSettings({})

function order(lines: InvoiceOrder['lines']): InvoiceOrder {
  return {
    number: 1042,
    orderDate: '2026-11-24T09:00:00.000Z',
    testMode: false,
    userName: 'Asha Rao',
    email: 'asha@example.com',
    address: {
      name: '',
      addressLine: '221 Residency Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400001',
      country: 'India',
      phone: '+919845012345',
      landmark: '',
      notes: '',
    },
    lines,
    deliveryFeePaise: 0,
    totalAmountPaise: lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0),
  }
}

const pendant = { title: 'Ocean pendant', variety: '', varietyLabel: null, color: 'Teal', quantity: 1, unitPricePaise: 149_900, category: 'jewellery' as const }

function pdfText(content: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: content }).toString('utf8')
}

describe('pdfInvoiceWriter', () => {
  it('draws every part of the document, rupee signs included', async () => {
    const invoice = buildInvoice({ order: order([pendant]), settings, number: 'INV/2026-27/000007', issuedAt: '2026-11-25T10:00:00.000Z' })
    const content = await pdfInvoiceWriter.pdf(invoice)
    expect(content.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(content)
    expect(text).toContain('Tax Invoice')
    expect(text).toContain('INV/2026-27/000007')
    expect(text).toContain('Place of supply: Maharashtra (27)')
    expect(text).toContain('Colour: Teal')
    expect(text).toMatch(/IGST\s+₹43.66/)
    expect(text).toMatch(/Total\s+₹1,499.00/)
    expect(text).toContain(invoice.totalInWords)
    expect(text).toContain('This is a computer-generated document and needs no signature.')
  })

  it('draws a credit note with the invoice it reverses', async () => {
    const invoice = buildInvoice({ order: order([pendant]), settings, number: 'INV/2026-27/000007', issuedAt: '2026-11-25T10:00:00.000Z' })
    const text = pdfText(await pdfInvoiceWriter.pdf(buildCreditNote(invoice, { number: 'CN/2026-27/000001', issuedAt: '2026-12-02T06:00:00.000Z' })))
    expect(text).toContain('Against invoice: INV/2026-27/000007 of 25 Nov 2026')
    expect(text).toMatch(/Total credited\s+₹1,499.00/)
  })

  it('prints names and addresses in Hindi and Tamil, conjuncts and all, and reads them back', async () => {
    const named = order([
      { ...pendant, personalization: { 'Name to engrave': 'प्रिया क्षत्रिय' } },
      { ...pendant, title: 'Name bookmark', personalization: { 'Name to engrave': 'ஸ்ரீ லக்ஷ்மி' } },
    ])
    named.address = { ...named.address, name: 'मीरा नायर', addressLine: '14 காந்தி தெரு' }
    const text = pdfText(await pdfInvoiceWriter.pdf(buildInvoice({ order: named, settings, number: 'INV/2026-27/000009', issuedAt: '2026-11-25T10:00:00.000Z' })))
    // pdftotext -layout may widen the space before a run of another script.
    expect(text).toMatch(/Name to engrave:\s+प्रिया क्षत्रिय/)
    expect(text).toMatch(/Name to engrave:\s+ஸ்ரீ லக்ஷ்மி/)
    expect(text).toContain('मीरा नायर')
    expect(text).toMatch(/14\s+காந்தி தெரு/)
  })

  it("says by when the order leaves the studio, where it has a dispatch day (not on the credit note)", async () => {
    const invoice = buildInvoice({ order: { ...order([pendant]), dispatchBy: '2026-12-04' }, settings, number: 'INV/2026-27/000010', issuedAt: '2026-11-25T10:00:00.000Z' })
    expect(pdfText(await pdfInvoiceWriter.pdf(invoice))).toMatch(/Dispatch by:\s+Fri 4 Dec/)
    const creditNote = buildCreditNote(invoice, { number: 'CN/2026-27/000002', issuedAt: '2026-12-02T06:00:00.000Z' })
    expect(pdfText(await pdfInvoiceWriter.pdf(creditNote))).not.toContain('Dispatch by')
    const without = buildInvoice({ order: order([pendant]), settings, number: 'INV/2026-27/000011', issuedAt: '2026-11-25T10:00:00.000Z' })
    expect(pdfText(await pdfInvoiceWriter.pdf(without))).not.toContain('Dispatch by')
  })

  it('goes on to a second page, headed again, when the lines do not fit on one', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ ...pendant, title: `Pendant no. ${i + 1}` }))
    const text = pdfText(await pdfInvoiceWriter.pdf(buildInvoice({ order: order(lines), settings, number: 'INV/2026-27/000008', issuedAt: '2026-11-25T10:00:00.000Z' })))
    const pages = text.split('\f').filter((page) => page.trim() !== '')
    expect(pages.length).toBeGreaterThan(1)
    expect(pages[1]).toContain('Description')
    expect(text).toContain('Pendant no. 40')
  })
})

describe('woffToSfnt', () => {
  const require = createRequire(import.meta.url)
  const woff = readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'))

  it('unwraps the TrueType font a WOFF holds: its flavour, every table, each inflated to its full length', () => {
    const sfnt = woffToSfnt(woff)
    const tables = woff.readUInt16BE(12)
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4))
    expect(sfnt.readUInt16BE(4)).toBe(tables)
    for (let i = 0; i < tables; i++) {
      const record = 12 + i * 16
      expect(sfnt.readUInt32BE(record)).toBe(woff.readUInt32BE(44 + i * 20))
      expect(sfnt.readUInt32BE(record + 12)).toBe(woff.readUInt32BE(44 + i * 20 + 12))
    }
  })

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2....'))).toThrow('Not a WOFF 1.0 font')
  })
})
