// The packing slip writer on its own, read back with poppler's pdftotext: every part of a slip, names
// and addresses in Hindi and Tamil, no prices, a long order over two pages, several orders in one PDF.
// Which orders get slips and what a slip says is tested in app/domain/orders/packing-slips.server.test.ts.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { PackingSlip } from '~/lib/packing-slip'
import { packingSlipPdf } from './packing-slip-pdf.server'

const HINDI_NAME = 'प्रिया क्षत्रिय'
const TAMIL_NAME = 'ஸ்ரீ லக்ஷ்மி'

function slip(overrides: Partial<PackingSlip> = {}): PackingSlip {
  return {
    orderNumber: 1042,
    orderDate: '2026-11-24T09:00:00.000Z',
    dispatchBy: '2026-12-04',
    testMode: false,
    studio: { name: 'Resin Craft Studio', lines: ['12 Lavelle Road, Ashok Nagar', 'Bengaluru 560001'] },
    shipTo: { name: 'मीरा नायर', lines: ['14 गांधी मार्ग', 'Chennai 600001', 'Tamil Nadu, India'], phone: '+919845012345' },
    note: 'A gift: please leave it with the neighbour.',
    lines: [
      {
        title: 'Name bookmark',
        choice: ['Size: Slim', 'Colour: Teal'],
        quantity: 2,
        sku: 'BM-SLIM-TEAL',
        personalization: [
          ['Name to engrave', HINDI_NAME],
          ['Date', '2026-02-14'],
        ],
      },
      { title: 'Ocean pendant', choice: [], quantity: 1, sku: null, personalization: [['Name to engrave', TAMIL_NAME]] },
    ],
    ...overrides,
  }
}

function pdfText(content: Buffer): string {
  return execFileSync('pdftotext', ['-', '-'], { input: content }).toString('utf8')
}

describe('packingSlipPdf', () => {
  it('draws the studio, the order, its dispatch day, the ship-to and each line with its personalisation, in Hindi and Tamil too', async () => {
    const content = await packingSlipPdf([slip()])
    expect(content.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(content)
    for (const words of [
      'Packing slip',
      '#1042',
      '24 Nov 2026',
      'Dispatch by',
      'Fri 4 Dec',
      'Resin Craft Studio',
      'Bengaluru 560001',
      'मीरा नायर',
      'गांधी मार्ग',
      'Phone: +919845012345',
      'A gift: please leave it with the neighbour.',
      'Name bookmark',
      'Size: Slim',
      'Colour: Teal',
      'SKU: BM-SLIM-TEAL',
      'Name to engrave',
      HINDI_NAME,
      '2026-02-14',
      'Ocean pendant',
      TAMIL_NAME,
      '3 pieces in 2 lines',
    ]) {
      expect(text).toContain(words)
    }
    // No prices: neither a rupee sign nor an amount.
    expect(text).not.toMatch(/₹|Rs\.?\s?\d/)
  })

  it('leaves out what an order does not have: no dispatch day, no note, no SKU', async () => {
    const text = pdfText(await packingSlipPdf([slip({ dispatchBy: null, note: '', lines: [{ title: 'Coaster', choice: [], quantity: 1, sku: null, personalization: [] }] })]))
    expect(text).toContain('Coaster')
    expect(text).not.toContain('Dispatch by')
    expect(text).not.toContain('NOTE FROM THE SHOPPER')
    expect(text).not.toContain('SKU')
  })

  it('marks a TEST MODE order', async () => {
    expect(pdfText(await packingSlipPdf([slip({ testMode: true })]))).toContain('TEST MODE: no money moved. Do not send this order.')
  })

  it('runs a long order onto a second page, headed again, and starts each order on a page of its own', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({ title: `Coaster no. ${i + 1}`, choice: ['Size: Large'], quantity: 1, sku: null, personalization: [['Name', `Asha ${i + 1}`]] as [string, string][] }))
    const content = await packingSlipPdf([slip({ lines }), slip({ orderNumber: 1043 })])
    const pages = pdfText(content).split('\f').filter((page) => page.trim() !== '')
    expect(pages.length).toBeGreaterThanOrEqual(3)
    expect(pages[1]).toContain('Packing slip (continued)')
    expect(pages[1]).toContain('#1042')
    expect(pages.at(-2)).toContain('Coaster no. 30')
    expect(pages.at(-1)).toContain('#1043')
    expect(pages.at(-1)).not.toContain('Coaster no.')
  })
})
